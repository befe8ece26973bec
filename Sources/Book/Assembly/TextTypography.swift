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
