/// JSON text written directly (for answers too large to build as dictionaries first).
struct RawJSON {
  private(set) var bytes: [UInt8]

  init(_ text: String) { bytes = Array(text.utf8) }

  /// Appends JSON text as it is.
  mutating func append(_ text: String) { bytes += text.utf8 }

  /// Appends `text` as a JSON string: quoted, with `"`, `\` and control characters escaped.
  mutating func append(string text: String) {
    bytes.append(0x22)
    for byte in text.utf8 {
      switch byte {
      case 0x22: bytes += [0x5C, 0x22]
      case 0x5C: bytes += [0x5C, 0x5C]
      case 0x0A: bytes += [0x5C, 0x6E]
      case 0x0D: bytes += [0x5C, 0x72]
      case 0x09: bytes += [0x5C, 0x74]
      case 0..<0x20:
        let digits = Array("0123456789abcdef".utf8)
        bytes += [0x5C, 0x75, 0x30, 0x30, digits[Int(byte >> 4)], digits[Int(byte & 0xF)]]
      default: bytes.append(byte)
      }
    }
    bytes.append(0x22)
  }
}
