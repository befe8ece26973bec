import ScoreModel

/// An abcm2ps format file (`-F FILE.fmt`): one format directive a line, written without
/// the `%%` of ABC files (`pagewidth 21cm`, `titlefont Times-Bold 20`), so a house style
/// kept for abcm2ps applies unchanged. Lines starting with `%` are comments (a `%%` prefix
/// is allowed too); PostScript between `beginps` and `endps` is passed over. Each
/// directive keeps its line, so a problem is reported at the file's line.
public enum FormatFile {
  public static func directives(in text: String) -> [Directive] {
    var directives: [Directive] = []
    var inPostScript = false
    for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      var line = Substring(raw)
      if line.hasSuffix("\r") { line = line.dropLast() }
      if line.hasPrefix("%%") { line = line.dropFirst(2) }
      let trimmed = line.drop { $0 == " " || $0 == "\t" }
      if inPostScript {
        if trimmed.hasPrefix("endps") { inPostScript = false }
        continue
      }
      guard let first = trimmed.first, first != "%" else { continue }
      let name = trimmed.prefix { $0 != " " && $0 != "\t" }
      if name == "beginps" {
        inPostScript = true
        continue
      }
      var arguments = trimmed.dropFirst(name.count).drop { $0 == " " || $0 == "\t" }
      if let comment = arguments.firstIndex(of: "%"),
        comment == arguments.startIndex
          || arguments[arguments.index(before: comment)] == " "
      {
        arguments = arguments[..<comment]
      }
      let column = line.distance(from: line.startIndex, to: trimmed.startIndex) + 1
      directives.append(
        Directive(
          name: String(name), arguments: String(arguments).trimmingTrailingSpace,
          range: SourceRange(SourceLocation(line: index + 1, column: column))))
    }
    return directives
  }
}

extension String {
  fileprivate var trimmingTrailingSpace: String {
    var text = Substring(self)
    while let last = text.last, last == " " || last == "\t" { text = text.dropLast() }
    return String(text)
  }
}
