/// Builds indented XML text element by element, escaping text and attribute values.
///
/// Writing only: reading goes through expat (`XMLTreeReader`). Attributes keep the order
/// given, so the output is byte-for-byte reproducible.
struct XMLWriter {
  private(set) var text = ""
  private var open: [String] = []

  init(doctype: String? = nil) {
    text = "<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"no\"?>\n"
    if let doctype { text += doctype + "\n" }
  }

  /// Opens `<name …>`; close it with `end()`.
  mutating func begin(_ name: String, _ attributes: [(String, String)] = []) {
    indent()
    text += "<" + name + Self.attributeText(attributes) + ">\n"
    open.append(name)
  }

  /// Closes the innermost open element.
  mutating func end() {
    guard let name = open.popLast() else { return }
    indent()
    text += "</" + name + ">\n"
  }

  /// `<name …>value</name>`, or `<name …/>` when the value is nil.
  mutating func element(_ name: String, _ value: String? = nil, _ attributes: [(String, String)] = []) {
    indent()
    text += "<" + name + Self.attributeText(attributes)
    if let value {
      text += ">" + Self.escape(value) + "</" + name + ">\n"
    } else {
      text += "/>\n"
    }
  }

  /// `<name>value</name>` for a number.
  mutating func element(_ name: String, _ value: Int) { element(name, String(value)) }

  /// Writes the elements `body` adds inside `<name …>` … `</name>`.
  mutating func group(
    _ name: String, _ attributes: [(String, String)] = [], _ body: (inout XMLWriter) -> Void
  ) {
    begin(name, attributes)
    body(&self)
    end()
  }

  private mutating func indent() {
    text += String(repeating: "  ", count: open.count)
  }

  private static func attributeText(_ attributes: [(String, String)]) -> String {
    var result = ""
    for (name, value) in attributes { result += " " + name + "=\"" + escape(value) + "\"" }
    return result
  }

  /// Text with `&`, `<`, `>` and `"` escaped and control characters XML forbids dropped.
  static func escape(_ value: String) -> String {
    var result = ""
    result.reserveCapacity(value.utf8.count)
    for scalar in value.unicodeScalars {
      switch scalar {
      case "&": result += "&amp;"
      case "<": result += "&lt;"
      case ">": result += "&gt;"
      case "\"": result += "&quot;"
      case "\t", "\n", "\r": result.unicodeScalars.append(scalar)
      default:
        if scalar.value >= 0x20 && scalar.value != 0xFFFE && scalar.value != 0xFFFF {
          result.unicodeScalars.append(scalar)
        }
      }
    }
    return result
  }
}
