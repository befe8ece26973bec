import Foundation

/// Turns the bytes of an ABC file into text: UTF-8, or ISO-8859-1 (Latin-1) when the
/// bytes are not valid UTF-8 or the file says `I:abc-charset iso-8859-1`
/// (`%%abc-charset` too).
///
/// Many older tune books were saved as Latin-1; decoding them as UTF-8 would turn every
/// accented letter into U+FFFD. Latin-1 maps each byte to the code point of the same
/// value, so it can always be decoded.
public enum SourceDecoder {
  /// The text of `data`.
  public static func decode(_ data: Data) -> String {
    if !declaresLatin1(data), let text = String(validating: data, as: UTF8.self) { return text }
    return latin1(data)
  }

  /// Each byte as the code point of the same value.
  static func latin1(_ data: Data) -> String {
    String(unsafeUninitializedCapacity: data.count * 2) { buffer in
      var count = 0
      for byte in data {
        if byte < 0x80 {
          buffer[count] = byte
          count += 1
        } else {
          buffer[count] = 0xC0 | (byte >> 6)
          buffer[count + 1] = 0x80 | (byte & 0x3F)
          count += 2
        }
      }
      return count
    }
  }

  /// True when an `abc-charset` instruction names ISO-8859-1 (or latin1).
  static func declaresLatin1(_ data: Data) -> Bool {
    let key = Array("abc-charset".utf8)
    guard let first = key.first else { return false }
    let bytes = [UInt8](data)
    var index = 0
    while index + key.count <= bytes.count {
      if bytes[index] == first, Array(bytes[index..<index + key.count]) == key {
        var end = index + key.count
        while end < bytes.count && bytes[end] != 10 && bytes[end] != 13 { end += 1 }
        let value = String(decoding: bytes[(index + key.count)..<end], as: UTF8.self)
          .lowercased().filter { !$0.isWhitespace }
        if value.hasPrefix("iso-8859-1") || value.hasPrefix("latin1") || value.hasPrefix("latin-1") {
          return true
        }
        index = end
      } else {
        index += 1
      }
    }
    return false
  }
}
