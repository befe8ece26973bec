/// Text built as UTF-8 bytes with the dumps' number format: what the display-list dumps
/// write, several times faster than string interpolation.
struct DumpText {
  private(set) var bytes: [UInt8] = []

  init(capacity: Int = 0) {
    bytes.reserveCapacity(capacity)
  }

  var string: String { String(decoding: bytes, as: UTF8.self) }

  mutating func put(_ text: StaticString) {
    text.withUTF8Buffer { bytes.append(contentsOf: $0) }
  }

  mutating func put(_ text: String) {
    bytes.append(contentsOf: text.utf8)
  }

  mutating func put(byte: UInt8) {
    bytes.append(byte)
  }

  /// A whole number.
  mutating func integer(_ value: Int) {
    var magnitude = value.magnitude
    if value < 0 { bytes.append(UInt8(ascii: "-")) }
    if magnitude < 10 {
      bytes.append(UInt8(ascii: "0") + UInt8(magnitude))
      return
    }
    var digits:
      (
        UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
        UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8
      ) = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
    var count = 0
    withUnsafeMutableBytes(of: &digits) { buffer in
      while magnitude > 0 {
        buffer[count] = UInt8(ascii: "0") + UInt8(magnitude % 10)
        magnitude /= 10
        count += 1
      }
      for index in stride(from: count - 1, through: 0, by: -1) { bytes.append(buffer[index]) }
    }
  }

  /// A number rounded to 0.01 with no trailing zeros (`12`, `12.5`, `-0.25`), as
  /// `DisplayListJSON.number`.
  mutating func number(_ value: Double) {
    guard value.isFinite, abs(value) < 1e15 else {
      put(value.isNaN ? "0" : value < 0 ? "-1e15" : "1e15")
      return
    }
    let hundredths = Int((value * 100).rounded())
    if hundredths < 0 { bytes.append(UInt8(ascii: "-")) }
    let magnitude = abs(hundredths)
    integer(magnitude / 100)
    let fraction = magnitude % 100
    guard fraction != 0 else { return }
    bytes.append(UInt8(ascii: "."))
    bytes.append(UInt8(ascii: "0") + UInt8(fraction / 10))
    if fraction % 10 != 0 { bytes.append(UInt8(ascii: "0") + UInt8(fraction % 10)) }
  }

  /// A JSON string literal.
  mutating func quoted(_ text: String) {
    bytes.append(UInt8(ascii: "\""))
    for byte in text.utf8 {
      switch byte {
      case UInt8(ascii: "\""): put("\\\"")
      case UInt8(ascii: "\\"): put("\\\\")
      case 0x0A: put("\\n")
      case 0x0D: put("\\r")
      case 0x09: put("\\t")
      case 0..<0x20:
        put("\\u00")
        let digits: [UInt8] = Array("0123456789abcdef".utf8)
        bytes.append(digits[Int(byte >> 4)])
        bytes.append(digits[Int(byte & 0xF)])
      default: bytes.append(byte)
      }
    }
    bytes.append(UInt8(ascii: "\""))
  }
}
