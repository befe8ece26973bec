import Foundation

/*
 TextEscapes — ABC text escapes to Unicode, and typographic quotes.

 Method. One left-to-right scan. A backslash followed by an accent mark and a letter
 becomes the letter with the combining accent (`\'e` → é, `\"u` → ü, `` \`a `` → à,
 `\^o` → ô, `\~n` → ñ, `\cc` → ç, `\oa` → å, `\=o` → ō); ligatures and special letters
 (`\ss` ß, `\ae` æ, `\AE` Æ, `\oe` œ, `\/o` ø, `\/O` Ø) are looked up; `\uXXXX` and
 `\UXXXXXXXX` are code points; `&name;` and `&#233;` / `&#xE9;` are HTML entities.
 The result is composed (NFC) so accented letters are single characters.
 `typographic` turns straight quotes into curly ones: an opening `"` after a space or at
 the start, a closing one elsewhere; an apostrophe inside or after a word is ’.

 Limits. Only the common named HTML entities are known; an unknown escape is kept as typed.
 */

/// Decodes ABC text escapes and sets quotes typographically.
public enum TextEscapes {
  static let accents: [Character: UnicodeScalar] = [
    "'": "\u{301}", "`": "\u{300}", "^": "\u{302}", "\"": "\u{308}", "~": "\u{303}", "c": "\u{327}",
    "o": "\u{30A}", "=": "\u{304}", "v": "\u{30C}", "u": "\u{306}", ".": "\u{307}",
  ]
  static let pairs: [String: String] = [
    "ss": "ß", "ae": "æ", "AE": "Æ", "oe": "œ", "OE": "Œ", "/o": "ø", "/O": "Ø", "aa": "å", "AA": "Å",
  ]
  static let entities: [String: String] = [
    "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "szlig": "ß", "aelig": "æ", "AElig": "Æ",
    "oslash": "ø", "Oslash": "Ø", "aring": "å", "Aring": "Å", "lsquo": "‘", "rsquo": "’", "ldquo": "“",
    "rdquo": "”", "ndash": "–", "mdash": "—", "hellip": "…", "nbsp": "\u{A0}", "copy": "©", "euro": "€",
  ]
  static let entityAccents: [String: UnicodeScalar] = [
    "acute": "\u{301}", "grave": "\u{300}", "circ": "\u{302}", "uml": "\u{308}", "tilde": "\u{303}",
    "cedil": "\u{327}", "ring": "\u{30A}",
  ]

  /// `text` with every ABC escape decoded, in NFC.
  public static func decode(_ text: String) -> String {
    guard text.utf8.contains(where: { $0 == UInt8(ascii: "\\") || $0 == UInt8(ascii: "&") }) else {
      return text
    }
    let characters = Array(text)
    var out = ""
    var index = 0
    while index < characters.count {
      let character = characters[index]
      if character == "\\", index + 2 < characters.count + 1,
        let (decoded, length) = backslash(characters, index)
      {
        out += decoded
        index += length
      } else if character == "&", let (decoded, length) = entity(characters, index) {
        out += decoded
        index += length
      } else {
        out.append(character)
        index += 1
      }
    }
    return out.precomposedStringWithCanonicalMapping
  }

  private static func backslash(_ characters: [Character], _ index: Int) -> (String, Int)? {
    guard index + 2 < characters.count else { return nil }
    let mark = characters[index + 1]
    let next = characters[index + 2]
    let pair = String([mark, next])
    if let special = pairs[pair] { return (special, 3) }
    if mark == "u" || mark == "U" {
      let digits = mark == "u" ? 4 : 8
      guard index + 1 + digits < characters.count else { return nil }
      let hex = String(characters[(index + 2)..<(index + 2 + digits)])
      if let value = UInt32(hex, radix: 16), let scalar = UnicodeScalar(value) {
        return (String(scalar), 2 + digits)
      }
    }
    if let accent = accents[mark], next.isLetter {
      return (String(next) + String(accent), 3)
    }
    return nil
  }

  private static func entity(_ characters: [Character], _ index: Int) -> (String, Int)? {
    guard let end = characters[index...].prefix(12).firstIndex(of: ";") else { return nil }
    let name = String(characters[(index + 1)..<end])
    let length = end - index + 1
    if name.hasPrefix("#") {
      let digits = name.dropFirst()
      let value = digits.hasPrefix("x") ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits)
      return value.flatMap(UnicodeScalar.init).map { (String($0), length) }
    }
    if let known = entities[name] { return (known, length) }
    if let letter = name.first, letter.isLetter, let accent = entityAccents[String(name.dropFirst())] {
      return (String(letter) + String(accent), length)
    }
    return nil
  }

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
  public static func display(_ text: String) -> String { typographic(decode(text)) }
}
