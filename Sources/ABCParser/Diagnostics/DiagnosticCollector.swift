import ScoreModel

/// Gathers the diagnostics of one parse, stamping each with the file name.
final class DiagnosticCollector {
  let file: String?
  private(set) var diagnostics: [Diagnostic] = []

  init(file: String?) {
    self.file = file
  }

  /// Records a diagnostic. Messages quote source text through `Diagnostic.excerpt`; as a
  /// last guard, a message is cut at four excerpts' length.
  func report(_ severity: Severity, _ message: String, at range: SourceRange) {
    var message = message
    let longest = 4 * Limits.quotedTextLength
    if message.unicodeScalars.count > longest {
      message = String(String.UnicodeScalarView(message.unicodeScalars.prefix(longest - 1))) + "…"
    }
    diagnostics.append(Diagnostic(severity, message, at: range, file: file))
  }

  /// Records an error over a range.
  func error(_ message: String, at range: SourceRange) { report(.error, message, at: range) }
  /// Records a warning over a range.
  func warning(_ message: String, at range: SourceRange) { report(.warning, message, at: range) }

  /// Records a note (information, not a problem) over a range.
  func note(_ message: String, at range: SourceRange) { report(.note, message, at: range) }

  /// Records an error at one position.
  func error(_ message: String, at location: SourceLocation) {
    report(.error, message, at: SourceRange(location))
  }

  /// Records a warning at one position.
  func warning(_ message: String, at location: SourceLocation) {
    report(.warning, message, at: SourceRange(location))
  }
}
