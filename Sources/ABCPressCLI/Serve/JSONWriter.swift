import DisplayList
import Foundation

/// Writes the server's answers as JSON bytes, several times faster than `JSONSerialization`
/// on the editor's large answers (SVG pages, thousands of drawn items, the tune list).
///
/// Method: one pass over the value, appending UTF-8 bytes to a buffer. Strings are copied
/// byte by byte and only `"`, `\` and control characters are escaped (JSON allows any other
/// character as it is); integers and doubles are written by Swift's own shortest
/// description (a double that is not finite becomes `null`); dictionaries keep their order
/// of iteration. Example: `["a": [1, 2.5, "é\n"]]` → `{"a":[1,2.5,"é\n"]}`.
///
/// Known limits: only the types the server answers with — String, Bool, integers, Float,
/// Double, NSNumber, arrays, dictionaries with String keys, NSNull and nil; anything else
/// becomes `null`.
struct JSONWriter {
  private(set) var bytes: [UInt8] = []

  /// The JSON of `value`.
  static func data(_ value: Any?) -> [UInt8] {
    var writer = JSONWriter()
    writer.bytes.reserveCapacity(4096)
    writer.write(value)
    return writer.bytes
  }

  private mutating func write(_ value: Any?) {
    // The server's own values by their exact type first: a cast (`as? Int`) of an Int
    // tries NSNumber's bridging, many times the cost; a parsed Boolean NSNumber casts to Int.
    if let value {
      let type = ObjectIdentifier(Swift.type(of: value))
      if type == ObjectIdentifier(Int.self) { return append(String(value as! Int)) }
      if type == ObjectIdentifier(Double.self) { return write(double: value as! Double) }
      if type == ObjectIdentifier(String.self) { return write(string: value as! String) }
    }
    switch value {
    case nil, is NSNull: append("null")
    case let number as NSNumber where !(value is String): write(number: number)
    case let string as String: write(string: string)
    case let flag as Bool: append(flag ? "true" : "false")
    case let integer as Int: append(String(integer))
    case let double as Double: write(double: double)
    case let array as [Any]:
      bytes.append(UInt8(ascii: "["))
      for (index, element) in array.enumerated() {
        if index > 0 { bytes.append(UInt8(ascii: ",")) }
        write(element)
      }
      bytes.append(UInt8(ascii: "]"))
    case let object as [String: Any]:
      bytes.append(UInt8(ascii: "{"))
      var first = true
      for (key, element) in object {
        if !first { bytes.append(UInt8(ascii: ",")) }
        first = false
        write(string: key)
        bytes.append(UInt8(ascii: ":"))
        write(element)
      }
      bytes.append(UInt8(ascii: "}"))
    case let float as Float: write(double: Double(float))
    case let integer as any BinaryInteger: append(String(describing: integer))
    default: append("null")
    }
  }

  private mutating func append(_ text: String) {
    bytes.append(contentsOf: text.utf8)
  }

  private mutating func write(double: Double) {
    guard double.isFinite else { return append("null") }
    if double == double.rounded(), abs(double) < 1e15 {
      append(String(Int(double)))
    } else {
      append(double.description)
    }
  }

  private mutating func write(number: NSNumber) {
    // (A Boolean NSNumber is of the CFBoolean class.)
    if String(describing: type(of: number)).contains("Boolean") {
      return append(number.boolValue ? "true" : "false")
    }
    write(double: number.doubleValue)
  }

  private mutating func write(string: String) {
    bytes.append(UInt8(ascii: "\""))
    var string = string
    string.withUTF8 { utf8 in
      var start = 0
      for index in 0..<utf8.count {
        let byte = utf8[index]
        guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
        bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start..<index]))
        start = index + 1
        if let escape = JSONText.escape(byte) { append(escape) }
      }
      bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start..<utf8.count]))
    }
    bytes.append(UInt8(ascii: "\""))
  }
}
