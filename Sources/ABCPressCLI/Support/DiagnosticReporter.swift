import ABCParser
import Render
import ScoreModel

/// Prints a run's diagnostics as they come, at most `Limits.diagnosticsPerFile` per input
/// file (then one summary at the end), and remembers whether any was an error.
final class DiagnosticReporter {
  private let emit: (Diagnostic) -> Void
  private var budget = DiagnosticBudget()
  private(set) var hasErrors = false

  /// A reporter writing each diagnostic with `emit` (standard error by default).
  init(emit: @escaping (Diagnostic) -> Void) {
    self.emit = emit
  }

  convenience init(console: Console) {
    let excerpts = RunOptions.current.excerpts ? SourceExcerpts() : nil
    self.init { diagnostic in
      // A supervised re-run does not print again what a crashed attempt printed.
      guard !console.isStandard || CrashReporter.admitDiagnostic() else { return }
      if let quoted = excerpts?.excerpt(for: diagnostic) {
        console.error(diagnostic.description + "\n" + quoted)
      } else {
        console.error(diagnostic.description)
      }
      CrashReporter.diagnosticPrinted()
    }
  }

  func report(_ found: [Diagnostic]) {
    // An interrupted run is removing its temporary files: the work in flight fails for
    // that reason, which is no problem of the input's to print.
    guard !TemporaryFiles.isClosing else { return }
    if found.contains(where: { $0.severity == .error }) { hasErrors = true }
    if !found.isEmpty {
      RunProgress.current?.counted(
        warnings: found.filter { $0.severity == .warning }.count,
        errors: found.filter { $0.severity == .error }.count)
    }
    // In order of position within a file (a tune's own problems come from several passes).
    let ordered = found.enumerated().sorted { a, b in
      let (x, y) = (a.element, b.element)
      guard x.file == y.file else { return a.offset < b.offset }
      if x.range.start.line != y.range.start.line { return x.range.start.line < y.range.start.line }
      if x.range.start.column != y.range.start.column { return x.range.start.column < y.range.start.column }
      return a.offset < b.offset
    }.map(\.element)
    let admitted = budget.admit(ordered)
    if !admitted.isEmpty { RunProgress.current?.clearLine() }
    for diagnostic in admitted { emit(diagnostic) }
  }

  func report(_ diagnostic: Diagnostic) { report([diagnostic]) }

  /// Prints the summaries of files that had more problems than were shown.
  func finish() {
    for summary in budget.summaries { emit(summary) }
  }
}
