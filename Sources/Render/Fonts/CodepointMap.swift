/// A font's code point → glyph index table: the Private Use Area, where SMuFL puts every
/// music glyph, as a flat table read by subtraction; other code points in a dictionary. A
/// page's PDF looks up every music glyph (a hashed lookup each was a hundredth of a book).
struct CodepointMap: Sendable {
  /// U+E000 through U+F8FF.
  private static let privateUse: ClosedRange<UInt32> = 0xE000...0xF8FF
  /// Glyph indices of the Private Use Area's code points; 0 where the font has none (a
  /// font never maps a character to glyph 0, `.notdef`).
  private var table: [UInt32]
  private var others: [UInt32: UInt32] = [:]

  /// Every code point of `pairs` with its glyph index.
  init(_ pairs: some Sequence<(codepoint: UInt32, glyph: UInt32)>) {
    table = Array(repeating: 0, count: Self.privateUse.count)
    for (codepoint, glyph) in pairs {
      if Self.privateUse.contains(codepoint), glyph != 0 {
        table[Int(codepoint &- Self.privateUse.lowerBound)] = glyph
      } else {
        others[codepoint] = glyph
      }
    }
  }

  subscript(codepoint: UInt32) -> UInt32? {
    let offset = codepoint &- Self.privateUse.lowerBound
    if offset < UInt32(Self.privateUse.count) {
      let glyph = table[Int(offset)]
      return glyph == 0 ? nil : glyph
    }
    return others[codepoint]
  }
}
