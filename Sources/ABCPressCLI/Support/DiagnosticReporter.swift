import ABCParser
import Render
import ScoreModel

/// Prints a run's diagnostics as they come, at most `Limits.diagnosticsPerFile` per input
/// file (then one summary at the end), and remembers whether any was an error.
final class DiagnosticReporter {
  private let emit: ([Diagnostic]) -> Void
  private var budget = DiagnosticBudget()
  private(set) var hasErrors = false

  /// A reporter writing each batch of diagnostics (a tune's, say) with `emit`.
  init(emit: @escaping ([Diagnostic]) -> Void) {
    self.emit = emit
  }

  /// A reporter printing to `console`'s standard error: a batch in one write, and a
  /// supervised process tells its supervisor once per batch how many it printed.
  convenience init(console: Console) {
    let excerpts = RunOptions.current.excerpts ? SourceExcerpts() : nil
    self.init { diagnostics in
      // A supervised re-run does not print again what a crashed attempt printed; counted
      // for the supervisor only when printed to standard error.
      CrashReporter.printDiagnostics(diagnostics.count, counted: console.isStandard) { fresh in
        // The batch as UTF-8 bytes in one buffer (each line, excerpt and line end added in
        // place), written at once.
        var bytes: [UInt8] = []
        for diagnostic in diagnostics.suffix(fresh) {
          diagnostic.appendDescription(to: &bytes)
          if let excerpts {
            let before = bytes.count
            bytes.append(0x0A)
            if !excerpts.append(for: diagnostic, to: &bytes) { bytes.removeLast(bytes.count - before) }
          }
          if bytes.last != 0x0A { bytes.append(0x0A) }
        }
        console.error(String(decoding: bytes, as: UTF8.self), newline: false)
      }
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
    if !admitted.isEmpty { emit(admitted) }
  }

  func report(_ diagnostic: Diagnostic) { report([diagnostic]) }

  /// Prints the summaries of files that had more problems than were shown.
  func finish() {
    let summaries = budget.summaries
    if !summaries.isEmpty { emit(summaries) }
  }
}
