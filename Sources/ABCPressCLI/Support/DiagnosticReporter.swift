import ABCParser
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
    self.init { diagnostic in
      // A supervised re-run does not print again what a crashed attempt printed.
      if !console.isStandard || CrashReporter.admitDiagnostic() { console.error(diagnostic.description) }
    }
  }

  func report(_ found: [Diagnostic]) {
    if found.contains(where: { $0.severity == .error }) { hasErrors = true }
    if !found.isEmpty {
      RunProgress.current?.counted(
        warnings: found.filter { $0.severity == .warning }.count,
        errors: found.filter { $0.severity == .error }.count)
    }
    let admitted = budget.admit(found)
    if !admitted.isEmpty { RunProgress.current?.clearLine() }
    for diagnostic in admitted { emit(diagnostic) }
  }

  func report(_ diagnostic: Diagnostic) { report([diagnostic]) }

  /// Prints the summaries of files that had more problems than were shown.
  func finish() {
    for summary in budget.summaries { emit(summary) }
  }
}
