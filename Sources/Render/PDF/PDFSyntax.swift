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
    if text.unicodeScalars.allSatisfy({ $0.value >= 0x20 && $0.value < 0x7F }) {
      var out = "("
      for character in text {
        if character == "(" || character == ")" || character == "\\" { out.append("\\") }
        out.append(character)
      }
      return out + ")"
    }
    var out = "<FEFF"
    for unit in text.utf16 { out += hex(UInt32(unit), digits: 4) }
    return out + ">"
  }

  /// A PDF name from arbitrary text: characters outside `!`…`~` and delimiters as `#xx`.
  static func name(_ text: String) -> String {
    var out = "/"
    for byte in text.utf8 {
      let delimiters: [UInt8] = Array("()<>[]{}/%#".utf8)
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
