import DisplayList
import Foundation
import Layout
import Testing

@testable import Render

/// A plain text measured by its one item (no PangoLayout) gets exactly the layout's extent
/// and glyph run; other texts are left to the layout.
@Suite struct ItemMeasureTests {
  let plain = [
    "Drowsy Maggie", "Ça ira, ça ira", "Ævintýri", "fi fl ffi AV To", "Die Forelle – D. 550",
    "“Quoted” ‘words’…", "Größe ÄÖÜ äöü ß", "  spaced  out  ", "(3) 6/8", "1.", "Am7/G", "J. S. Bach — 1723",
  ]
  let others = ["Σύρτος", "tab\there", "soft\u{AD}hyphen", "", "中文", "line\nbreak", "e\u{301}"]
  let fonts = [
    FontSpec(family: "TeX Gyre Schola", size: 15, isBold: false, isItalic: false),
    FontSpec(family: "TeX Gyre Schola", size: 11, isBold: true, isItalic: true),
    FontSpec(family: "TeX Gyre Heros", size: 9.5, isBold: false, isItalic: false),
    FontSpec(family: "No Such Family Installed", size: 12, isBold: false, isItalic: false),
  ]

  @Test func aPlainTextMeasuresAsItsLayout() throws {
    let measurer = try PangoTextMeasurer(fonts: FontLibrary(directory: Fixtures.fontsDirectory))
    for font in fonts {
      for text in plain {
        let item = try #require(
          measurer.withLock { measurer.itemMeasure(text, font: font, withRuns: true) }, "\(text)")
        let laidOut = try #require(
          measurer.withLock { () -> (TextExtent, [GlyphRun])? in
            guard let layout = measurer.measuringLayout(text, font: font) else { return nil }
            return (PangoTextMeasurer.metrics(of: layout), measurer.runs(of: layout, text: text))
          })
        #expect(item.extent == laidOut.0, "\(text) in \(font.family)")
        #expect(item.extent.width > 0)
        #expect(
          measurer.summary(item.runs ?? []) == measurer.summary(laidOut.1), "\(text) in \(font.family)")
      }
    }
  }

  /// Random texts of `alphabet` (up to `longest` characters, 150 per font) measured by
  /// items, each checked against its own layout; returns how many were shaped with a
  /// template the font already had (`hasTemplate` asked before each text).
  func measureRandomTexts(
    _ alphabet: [Character], longest: Int, seed start: UInt64,
    hasTemplate: (PangoTextMeasurer, FontSpec, String) -> Bool
  ) throws -> Int {
    let measurer = try PangoTextMeasurer(fonts: FontLibrary(directory: Fixtures.fontsDirectory))
    var seed = start
    func next(_ bound: Int) -> Int {
      seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int((seed >> 33) % UInt64(bound))
    }
    var shapedByTemplate = 0
    for font in fonts {
      for _ in 0..<150 {
        let text = String((0..<(1 + next(longest))).map { _ in alphabet[next(alphabet.count)] })
        let hadTemplate = measurer.withLock { hasTemplate(measurer, font, text) }
        guard let item = measurer.withLock({ measurer.itemMeasure(text, font: font, withRuns: true) }) else {
          continue
        }
        if hadTemplate { shapedByTemplate += 1 }
        let laidOut = try #require(
          measurer.withLock { () -> (TextExtent, [GlyphRun])? in
            guard let layout = measurer.measuringLayout(text, font: font) else { return nil }
            return (PangoTextMeasurer.metrics(of: layout), measurer.runs(of: layout, text: text))
          })
        #expect(item.extent == laidOut.0, "\(text) in \(font.family)")
        #expect(
          measurer.summary(item.runs ?? []) == measurer.summary(laidOut.1), "\(text) in \(font.family)")
      }
    }
    return shapedByTemplate
  }

  /// After a font's first Latin text, its Latin texts are shaped with that text's item and
  /// measured from their advances: each must still equal its own layout, whatever mix of
  /// letters, digits, punctuation, Latin-1 and quotes it holds (texts made at random).
  @Test func latinTextsMeasureAsTheirLayoutsAfterTheFirst() throws {
    let alphabet = Array(
      "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789     .,;:!?'\"()[]-/&#%+=*"
        + "ÀÉÎÕÜßàçéèêëïñóöøùüÿªº°±×÷§©«»¿¡–—‘’“”…fiflffAVToWaYe")
    let shapedByTemplate = try measureRandomTexts(alphabet, longest: 24, seed: 0x2545_F491_4F6C_DD1D) {
      measurer, font, text in
      measurer.itemTemplates[font] != nil && PangoTextMeasurer.script(of: text) == .latin
    }
    // Most random texts have a letter, so most took the template's way.
    #expect(shapedByTemplate > 400)
  }

  /// Texts without letters (page numbers, "(3) 6/8", "— 12 —") are shaped with the item of
  /// the font's first such text: each must still equal its own layout.
  @Test func textsWithoutLettersMeasureAsTheirLayoutsAfterTheFirst() throws {
    let alphabet = Array("0123456789     .,;:!?'\"()[]-/&#%+=*°±×÷§©«»¿¡–—‘’“”…½¼¾¹²³£¥¢¤¦¨¬®¯´·¸")
    let shapedByTemplate = try measureRandomTexts(alphabet, longest: 12, seed: 0x9E37_79B9_7F4A_7C15) {
      measurer, font, text in
      #expect(PangoTextMeasurer.script(of: text) == .common)
      return measurer.commonItemTemplates[font] != nil
    }
    #expect(shapedByTemplate > 400)
  }

  @Test func otherTextsAreLeftToTheLayout() throws {
    let measurer = try PangoTextMeasurer(fonts: FontLibrary(directory: Fixtures.fontsDirectory))
    for text in others {
      #expect(!PangoTextMeasurer.isPlain(text), "\(text)")
      #expect(measurer.withLock { measurer.itemMeasure(text, font: fonts[0], withRuns: false) } == nil)
    }
    // Measured all the same, by the layout.
    #expect(measurer.measure("Σύρτος", font: fonts[0]).width > 0)
  }
}
