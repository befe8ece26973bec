import DisplayList

/// PDF tokens as bytes: numbers in short fixed-point form, names and text strings.
enum PDFSyntax {
  /// The number as text, to at most three decimals without trailing zeros (`12.5`,
  /// `-0.333`, `7`), 0 when not finite (for dictionaries built as strings; content
  /// streams write through `ByteText.decimal`).
  static func number(_ value: Double) -> String {
    var text = ByteText(capacity: 32)
    text.decimal(value, places: 3)
    return text.string
  }

  /// A text string: `(literal)` for printable ASCII, else UTF-16BE with a byte-order mark
  /// as `<FEFF…>` (what PDF readers expect for titles and bookmarks).
  static func textString(_ text: String) -> String {
    var out = ByteText(capacity: 2 * text.utf8.count + 8)
    textString(text, into: &out)
    return out.string
  }

  /// A text string (`textString`) written into `out`, byte by byte (an outline and its
  /// links write hundreds).
  static func textString(_ text: String, into out: inout ByteText) {
    if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) {
      out.put(byte: UInt8(ascii: "("))
      for byte in text.utf8 {
        if byte == UInt8(ascii: "(") || byte == UInt8(ascii: ")") || byte == UInt8(ascii: "\\") {
          out.put(byte: UInt8(ascii: "\\"))
        }
        out.put(byte: byte)
      }
      out.put(byte: UInt8(ascii: ")"))
      return
    }
    out.put("<FEFF")
    for unit in text.utf16 { out.put(hex: unit) }
    out.put(byte: UInt8(ascii: ">"))
  }

  /// A PDF name from arbitrary text: characters outside `!`…`~` and delimiters as `#xx`.
  static func name(_ text: String) -> String {
    var out = "/"
    let delimiters: [UInt8] = Array("()<>[]{}/%#".utf8)
    for byte in text.utf8 {
      if byte < 0x21 || byte > 0x7E || delimiters.contains(byte) {
        out += "#" + hex(UInt32(byte), digits: 2)
      } else {
        out.append(Character(Unicode.Scalar(byte)))
      }
    }
    return out
  }

  /// Upper-case hexadecimal, zero-padded to `digits`.
  static func hex(_ value: UInt32, digits: Int) -> String {
    let text = String(value, radix: 16, uppercase: true)
    return String(repeating: "0", count: max(0, digits - text.count)) + text
  }

  /// FNV-1a, 64 bits: stable names for fonts and subset tags across runs and threads.
  static func stableHash(_ text: String) -> UInt64 {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in text.utf8 {
      hash ^= UInt64(byte)
      hash = hash &* 0x100_0000_01b3
    }
    return hash
  }
}
