/// Writes a display list as JSON (Documentation/display-list.md), deterministic and
/// rounded to 0.01 pt so dumps diff cleanly.
public enum DisplayListJSON {
  public static let formatVersion = 1

  /// The whole list: `{"version", "pages": […], "title", info, "outline"}`, the same text a
  /// streamed dump writes (`opening`, `encode(page:)` joined by `pageSeparator`, `closing`).
  public static func encode(_ list: DisplayList) -> String {
    var out = opening
    for (index, page) in list.pages.enumerated() {
      out += (index == 0 ? "" : pageSeparator) + encode(page: page)
    }
    return out
      + closing(title: list.title, info: list.info, outline: list.outline, pageCount: list.pages.count)
  }

  /// The document's start, up to the first page.
  public static let opening = "{\n  \"version\": \(formatVersion),\n  \"pages\": ["
  /// What goes between two pages.
  public static let pageSeparator = ","

  /// One page as a JSON object, on its own lines.
  public static func encode(page: DisplayPage) -> String {
    encodeText(page: page).string
  }

  /// One page as a JSON object, as UTF-8 bytes (what a dump writes, without a copy to text).
  public static func encodeText(page: DisplayPage) -> ByteText {
    let items = page.items
    var out = ByteText(capacity: items.count * 160 + 64)
    out.put("\n    {\"width\": ")
    out.number(page.width)
    out.put(", \"height\": ")
    out.number(page.height)
    out.put(", ")
    if let label = page.label {
      out.put("\"label\": ")
      out.quoted(label)
      out.put(", ")
    }
    if !page.links.isEmpty {
      out.put(string: "\"links\": [" + page.links.map(encode).joined(separator: ", ") + "], ")
    }
    out.put("\"items\": [")
    for (itemIndex, item) in items.enumerated() {
      out.put(itemIndex == 0 ? "\n      " : ",\n      ")
      encode(item, into: &out)
    }
    out.put(items.isEmpty ? "]}" : "\n    ]}")
    return out
  }

  /// The document's end after the last page: title, information and outline.
  public static func closing(title: String?, info: DocumentInfo, outline: [OutlineEntry], pageCount: Int)
    -> String
  {
    var out = pageCount == 0 ? "]" : "\n  ]"
    if let title { out += ",\n  \"title\": \(quote(title))" }
    let fields = infoFields(info)
    if !fields.isEmpty { out += ",\n" + fields.dropLast(2) }
    if !outline.isEmpty {
      out += ",\n  \"outline\": [" + outline.map(encode).joined(separator: ", ") + "]"
    }
    return out + "\n}\n"
  }

  static func encode(_ item: DisplayItem) -> String {
    var out = ByteText()
    encode(item, into: &out)
    return out.string
  }

  static func encode(_ item: DisplayItem, into out: inout ByteText) {
    out.put("{\"role\": ")
    out.quoted(item.role.rawValue)
    out.put(", \"kind\": ")
    out.quoted(item.shape.kind)
    out.put(", \"box\": [")
    out.number(item.box.x)
    out.put(", ")
    out.number(item.box.y)
    out.put(", ")
    out.number(item.box.width)
    out.put(", ")
    out.number(item.box.height)
    out.put("]")
    let context = item.context
    func field(_ key: StaticString, _ value: Int?) {
      guard let value else { return }
      out.put(", \"")
      out.put(key)
      out.put("\": ")
      out.integer(value)
    }
    field("tune", context.tune)
    field("staff", context.staff)
    field("voice", context.voice)
    field("line", context.line)
    field("column", context.column)
    if let source = item.source {
      out.put(", \"source\": [")
      out.integer(source.line)
      out.put(", ")
      out.integer(source.column)
      out.put("]")
    }
    func point(_ key: StaticString, _ p: Point) {
      out.put(", \"")
      out.put(key)
      out.put("\": [")
      out.number(p.x)
      out.put(", ")
      out.number(p.y)
      out.put("]")
    }
    func number(_ key: StaticString, _ value: Double) {
      out.put(", \"")
      out.put(key)
      out.put("\": ")
      out.number(value)
    }
    switch item.shape {
    case .glyph(let glyph):
      out.put(", \"glyph\": ")
      out.quoted(glyph.name)
      out.put(", \"codepoint\": ")
      out.quoted("U+" + String(glyph.codepoint, radix: 16, uppercase: true))
      out.put(", \"font\": ")
      out.quoted(glyph.font)
      number("size", glyph.size)
      point("origin", glyph.origin)
      if glyph.scaleX != 1 { number("scaleX", glyph.scaleX) }
    case .line(let line):
      point("from", line.from)
      point("to", line.to)
      number("thickness", line.thickness)
      if let dash = line.dash { number("dash", dash) }
    case .path(let path):
      out.put(", \"segments\": [")
      for (index, segment) in path.segments.enumerated() {
        if index > 0 { out.put(", ") }
        switch segment {
        case .move(let p):
          out.put("[\"M\", ")
          out.number(p.x)
          out.put(", ")
          out.number(p.y)
        case .line(let p):
          out.put("[\"L\", ")
          out.number(p.x)
          out.put(", ")
          out.number(p.y)
        case .curve(let a, let b, let c):
          out.put("[\"C\"")
          for p in [a, b, c] {
            out.put(", ")
            out.number(p.x)
            out.put(", ")
            out.number(p.y)
          }
        case .close: out.put("[\"Z\"")
        }
        out.put("]")
      }
      out.put("]")
      if let width = path.strokeWidth {
        number("stroke", width)
        if let dash = path.dash { number("dash", dash) }
      } else {
        out.put(", \"fill\": true")
      }
    case .text(let text):
      out.put(", \"text\": ")
      out.quoted(text.text)
      out.put(", \"font\": {\"family\": ")
      out.quoted(text.font.family)
      out.put(", \"size\": ")
      out.number(text.font.size)
      out.put(text.font.isBold ? ", \"bold\": true" : ", \"bold\": false")
      out.put(text.font.isItalic ? ", \"italic\": true}" : ", \"italic\": false}")
      point("origin", text.origin)
    }
    out.put("}")
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
    // Plain printable ASCII (nearly every text) needs no escape: quoted as it is.
    if string.utf8.allSatisfy({
      $0 >= 0x20 && $0 < 0x7F && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\")
    }) {
      return "\"" + string + "\""
    }
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
