/// How a byte of a string is written inside a JSON string literal.
public enum JSONText {
  /// The escape JSON writes for `byte` (a quote, a backslash, a control character), or nil
  /// when the byte stands for itself. (Escapes are short: small strings, no allocation.)
  @inlinable public static func escape(_ byte: UInt8) -> String? {
    switch byte {
    case UInt8(ascii: "\""): return "\\\""
    case UInt8(ascii: "\\"): return "\\\\"
    case 0x0A: return "\\n"
    case 0x0D: return "\\r"
    case 0x09: return "\\t"
    case 0..<0x20:
      let digits = Array("0123456789abcdef")
      return "\\u00" + String(digits[Int(byte >> 4)]) + String(digits[Int(byte & 0xF)])
    default: return nil
    }
  }
}
