/// The kind of token each construct of a music line is, for `ABCParser.syntaxTokens`.
extension BodyParser {
  /// Records the construct the parser just read over `start..<scanner.position`, named by
  /// the reader that took it (the same dispatch as `parseConstruct`).
  func recordSyntax(_ syntax: SyntaxRecorder, from start: Int, _ scanner: LineScanner) {
    let scalars = scanner.line.scalars
    guard start < scalars.count else { return }
    let next: Unicode.Scalar? = start + 1 < scalars.count ? scalars[start + 1] : nil
    let kind: SyntaxToken.Kind?
    switch scalars[start] {
    case " ", "\t", "`": kind = nil
    case "A"..."G", "a"..."g", "^", "_", "=": kind = .note
    case "z", "x", "Z", "X": kind = .rest
    case "[":
      if let next, next.isASCIILetter, start + 2 < scalars.count, scalars[start + 2] == ":" {
        kind = .inline
      } else if let next, next == "|" || next.asciiDigit != nil || next == "\"" {
        kind = .bar
      } else {
        kind = .chord
      }
    case "|", ":": kind = .bar
    case ".":
      switch next {
      case "|": kind = .bar
      case "-": kind = .tie
      case "(", ")": kind = .slur
      default: kind = .decoration
      }
    case "-": kind = .tie
    case ">", "<", "y", "$", "\\": kind = .rhythm
    case "(": kind = next?.asciiDigit != nil ? .tuplet : .slur
    case ")": kind = .slur
    case "\"": kind = .annotation
    case "!": kind = settings.lineBreaks.atBang ? .rhythm : .decoration
    case "+": kind = .decoration
    case "{": kind = .grace
    case "&": kind = .overlay
    default: kind = .decoration  // `~`, `T`, `H`…`W`, `u`, `v` and user symbols
    }
    if let kind { syntax.record(kind, in: scanner.line, from: start, to: scanner.position) }
  }
}
