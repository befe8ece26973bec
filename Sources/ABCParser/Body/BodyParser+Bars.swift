import ScoreModel

/// Bar lines, repeats and endings.
///
/// Method: a bar token is read as `:*` (repeat end), a body (`|`, `||`, `|]`, `[|`,
/// `[|]`, `.|`), `:*` (repeat start), then an optional ending label glued on (`|1`,
/// `:|2`, `|[1,3`). Colons alone (`::`) are a double bar with repeats both ways.
/// Odd shapes are read leniently: a run of `|` is a double bar, a lone `:` is a
/// dotted bar (abcm2ps).
///
/// Example: `:|2` → single bar, repeat end, ending "2"; `:||:` → double, both repeats.
///
/// Repeat counts (§4.8): every colon past the first adds a pass, so `::|` and `|::` are
/// played three times (`repeatCount` 3); a bar made only of colons splits them in two
/// (`::` 2, `::::` 3).
extension BodyParser {
  /// Reads one bar token at the scanner.
  mutating func parseBar(_ scanner: inout LineScanner) {
    let start = scanner.position
    var leadingColons = 0
    while scanner.consume(":") { leadingColons += 1 }
    var style: BarStyle?
    if scanner.peek() == ".", scanner.peek(1) == "|" {
      scanner.position += 2
      style = .dotted
    } else if scanner.peek() == "[", scanner.peek(1) == "|" {
      scanner.position += 2
      style = scanner.consume("]") ? .invisible : .thickThin
    } else if scanner.peek() == "|" {
      var count = 0
      while scanner.consume("|") { count += 1 }
      style = scanner.consume("]") ? .thinThick : (count >= 2 ? .double : .single)
    }
    var trailingColons = 0
    while scanner.consume(":") { trailingColons += 1 }
    var bar: BarLine
    if let style {
      bar = BarLine(
        style: style, repeatsEnd: leadingColons > 0, repeatsStart: trailingColons > 0,
        range: scanner.range(from: start))
    } else if leadingColons >= 2 {
      bar = BarLine(style: .double, repeatsEnd: true, repeatsStart: true, range: scanner.range(from: start))
      leadingColons /= 2
    } else {
      // A lone `:` is abcm2ps's dotted bar line.
      bar = BarLine(style: .dotted, range: scanner.range(from: start))
    }
    if bar.repeatsEnd || bar.repeatsStart {
      bar.repeatCount = min(max(leadingColons, trailingColons) + 1, Limits.repeatPasses)
    }
    if let next = scanner.peek(), next.asciiDigit != nil, style != .invisible {
      bar.ending = readEndingLabel(&scanner)
    } else if scanner.peek() == "[", let digit = scanner.peek(1), digit.asciiDigit != nil {
      scanner.advance()
      bar.ending = readEndingLabel(&scanner)
    }
    bar.range = scanner.range(from: start)
    appendBarLine(bar)
  }

  /// Reads an ending label: numbers joined by `,` and `-` (`1`, `1,3`, `1-3,5`), or a
  /// quoted text (`"last time"`, the 2.2 draft).
  mutating func readEndingLabel(_ scanner: inout LineScanner) -> String {
    if scanner.peek() == "\"" {
      let start = scanner.position
      scanner.advance()
      let text = scanner.read { $0 != "\"" }
      if !scanner.consume("\"") {
        diagnostics.error(
          "unterminated string: missing '\"'", at: scanner.line.range(from: start, to: start + 1))
      }
      return text
    }
    var label = ""
    while let digit = scanner.peek(), digit.asciiDigit != nil {
      label += scanner.read { $0.asciiDigit != nil }
      guard let separator = scanner.peek(), separator == "," || separator == "-" || separator == ".",
        scanner.peek(1)?.asciiDigit != nil
      else { break }
      scanner.advance()
      label.unicodeScalars.append(separator)
    }
    return label
  }
}
