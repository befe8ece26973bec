import CABCPressFreeType
import Testing

@testable import Render

/// A font's code point table gives what the font's cmap gives: the Private Use Area from
/// its flat table, other code points from the dictionary, nothing for the unmapped.
@Suite struct CodepointMapTests {
  @Test func lookupsAgreeWithTheFontsPairs() {
    var pairs: [UInt32: UInt32] = [0x20: 3, 0x41: 36, 0xDFFF: 9, 0xF900: 10, 0x1D11E: 77]
    for codepoint in stride(from: UInt32(0xE000), through: 0xF8FF, by: 7) {
      pairs[codepoint] = codepoint &- 0xDF00
    }
    let map = CodepointMap(pairs.map { (codepoint: $0.key, glyph: $0.value) })
    for codepoint in [
      0, 0x20, 0x41, 0x42, 0xDFFF, 0xE000, 0xE001, 0xE007, 0xF8FF, 0xF8FC, 0xF900, 0x1D11E, 0x10FFFF,
    ] as [UInt32] {
      #expect(map[codepoint] == pairs[codepoint], "U+\(String(codepoint, radix: 16))")
    }
    for codepoint in UInt32(0xE000)...0xF8FF { #expect(map[codepoint] == pairs[codepoint]) }
  }

  @Test func theBundledMusicFontMapsItsGlyphsAsFreeTypeDoes() throws {
    let face = try FontLibrary(directory: Fixtures.fontsDirectory).musicFace("Bravura")
    var found = 0
    for codepoint in Array(0...0x7F) + Array(0xE000...0xF8FF) + [0x1D11E, 0x266F] as [UInt32] {
      let index = UInt32(FT_Get_Char_Index(face.face, FT_ULong(codepoint)))
      #expect(face.glyphIndex(for: codepoint) == (index == 0 ? nil : index))
      if index != 0 { found += 1 }
    }
    #expect(found > 500)
  }
}
