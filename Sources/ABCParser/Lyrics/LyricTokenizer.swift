import ScoreModel

/// One item of a `w:` line.
enum LyricToken {
  /// A syllable for the next note; `continuesWord` when a `-` follows it.
  case syllable(String, continuesWord: Bool, range: SourceRange)
  /// `*`, or a second `-`: the next note gets nothing.
  case skip(SourceRange)
  /// `_`: the previous syllable is held over the next note.
  case hold(SourceRange)
  /// `|`: go on after the next bar line.
  case bar(SourceRange)
}

/// Cuts a `w:` line into tokens (ABC 2.1 §5.1).
///
/// Method: one pass over the scalars. Spaces end a word; `-` ends a syllable inside a
/// word (a `-` with no syllable before it, as in `a--ble`, skips a note); `_` holds
/// the last syllable one more note; `*` skips a note; `~` is a space inside one
/// syllable; `\-` a literal hyphen; `|` jumps to the next bar. Other backslash and
/// `&…;` escapes are resolved in each syllable.
///
/// Example: `syl-la-ble_ * wor~ds` → `syl-` `la-` `ble` hold skip `wor ds`.
enum LyricTokenizer {
  /// The tokens of the text covered by `scanner`.
  static func tokens(_ scanner: LineScanner) -> [LyricToken] {
    var scanner = scanner
    var tokens: [LyricToken] = []
    var text = String.UnicodeScalarView()
    var textStart = scanner.position
    var lastWasHyphen = false
    /// Ends the syllable being read, if any; true when there was one.
    func flush(hyphen: Bool, end: Int) -> Bool {
      guard !text.isEmpty else { return false }
      let syllable = TextEscapes.decode(String(text))
      tokens.append(
        .syllable(syllable, continuesWord: hyphen, range: scanner.line.range(from: textStart, to: end)))
      text = String.UnicodeScalarView()
      return true
    }
    while let scalar = scanner.peek() {
      let position = scanner.position
      scanner.advance()
      let range = scanner.line.range(from: position, to: position + 1)
      switch scalar {
      case " ", "\t":
        _ = flush(hyphen: false, end: position)
        continue
      case "-":
        if !flush(hyphen: true, end: position) {
          if lastWasHyphen {
            tokens.append(.skip(range))
          } else if case .syllable(let text, false, let previous)? = tokens.last {
            tokens[tokens.count - 1] = .syllable(text, continuesWord: true, range: previous)  // `a - b`
          }
        }
        lastWasHyphen = true
        continue
      case "_":
        _ = flush(hyphen: false, end: position)
        tokens.append(.hold(range))
      case "*":
        _ = flush(hyphen: false, end: position)
        tokens.append(.skip(range))
      case "|":
        _ = flush(hyphen: false, end: position)
        tokens.append(.bar(range))
      case "~":
        if text.isEmpty { textStart = position }
        text.append(" ")
      case "\\":
        if text.isEmpty { textStart = position }
        if scanner.peek() == "-" {
          scanner.advance()
          text.append("-")
        } else {
          text.append(scalar)
          if let next = scanner.advance() { text.append(next) }
        }
      default:
        if text.isEmpty { textStart = position }
        text.append(scalar)
      }
      lastWasHyphen = false
    }
    _ = flush(hyphen: false, end: scanner.position)
    return tokens
  }
}
