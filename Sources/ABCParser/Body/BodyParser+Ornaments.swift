import ScoreModel

/// Things around notes that the model does not hold yet, and rhythm marks.
///
/// Chord symbols and annotations (`"Am"`, `"^text"`), decorations (`!trill!`,
/// `+trill+`), grace notes (`{gAG}`) and slurs are recognised and skipped so the
/// notes around them parse; tuplets (`(3`, `(p:q:r`) and broken rhythm (`>`, `<`)
/// change the durations of the notes that follow.
extension BodyParser {
  /// Skips a quoted chord symbol or annotation.
  mutating func skipString(_ scanner: inout LineScanner) {
    let start = scanner.position
    scanner.advance()
    while let scalar = scanner.advance() {
      if scalar == "\\" {
        scanner.advance()
      } else if scalar == "\"" {
        // TODO(issue 3): keep chord symbols and annotations on the next note.
        return
      }
    }
    diagnostics.error("unterminated string: missing '\"'", at: scanner.line.range(from: start, to: start + 1))
  }

  /// Reads `!`: a line break under `I:linebreak !`, else a decoration.
  mutating func parseBang(_ scanner: inout LineScanner) {
    if settings.lineBreaks.atBang {
      scanner.advance()
      builder.append(.lineBreak(scanner.range(from: scanner.position - 1)))
    } else {
      skipDecoration(&scanner, delimiter: "!")
    }
  }

  /// Skips `!name!` or `+name+`; a delimiter with no valid name after it is reported.
  mutating func skipDecoration(_ scanner: inout LineScanner, delimiter: Unicode.Scalar) {
    let start = scanner.position
    scanner.advance()
    var probe = scanner
    let name = probe.read {
      $0 != delimiter && !$0.properties.isWhitespace && !"[]|:".unicodeScalars.contains($0)
    }
    if probe.consume(delimiter), !name.isEmpty {
      // TODO(issue 3): keep decorations on the next note, bar or rest.
      scanner = probe
      return
    }
    probe = scanner
    probe.skipWhitespace()
    if probe.isAtEnd && delimiter == "!" {
      return  // A lone `!` ending a line: the ABC 2.0 line break, which EOL gives anyway.
    }
    diagnostics.warning(
      "unterminated decoration: missing closing '\(Character(delimiter))'",
      at: scanner.line.range(from: start, to: start + 1))
    if !name.isEmpty, name.unicodeScalars.allSatisfy(\.isASCIILetter) {
      scanner.position += name.unicodeScalars.count  // Skip the name too, not as notes.
    }
  }

  /// Skips a grace note group `{…}`.
  mutating func skipGraceNotes(_ scanner: inout LineScanner) {
    let start = scanner.position
    scanner.advance()
    var probe = scanner
    _ = probe.read { $0 != "}" }
    if probe.consume("}") {
      // TODO(issue 3): keep grace notes (they take no time and ignore broken rhythm).
      scanner = probe
      return
    }
    diagnostics.error(
      "unterminated grace notes: missing '}'", at: scanner.line.range(from: start, to: start + 1))
    scanner.position = scanner.end  // The rest of the line is the open group.
  }

  /// Reads `(`: a tuplet `(p:q:r` when a digit follows, else a slur start.
  mutating func parseOpenParenthesis(_ scanner: inout LineScanner) {
    let start = scanner.position
    scanner.advance()
    guard let p = scanner.readNumber() else {
      _ = scanner.consume("'") || scanner.consume(",")  // abcm2ps slur direction.
      return  // TODO(issue 3): slurs.
    }
    var q: Int?
    var r: Int?
    if scanner.consume(":") {
      q = scanner.readNumber()
      if scanner.consume(":") { r = scanner.readNumber() }
    }
    let range = scanner.range(from: start)
    guard (1...64).contains(p), (1...64).contains(q ?? 1), (1...64).contains(r ?? 1) else {
      diagnostics.error("bad tuplet", at: range)
      return
    }
    let numerator = q ?? TupletState.defaultQ(for: p, meter: builder.meter)
    // TODO(issue 3): keep the tuplet bracket for layout.
    builder.tuplet = TupletState(remaining: r ?? p, factor: Rational(numerator, p))
  }

  /// Reads `>`, `>>`, `<` …: lengthens one side of a note pair, shortens the other.
  mutating func parseBrokenRhythm(_ scanner: inout LineScanner) {
    let start = scanner.position
    guard let arrow = scanner.peek() else { return }
    var count = 0
    while scanner.consume(arrow) { count += 1 }
    if count > 3 {
      diagnostics.error("too many '\(Character(arrow))' in broken rhythm", at: scanner.range(from: start))
    }
    let factors = BrokenRhythm.factors(count: count, dotsFirst: arrow == ">")
    if builder.scaleLastDuration(by: factors.before) {
      builder.pendingBrokenFactor = factors.after
    } else {
      diagnostics.warning("broken rhythm does not follow a note", at: scanner.range(from: start))
    }
  }
}
