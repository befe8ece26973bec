import Testing

@testable import Render

/// Pages' font uses taken into a document's: a glyph keeps the first text it was known
/// by, a glyph known only as "" takes a later text, whatever order the pages come in.
@Suite struct PDFFontUseTests {
  @Test func absorbingKeepsTheFirstKnownTextOfEachGlyph() {
    var random = SystemRandomNumberGenerator()
    let texts = ["", "", "a", "b", "ff", "\u{E0A4}"]
    for _ in 0..<200 {
      let pages = (0..<Int.random(in: 1...8, using: &random)).map { _ in
        Dictionary(
          (0..<Int.random(in: 0...40, using: &random)).map { _ in
            (UInt32.random(in: 0...300, using: &random), texts.randomElement(using: &random)!)
          }, uniquingKeysWith: { first, _ in first })
      }
      var document = PDFFontUse(source: .music(family: "Bravura"))
      var expected: [UInt32: String] = [:]
      for page in pages {
        var use = PDFFontUse(source: .music(family: "Bravura"))
        for (glyph, text) in page { use.note(glyph) { text } }
        document.absorb(use)
        for (glyph, text) in page where (expected[glyph] ?? "").isEmpty { expected[glyph] = text }
        // Taken in twice, nothing changes.
        document.absorb(use)
      }
      #expect(document.glyphs == expected)
    }
  }
}
