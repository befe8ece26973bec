import ScoreModel

/// Which source symbols end a score line (`I:linebreak`, ABC 2.1 §6.1.1).
struct LineBreakPolicy: Equatable {
  /// An end of a music line is a break (unless the line ends with `\`).
  var atEndOfLine = true
  /// `$` is a break.
  var atDollar = true
  /// `!` is a break (and no longer starts a decoration).
  var atBang = false
  /// A bare `!` (ABC 2.0) breaks lines and the line ends do not (`BangLineBreaks`).
  var bareBangOnly = false
  /// Set by an `I:linebreak` (or `%%linebreak`): the writer chose, nothing is guessed.
  var isDeclared = false

  /// Reads `<EOL> $ ! <none>` tokens; nil when a token is unknown (after a diagnostic).
  static func parse(_ scanner: LineScanner, diagnostics: DiagnosticCollector) -> LineBreakPolicy? {
    var scanner = scanner
    var policy = LineBreakPolicy(atEndOfLine: false, atDollar: false, atBang: false, isDeclared: true)
    var sawToken = false
    while true {
      scanner.skipWhitespace()
      if scanner.isAtEnd { break }
      let start = scanner.position
      let token = scanner.read { !$0.isABCWhitespace }
      sawToken = true
      switch token.lowercased() {
      case "<eol>": policy.atEndOfLine = true
      case "$": policy.atDollar = true
      case "!": policy.atBang = true
      case "<none>": break
      default:
        diagnostics.warning(
          "unknown linebreak symbol '\(Diagnostic.excerpt(token))'", at: scanner.range(from: start))
        return nil
      }
    }
    return sawToken ? policy : nil
  }
}
