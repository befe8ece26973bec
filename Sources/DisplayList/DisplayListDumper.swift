/// Prints a display list as compact text, one item per line, for golden tests and review.
///
///     page 1 595.28x841.89
///       notehead glyph noteheadBlack @(120.5,96.25) [120.5 93.75 5.9 5] t1 s0 v0 l0 c3 @5:3
public enum DisplayListDumper {
  public static func dump(_ list: DisplayList) -> String {
    var out = ""
    for (index, page) in list.pages.enumerated() {
      out += "page \(index + 1) \(n(page.width))x\(n(page.height))"
      out += (page.label.map { " label " + DisplayListJSON.quote($0) } ?? "") + "\n"
      for item in page.items { out += "  " + line(item) + "\n" }
      for link in page.links { out += "  link " + DisplayListJSON.encode(link) + "\n" }
    }
    for entry in list.outline.flatMap(\.flattened) {
      out += "outline \(DisplayListJSON.quote(entry.title)) page \(entry.page + 1) y \(n(entry.y))\n"
    }
    return out
  }

  static func line(_ item: DisplayItem) -> String {
    var parts = [item.role.rawValue]
    switch item.shape {
    case .glyph(let glyph): parts += ["glyph", glyph.name, "@(\(n(glyph.origin.x)),\(n(glyph.origin.y)))"]
    case .line(let line):
      parts += [
        "line", "(\(n(line.from.x)),\(n(line.from.y)))-(\(n(line.to.x)),\(n(line.to.y)))",
        "w\(n(line.thickness))",
      ]
    case .path(let path): parts += ["path", "\(path.segments.count)seg"]
    case .text(let text): parts += ["text", DisplayListJSON.quote(text.text), text.font.pangoDescription]
    }
    let box = item.box
    parts.append("[\(n(box.x)) \(n(box.y)) \(n(box.width)) \(n(box.height))]")
    let c = item.context
    for (prefix, value) in [("t", c.tune), ("s", c.staff), ("v", c.voice), ("l", c.line), ("c", c.column)] {
      if let value { parts.append("\(prefix)\(value)") }
    }
    if let source = item.source { parts.append("@\(source.line):\(source.column)") }
    return parts.joined(separator: " ")
  }

  static func n(_ value: Double) -> String { DisplayListJSON.number(value) }
}
