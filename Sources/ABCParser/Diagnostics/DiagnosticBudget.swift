import ScoreModel

/// At most `Limits.diagnosticsPerFile` diagnostics for one input file, however many tunes
/// report them: later ones are counted, and one summary says how many were not shown
/// (with the highest severity among them, so exit codes stay right).
public struct DiagnosticBudget {
  private var shown: [String: Int] = [:]
  private var dropped: [String: (count: Int, severity: Severity, at: SourceRange)] = [:]

  public init() {}

  /// The diagnostics of `found` still within their file's budget.
  public mutating func admit(_ found: [Diagnostic]) -> [Diagnostic] {
    var admitted: [Diagnostic] = []
    for diagnostic in found {
      let file = diagnostic.file ?? ""
      if shown[file, default: 0] < Limits.diagnosticsPerFile {
        shown[file, default: 0] += 1
        admitted.append(diagnostic)
        continue
      }
      var entry = dropped[file] ?? (0, diagnostic.severity, diagnostic.range)
      entry.count += 1
      entry.severity = max(entry.severity, diagnostic.severity)
      entry.at = diagnostic.range
      dropped[file] = entry
    }
    return admitted
  }

  /// One summary per file whose budget ran out, in file-name order.
  public var summaries: [Diagnostic] {
    dropped.keys.sorted().compactMap { file in
      guard let entry = dropped[file] else { return nil }
      return Diagnostic(
        entry.severity,
        "too many problems: \(entry.count) more after the first \(Limits.diagnosticsPerFile) not reported",
        at: entry.at, file: file.isEmpty ? nil : file)
    }
  }
}
