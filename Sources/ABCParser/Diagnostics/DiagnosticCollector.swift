import ScoreModel

/// Gathers the diagnostics of one parse, stamping each with the file name.
///
/// At most `Limits.diagnosticsPerFile` are kept; then one more, a summary, counts the
/// dropped ones and carries the highest severity among them.
final class DiagnosticCollector {
  let file: String?
  private(set) var diagnostics: [Diagnostic] = []
  /// How many diagnostics past the limit were dropped.
  private var dropped = 0
  /// How many diagnostics were recorded in all.
  private var recorded = 0

  init(file: String?) {
    self.file = file
  }

  /// The diagnostics recorded since the last call, emptying the list (the limit counts
  /// every diagnostic recorded, taken or not).
  func take() -> [Diagnostic] {
    defer { diagnostics.removeAll() }
    return diagnostics
  }

  /// Records a diagnostic. Messages quote source text through `Diagnostic.excerpt`; as a
  /// last guard, a message is cut at four excerpts' length.
  func report(_ severity: Severity, _ message: String, at range: SourceRange) {
    var message = message
    let longest = 4 * Limits.quotedTextLength
    if message.unicodeScalars.count > longest {
      message = String(String.UnicodeScalarView(message.unicodeScalars.prefix(longest - 1))) + "…"
    }
    guard recorded < Limits.diagnosticsPerFile else {
      dropped += 1
      summarizeDropped(severity, at: range)
      return
    }
    recorded += 1
    diagnostics.append(Diagnostic(severity, message, at: range, file: file))
  }

  /// Keeps the last diagnostic as the count of dropped ones.
  private func summarizeDropped(_ severity: Severity, at range: SourceRange) {
    let message =
      "too many problems: \(dropped) more after the first \(Limits.diagnosticsPerFile) not reported"
    guard dropped > 1, let last = diagnostics.indices.last else {
      diagnostics.append(Diagnostic(severity, message, at: range, file: file))
      return
    }
    diagnostics[last].message = message
    diagnostics[last].severity = max(diagnostics[last].severity, severity)
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
