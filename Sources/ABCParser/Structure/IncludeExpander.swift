import ScoreModel

/// Replaces `I:abc-include FILE` (or `%%abc-include FILE`) lines by the lines of FILE.
///
/// Method: the parser does no file I/O; the caller's resolver turns a name (and the
/// file that names it) into a canonical path and the included text. Each included text
/// is split into lines and expanded in turn, keeping a stack of the paths being
/// included: a path already on the stack is a cycle and is reported, not followed, and
/// nesting stops at `depthLimit`. An unresolved name is a warning and the line is
/// dropped. Included lines keep their own line numbers.
///
/// Example: `X:1` / `I:abc-include tunes/common.abc` / `K:G` → `X:1`, the lines of
/// `tunes/common.abc`, `K:G`.
///
/// Known limits: diagnostics inside an included file name the including file with the
/// included file's line numbers.
struct IncludeExpander {
  let resolver: ABCParser.IncludeResolver
  let diagnostics: DiagnosticCollector
  static let depthLimit = 16

  /// `lines` with every include line expanded.
  func expand(_ lines: [SourceLine], file: String?) -> [SourceLine] {
    guard lines.contains(where: { Self.includeName(in: $0) != nil }) else { return lines }
    return expand(lines, file: file, stack: file.map { [$0] } ?? [])
  }

  private func expand(_ lines: [SourceLine], file: String?, stack: [String]) -> [SourceLine] {
    var output: [SourceLine] = []
    output.reserveCapacity(lines.count)
    for line in lines {
      guard let name = Self.includeName(in: line) else {
        output.append(line)
        continue
      }
      let range = line.range(from: 0, to: line.codeEnd)
      guard !name.isEmpty else {
        diagnostics.warning("abc-include needs a file name", at: range)
        continue
      }
      guard let (path, text) = resolver(name, file) else {
        diagnostics.warning(
          "cannot include '\(Diagnostic.excerpt(name))': file not found or unreadable", at: range)
        continue
      }
      if stack.contains(path) {
        diagnostics.warning("'\(Diagnostic.excerpt(name))' includes itself; include skipped", at: range)
        continue
      }
      if stack.count >= Self.depthLimit {
        diagnostics.warning("includes nested too deeply; '\(Diagnostic.excerpt(name))' skipped", at: range)
        continue
      }
      output += expand(SourceLine.split(text), file: path, stack: stack + [path])
    }
    return output
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
