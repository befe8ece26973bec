/// Resolves the escapes ABC allows in text strings: titles, annotations, lyrics, words.
///
/// Method: one left-to-right pass over the scalars. A backslash starts a mnemonic: an
/// accent sign and a letter (`\'e` é, `` \`a `` à, `\^o` ô, `\"u` ü, `\~n` ñ, `\cc` ç,
/// `\/o` ø, `\vs` š, `\uA` ă, `\Ho` ő, `\oa`/`\aa` å), a ligature (`\ss` ß, `\ae` æ,
/// `\oe` œ, `\AE`, `\OE`), a code point (`\u00e9`, `\U0001D11E`), an octal byte as
/// older files write them (`\351` é; a run of octal bytes that forms UTF-8, `\303\251`,
/// is read as UTF-8, otherwise each byte as Latin-1) or an escaped character (`\\`,
/// `\&`, `\%`, `\"`, and `\~` for a tilde where no letter follows to take it). An ampersand starts an HTML-style entity
/// (`&eacute;`, `&amp;`, `&#233;`, `&#xE9;`). Anything that does not form a known
/// escape is kept as written, so text is never lost. Text without `\` or `&` is
/// returned unchanged (the common case costs one scan).
///
/// Example: `Caf\'e &amp; cr&egrave;me` → `Café & crème`.
///
/// Known limits: only the accented letters of the tables in `AccentTable` are
/// composed; other letter–accent pairs are left as written.
public enum TextEscapes {
  /// `text` with its escapes resolved.
  public static func decode(_ text: String) -> String {
    // `\` or `&`, looked for in the string's own bytes (most texts have neither).
    let startsEscape = { (byte: UInt8) in byte == 0x5C || byte == 0x26 }
    let hasEscape =
      text.utf8.withContiguousStorageIfAvailable { $0.contains(where: startsEscape) }
      ?? text.utf8.contains(where: startsEscape)
    guard hasEscape else { return text }
    let scalars = Array(text.unicodeScalars)
    var output = String.UnicodeScalarView()
    var index = 0
    while index < scalars.count {
      let scalar = scalars[index]
      if scalar == "\\", let (decoded, length) = backslash(scalars, at: index) {
        output.append(contentsOf: decoded.unicodeScalars)
        index += length
      } else if scalar == "&", let (decoded, length) = entity(scalars, at: index) {
        output.append(contentsOf: decoded.unicodeScalars)
        index += length
      } else {
        output.append(scalar)
        index += 1
      }
    }
    return String(output)
  }

  /// The text and scalar count of a backslash escape at `index`, or nil.
  static func backslash(_ scalars: [Unicode.Scalar], at index: Int) -> (String, Int)? {
    guard index + 1 < scalars.count else { return nil }
    let sign = scalars[index + 1]
    if sign == "u" || sign == "U",
      let scalar = hexScalar(scalars, from: index + 2, digits: sign == "u" ? 4 : 8)
    {
      return (String(Character(scalar)), sign == "u" ? 6 : 10)
    }
    if index + 2 < scalars.count {
      let pair = String(String.UnicodeScalarView([sign, scalars[index + 2]]))
      if let ligature = AccentTable.ligatures[pair] { return (ligature, 3) }
      if let letter = AccentTable.compose(accent: sign, letter: scalars[index + 2]) {
        return (String(Character(letter)), 3)
      }
    }
    if let octal = octalBytes(scalars, from: index) { return octal }
    if "\\&%\"~".unicodeScalars.contains(sign) { return (String(Character(sign)), 2) }
    return nil
  }

  /// The text and scalar count of a run of octal byte escapes (`\351`, `\303\251`) at
  /// `index`, or nil: UTF-8 when the bytes form it, else Latin-1 byte by byte.
  static func octalBytes(_ scalars: [Unicode.Scalar], from index: Int) -> (String, Int)? {
    var bytes: [UInt8] = []
    var end = index
    while end + 3 < scalars.count, scalars[end] == "\\" {
      let digits = scalars[(end + 1)...(end + 3)].map { $0.value &- 0x30 }
      guard digits[0] <= 3, digits[1] <= 7, digits[2] <= 7 else { break }
      bytes.append(UInt8(digits[0] * 64 + digits[1] * 8 + digits[2]))
      end += 4
    }
    guard !bytes.isEmpty else { return nil }
    if bytes.contains(where: { $0 >= 0x80 }), let utf8 = String(validating: bytes, as: UTF8.self) {
      return (utf8, end - index)
    }
    let latin1 = String(String.UnicodeScalarView(bytes.map { Unicode.Scalar($0) }))
    return (latin1, end - index)
  }

  /// The text and scalar count of an entity (`&name;`, `&#nn;`, `&#xhh;`) at `index`.
  static func entity(_ scalars: [Unicode.Scalar], at index: Int) -> (String, Int)? {
    var end = index + 1
    while end < scalars.count, end - index <= 10, scalars[end] != ";" {
      guard scalars[end].isASCIILetter || scalars[end].asciiDigit != nil || scalars[end] == "#" else {
        return nil
      }
      end += 1
    }
    guard end < scalars.count, scalars[end] == ";", end > index + 1 else { return nil }
    let name = String(String.UnicodeScalarView(scalars[(index + 1)..<end]))
    let length = end - index + 1
    if name.hasPrefix("#") {
      let digits = name.dropFirst()
      let value: UInt32? =
        digits.hasPrefix("x") || digits.hasPrefix("X")
        ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits, radix: 10)
      guard let value, let scalar = Unicode.Scalar(value) else { return nil }
      return (String(Character(scalar)), length)
    }
    guard let text = AccentTable.entity(named: name) else { return nil }
    return (text, length)
  }

  /// The scalar written as `digits` hexadecimal digits from `start`, or nil.
  static func hexScalar(_ scalars: [Unicode.Scalar], from start: Int, digits: Int) -> Unicode.Scalar? {
    guard start + digits <= scalars.count else { return nil }
    var value: UInt32 = 0
    for scalar in scalars[start..<(start + digits)] {
      guard let digit = UInt32(String(Character(scalar)), radix: 16) else { return nil }
      value = value * 16 + digit
    }
    return Unicode.Scalar(value)
  }
}
