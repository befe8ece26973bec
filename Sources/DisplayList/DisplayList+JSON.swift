/// Writes a display list as JSON (Documentation/display-list.md), deterministic and
/// rounded to 0.01 pt so dumps diff cleanly.
public enum DisplayListJSON {
  public static let formatVersion = 1

  public static func encode(_ list: DisplayList) -> String {
    var out = "{\n  \"version\": \(formatVersion),\n"
    if let title = list.title { out += "  \"title\": \(quote(title)),\n" }
    out += infoFields(list.info)
    if !list.outline.isEmpty {
      out += "  \"outline\": [" + list.outline.map(encode).joined(separator: ", ") + "],\n"
    }
    out += "  \"pages\": ["
    for (pageIndex, page) in list.pages.enumerated() {
      out += pageIndex == 0 ? "\n" : ",\n"
      out += "    {\"width\": \(number(page.width)), \"height\": \(number(page.height)), "
      if let label = page.label { out += "\"label\": \(quote(label)), " }
      if !page.links.isEmpty {
        out += "\"links\": [" + page.links.map(encode).joined(separator: ", ") + "], "
      }
      out += "\"items\": ["
      for (itemIndex, item) in page.items.enumerated() {
        out += itemIndex == 0 ? "\n" : ",\n"
        out += "      " + encode(item)
      }
      out += page.items.isEmpty ? "]}" : "\n    ]}"
    }
    out += list.pages.isEmpty ? "]\n}\n" : "\n  ]\n}\n"
    return out
  }

  static func encode(_ item: DisplayItem) -> String {
    var fields: [String] = [
      "\"role\": \(quote(item.role.rawValue))", "\"kind\": \(quote(item.shape.kind))",
      "\"box\": [\(number(item.box.x)), \(number(item.box.y)), \(number(item.box.width)), \(number(item.box.height))]",
    ]
    let context = item.context
    for (key, value) in [
      ("tune", context.tune), ("staff", context.staff), ("voice", context.voice),
      ("line", context.line), ("column", context.column),
    ] {
      if let value { fields.append("\(quote(key)): \(value)") }
    }
    if let source = item.source { fields.append("\"source\": [\(source.line), \(source.column)]") }
    switch item.shape {
    case .glyph(let glyph):
      fields += [
        "\"glyph\": \(quote(glyph.name))",
        "\"codepoint\": \(quote("U+" + String(glyph.codepoint, radix: 16, uppercase: true)))",
        "\"font\": \(quote(glyph.font))", "\"size\": \(number(glyph.size))",
        "\"origin\": \(point(glyph.origin))",
      ]
      if glyph.scaleX != 1 { fields.append("\"scaleX\": \(number(glyph.scaleX))") }
    case .line(let line):
      fields += [
        "\"from\": \(point(line.from))", "\"to\": \(point(line.to))",
        "\"thickness\": \(number(line.thickness))",
      ]
      if let dash = line.dash { fields.append("\"dash\": \(number(dash))") }
    case .path(let path):
      let segments = path.segments.map { segment -> String in
        switch segment {
        case .move(let p): "[\"M\", \(number(p.x)), \(number(p.y))]"
        case .line(let p): "[\"L\", \(number(p.x)), \(number(p.y))]"
        case .curve(let a, let b, let c):
          "[\"C\", \(number(a.x)), \(number(a.y)), \(number(b.x)), \(number(b.y)), \(number(c.x)), \(number(c.y))]"
        case .close: "[\"Z\"]"
        }
      }
      fields.append("\"segments\": [\(segments.joined(separator: ", "))]")
      if let width = path.strokeWidth {
        fields.append("\"stroke\": \(number(width))")
        if let dash = path.dash { fields.append("\"dash\": \(number(dash))") }
      } else {
        fields.append("\"fill\": true")
      }
    case .text(let text):
      fields += [
        "\"text\": \(quote(text.text))",
        "\"font\": {\"family\": \(quote(text.font.family)), \"size\": \(number(text.font.size)), \"bold\": \(text.font.isBold), \"italic\": \(text.font.isItalic)}",
        "\"origin\": \(point(text.origin))",
      ]
    }
    return "{" + fields.joined(separator: ", ") + "}"
  }

  static func point(_ p: Point) -> String { "[\(number(p.x)), \(number(p.y))]" }

  /// A number rounded to 0.01 with no trailing zeros (`12`, `12.5`, `-0.25`).
  public static func number(_ value: Double) -> String {
    guard value.isFinite, abs(value) < 1e15 else { return value.isNaN ? "0" : value < 0 ? "-1e15" : "1e15" }
    let hundredths = Int((value * 100).rounded())
    let sign = hundredths < 0 ? "-" : ""
    let magnitude = abs(hundredths)
    let whole = magnitude / 100
    let fraction = magnitude % 100
    if fraction == 0 { return sign + String(whole) }
    if fraction % 10 == 0 { return "\(sign)\(whole).\(fraction / 10)" }
    return "\(sign)\(whole).\(fraction < 10 ? "0" : "")\(fraction)"
  }

  /// A JSON string literal.
  public static func quote(_ string: String) -> String {
    var out = "\""
    for scalar in string.unicodeScalars {
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\n": out += "\\n"
      case "\r": out += "\\r"
      case "\t": out += "\\t"
      case _
      where scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
        || (0x202A...0x202E).contains(scalar.value) || (0x2066...0x2069).contains(scalar.value):
        let hex = String(scalar.value, radix: 16)
        out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      default: out.unicodeScalars.append(scalar)
      }
    }
    return out + "\""
  }
}
