import ScoreModel

/// Replaces `I:abc-include FILE` (or `%%abc-include FILE`) lines by the lines of FILE.
///
/// Method: the parser does no file I/O; the caller's resolver turns a name (and the
/// file that names it) into a canonical path and the included text, or refuses it with a
/// reason (the CLI's `IncludePolicy` allows only regular files under the allowed
/// folders). Each included text is split into lines and expanded in turn, keeping a
/// stack of the paths being included and the set of paths already included:
/// - a path on the stack is a cycle, and a path included before is a repeat; both are
///   reported and not followed (so a fan-out "include bomb" reads each file once);
/// - nesting stops at `Limits.includeDepth`;
/// - one input file follows at most `Limits.includeCount` include lines and takes in at
///   most `Limits.includeTotalSize` bytes of included text, each file at most
///   `Limits.includeFileSize`.
/// An unresolved name is a warning and the line is dropped. Included lines keep their
/// own line numbers.
///
/// Example: `X:1` / `I:abc-include tunes/common.abc` / `K:G` → `X:1`, the lines of
/// `tunes/common.abc`, `K:G`.
///
/// Known limits: diagnostics inside an included file name the including file with the
/// included file's line numbers.
final class IncludeExpander {
  let resolver: ABCParser.IncludeResolver
  let diagnostics: DiagnosticCollector
  /// What the input file has included so far: kept across calls, since a streaming reader
  /// expands one include line at a time.
  private var budget = Budget()

  init(resolver: @escaping ABCParser.IncludeResolver, diagnostics: DiagnosticCollector) {
    self.resolver = resolver
    self.diagnostics = diagnostics
  }

  /// What one input file has included so far.
  private struct Budget {
    var included: Set<String> = []
    var count = 0
    var bytes = 0
  }

  /// `lines` with every include line expanded.
  func expand(_ lines: [SourceLine], file: String?) -> [SourceLine] {
    guard lines.contains(where: { Self.includeName(in: $0) != nil }) else { return lines }
    return expand(lines, file: file, stack: file.map { [$0] } ?? [], budget: &budget)
  }

  private func expand(_ lines: [SourceLine], file: String?, stack: [String], budget: inout Budget)
    -> [SourceLine]
  {
    var output: [SourceLine] = []
    output.reserveCapacity(lines.count)
    for line in lines {
      guard let name = Self.includeName(in: line) else {
        output.append(line)
        continue
      }
      if let text = include(name, line: line, file: file, stack: stack, budget: &budget) {
        let (path, contents) = text
        budget.included.insert(path)
        output += expand(SourceLine.split(contents), file: path, stack: stack + [path], budget: &budget)
      }
    }
    return output
  }

  /// The path and text to include for `name`, or nil after a warning.
  private func include(
    _ name: String, line: SourceLine, file: String?, stack: [String], budget: inout Budget
  ) -> (String, String)? {
    let range = line.range(from: 0, to: line.codeEnd)
    let quoted = "'\(Diagnostic.excerpt(name))'"
    guard !name.isEmpty else {
      diagnostics.warning("abc-include needs a file name", at: range)
      return nil
    }
    guard stack.count <= Limits.includeDepth else {
      diagnostics.warning(
        "includes nested more than \(Limits.includeDepth) deep; \(quoted) skipped", at: range)
      return nil
    }
    guard budget.count < Limits.includeCount else {
      if budget.count == Limits.includeCount {
        diagnostics.warning(
          "more than \(Limits.includeCount) abc-include lines for one file; \(quoted) and later ones skipped",
          at: range)
      }
      budget.count += 1
      return nil
    }
    budget.count += 1
    let path: String
    let text: String
    switch resolver(name, file) {
    case .refused(let reason):
      diagnostics.warning("cannot include \(quoted): \(reason)", at: range)
      return nil
    case .file(let resolved, let contents):
      (path, text) = (resolved, contents)
    }
    if stack.contains(path) {
      diagnostics.warning("\(quoted) includes itself; include skipped", at: range)
      return nil
    }
    if budget.included.contains(path) {
      diagnostics.warning("\(quoted) was already included; include skipped", at: range)
      return nil
    }
    let size = text.utf8.count
    guard size <= Limits.includeFileSize else {
      diagnostics.warning(
        "cannot include \(quoted): larger than \(Limits.includeFileSize >> 20) MB", at: range)
      return nil
    }
    guard budget.bytes + size <= Limits.includeTotalSize else {
      diagnostics.warning(
        "includes would add more than \(Limits.includeTotalSize >> 20) MB to this file; \(quoted) skipped",
        at: range)
      return nil
    }
    budget.bytes += size
    return (path, text)
  }

  /// The file name of an `I:abc-include` / `%%abc-include` line, or nil for other lines.
  static func includeName(in line: SourceLine) -> String? {
    let scalars = line.scalars
    let prefixLength: Int
    if scalars.count >= 2 && scalars[0] == "I" && scalars[1] == ":" {
      prefixLength = 2
    } else if line.isDirective {
      prefixLength = 2
    } else {
      return nil
    }
    let keyword = Array("abc-include".unicodeScalars)
    var index = prefixLength
    while index < scalars.count && scalars[index].isABCWhitespace { index += 1 }
    guard scalars.count >= index + keyword.count, Array(scalars[index..<index + keyword.count]) == keyword
    else { return nil }
    let after = index + keyword.count
    guard after == scalars.count || scalars[after].isABCWhitespace else { return nil }
    return line.trimmedText(from: after, to: line.codeEnd)
  }
}
