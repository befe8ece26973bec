import DisplayList
import Foundation
import Testing

@testable import Render

/// Measuring for a PDF keeps the text's glyph runs: the same glyphs, places and faces as
/// shaping the text afresh, and nothing laid out a second time.
@Suite struct MeasuredGlyphRunTests {
  let texts = [
    "Drowsy Maggie", "The Kesh — jig", "Ça ira, ça ira", "Ævintýri", "fi fl ffi AV To", "Σύρτος",
  ]
  let fonts = [
    FontSpec(family: "TeX Gyre Schola", size: 15, isBold: false, isItalic: false),
    FontSpec(family: "TeX Gyre Schola", size: 11, isBold: true, isItalic: true),
  ]

  @Test func measuredRunsAreTheShapedOnes() throws {
    let library = FontLibrary(directory: Fixtures.fontsDirectory)
    let keeping = try PangoTextMeasurer(fonts: library)
    keeping.shapesWhenMeasuring = true
    let fresh = try PangoTextMeasurer(fonts: library)
    for font in fonts {
      for text in texts {
        _ = keeping.measure(text, font: font)
        // Kept by the measurement, before anything asked to shape it.
        let kept = try #require(
          keeping.withLock { keeping.runCache[.init(text: text, font: font)] }, "\(text)")
        #expect(!kept.isEmpty)
        #expect(keeping.summary(kept) == fresh.summary(fresh.glyphRuns(text, font: font)), "\(text)")
        #expect(keeping.summary(keeping.glyphRuns(text, font: font)) == keeping.summary(kept))
      }
    }
  }

  @Test func measuringAloneKeepsNoRuns() throws {
    let measurer = try PangoTextMeasurer(fonts: FontLibrary(directory: Fixtures.fontsDirectory))
    #expect(!measurer.shapesWhenMeasuring)
    _ = measurer.measure("Drowsy Maggie", font: fonts[0])
    #expect(measurer.withLock { measurer.runCache.isEmpty })
  }
}

extension PangoTextMeasurer {
  /// Glyph runs as text (face, size, styles, each glyph's id, place and text), to compare.
  func summary(_ runs: [GlyphRun]) -> [String] {
    runs.map { run in
      let face = face(run.face)
      let glyphs = run.glyphs.map { "\($0.id)@\($0.x),\($0.y):\($0.text ?? "-")" }
      return "\(face.path)#\(face.index) \(run.size) \(run.slant) \(run.embolden) \(glyphs)"
    }
  }
}
