import DisplayList
import Foundation
import Layout
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
        let kept = try #require(keeping.shared.runs(.init(text: text, font: font)), "\(text)")
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
    #expect(measurer.shared.runs(.init(text: "Drowsy Maggie", font: fonts[0])) == nil)
  }

  @Test func aMeasurerSharingTheCacheFindsWhatAnotherShaped() throws {
    let library = FontLibrary(directory: Fixtures.fontsDirectory)
    let first = try PangoTextMeasurer(fonts: library)
    first.shapesWhenMeasuring = true
    let second = try PangoTextMeasurer(fonts: library, sharing: first.shared)
    let fresh = try PangoTextMeasurer(fonts: library)
    for font in fonts {
      for text in texts {
        let extent = first.measure(text, font: font)
        #expect(second.measure(text, font: font) == extent, "\(text)")
        #expect(fresh.measure(text, font: font) == extent, "\(text)")
        // The runs the first shaped, their faces numbered alike for both measurers.
        #expect(
          second.summary(second.glyphRuns(text, font: font))
            == fresh.summary(fresh.glyphRuns(text, font: font)))
      }
    }
    // The second measurer shaped nothing itself: it met no font of its own.
    #expect(second.withLock { second.runFonts.isEmpty })
    #expect(!first.withLock { first.runFonts.isEmpty })
  }

  @Test func measurersOnTwoThreadsSharingTheCacheAgreeWithOneAlone() async throws {
    let library = FontLibrary(directory: Fixtures.fontsDirectory)
    let shared = ShapedTextCache()
    let lone = try PangoTextMeasurer(fonts: library)
    let pairs = fonts.flatMap { font in texts.map { ($0, font) } }
    let expected = pairs.map { lone.summary(lone.glyphRuns($0.0, font: $0.1)) }
    let extents = pairs.map { lone.measure($0.0, font: $0.1) }
    // Two threads, each with its own measurer, meet the texts in opposite orders.
    let results = try await withThrowingTaskGroup(of: [Int: ([String], TextExtent)].self) { group in
      for reversed in [false, true] {
        group.addTask {
          let measurer = try PangoTextMeasurer(fonts: library, sharing: shared)
          measurer.shapesWhenMeasuring = true
          var seen: [Int: ([String], TextExtent)] = [:]
          for index in reversed ? Array(pairs.indices.reversed()) : Array(pairs.indices) {
            let (text, font) = pairs[index]
            let extent = measurer.measure(text, font: font)
            seen[index] = (measurer.summary(measurer.glyphRuns(text, font: font)), extent)
          }
          return seen
        }
      }
      return try await group.reduce(into: []) { $0.append($1) }
    }
    #expect(results.count == 2)
    for seen in results {
      for index in pairs.indices {
        #expect(seen[index]?.0 == expected[index], "\(pairs[index].0)")
        #expect(seen[index]?.1 == extents[index], "\(pairs[index].0)")
      }
    }
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
