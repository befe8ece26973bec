import ScoreModel

/// One item of an `s:` symbol line.
enum SymbolLineToken {
  case decoration(Decoration)
  case annotation(TextAnnotation)
  /// `*`: no symbol on the next note.
  case skip(SourceRange)
  /// `|`: go on after the next bar line.
  case bar(SourceRange)

  var range: SourceRange {
    switch self {
    case .decoration(let decoration): decoration.range
    case .annotation(let annotation): annotation.range
    case .skip(let range), .bar(let range): range
    }
  }
}

/// Cuts an `s:` line into symbols: `!name!`, `+name+`, `"text"`, shortcuts, `*`, `|`.
enum SymbolLineTokenizer {
  /// The tokens of the text covered by `scanner`; unknown characters are reported.
  static func tokens(
    _ scanner: LineScanner, settings: TuneSettings, diagnostics: DiagnosticCollector
  ) -> [SymbolLineToken] {
    var scanner = scanner
    var tokens: [SymbolLineToken] = []
    while let scalar = scanner.peek() {
      let start = scanner.position
      switch scalar {
      case " ", "\t":
        scanner.advance()
      case "*":
        scanner.advance()
        tokens.append(.skip(scanner.range(from: start)))
      case "|":
        scanner.advance()
        tokens.append(.bar(scanner.range(from: start)))
      case "!", "+":
        scanner.advance()
        let name = scanner.read { $0 != scalar }
        if scanner.consume(scalar) {
          tokens.append(
            .decoration(Decoration(name: DecorationTable.canonical(name), range: scanner.range(from: start))))
        } else {
          diagnostics.warning("unterminated decoration in s: line", at: scanner.range(from: start))
        }
      case "\"":
        scanner.advance()
        var inner = String.UnicodeScalarView()
        var closed = false
        while let next = scanner.advance() {
          if next == "\"" {
            closed = true
            break
          }
          inner.append(next)
          if next == "\\", let escaped = scanner.advance() { inner.append(escaped) }
        }
        if !closed { diagnostics.warning("unterminated string in s: line", at: scanner.range(from: start)) }
        let (text, placement) = AnnotationReader.split(String(inner))
        tokens.append(
          .annotation(TextAnnotation(text: text, placement: placement, range: scanner.range(from: start))))
      default:
        scanner.advance()
        let range = scanner.range(from: start)
        switch settings.userSymbols[scalar]
          ?? DecorationTable.shortcuts[scalar].map(SymbolDefinition.decoration)
        {
        case .decoration(let name)?: tokens.append(.decoration(Decoration(name: name, range: range)))
        case .annotation(let text, let placement)?:
          tokens.append(.annotation(TextAnnotation(text: text, placement: placement, range: range)))
        case .nothing?: break
        case nil:
          if !("H"..."W").contains(scalar) {  // Undefined capitals are skipped, as in music.
            diagnostics.warning("unexpected '\(Character(scalar))' in s: line", at: range)
          }
        }
      }
    }
    return tokens
  }
}
