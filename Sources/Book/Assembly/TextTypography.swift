import ABCParser

/*
 TextTypography — what readers see of ABC text: escapes decoded, quotes set curly.

 Method. Escapes are decoded by the parser's `TextEscapes` (one table for the whole
 program). `typographic` then turns straight quotes into curly ones in one scan: an
 opening `"` after a space, an opening bracket or at the start, a closing one elsewhere;
 an apostrophe inside or after a word is ’.

 Example: `He said "it's Sully's" tune` → `He said “it’s Sully’s” tune`.

 Limits. Quotes nested in quotes of the same kind are guessed by their neighbours only.
 */

/// Sets ABC text for display: escapes decoded, quotes typographic.
public enum TextTypography {
  /// Straight quotes as curly ones.
  public static func typographic(_ text: String) -> String {
    guard text.utf8.contains(where: { $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "'") }) else {
      return text
    }
    return text.utf8.allSatisfy({ $0 < 0x80 }) ? asciiTypographic(text) : characterTypographic(text)
  }

  /// `typographic` of an ASCII text, byte by byte: in ASCII every character is one byte
  /// (or "\r\n", white space either way), so the quotes' neighbours are bytes (walking the
  /// text by characters cost a grapheme break test per character, for most titles).
  static func asciiTypographic(_ text: String) -> String {
    var out: [UInt8] = []
    out.reserveCapacity(text.utf8.count + 8)
    var previous = UInt8(ascii: " ")
    for byte in text.utf8 {
      let opens =
        previous == 0x20 || (0x09...0x0D).contains(previous) || previous == UInt8(ascii: "(")
        || previous == UInt8(ascii: "[") || previous == UInt8(ascii: "{")
      switch byte {
      case UInt8(ascii: "\""):
        out.append(0xE2)
        out.append(0x80)
        out.append(opens ? 0x9C : 0x9D)  // “ or ”
      case UInt8(ascii: "'"):
        out.append(0xE2)
        out.append(0x80)
        out.append(opens ? 0x98 : 0x99)  // ‘ or ’
      default: out.append(byte)
      }
      previous = byte
    }
    return String(decoding: out, as: UTF8.self)
  }

  /// `typographic` character by character, for any text.
  static func characterTypographic(_ text: String) -> String {
    var out = ""
    var previous: Character = " "
    for character in text {
      switch character {
      case "\"": out.append(previous.isWhitespace || "([{“‘".contains(previous) ? "“" : "”")
      case "'": out.append(previous.isWhitespace || "([{“".contains(previous) ? "‘" : "’")
      default: out.append(character)
      }
      previous = character
    }
    return out
  }

  /// Decoded and typographic: what readers see.
  public static func display(_ text: String) -> String { typographic(TextEscapes.decode(text)) }
}
