import DisplayList
import Foundation
import Render
import Testing

/// Text measurement: point sizes, monotone widths, identical on every surface.
@Suite struct TextMeasurerTests {
  let font = FontSpec(family: "TeX Gyre Schola", size: 11)
  let lyric = "Twinkle, twinkle, little star, how I wonder what you are"

  @Test func identicalOnPDFImageAndSVGSurfaces() throws {
    let fonts = FontLibrary(directory: Fixtures.fontsDirectory)
    let measurer = try PangoTextMeasurer(fonts: fonts)
    let directory = try Fixtures.scratchDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }

    let pdf = try CairoContext(
      surface: .pdf(path: directory.appendingPathComponent("m.pdf").path, width: 595, height: 842))
    let svg = try CairoContext(
      surface: .svg(path: directory.appendingPathComponent("m.svg").path, width: 595, height: 842))
    let image150 = try CairoContext(surface: .image(pixelWidth: 1240, pixelHeight: 1754))
    image150.scale(150.0 / 72, 150.0 / 72)
    let image96 = try CairoContext(surface: .image(pixelWidth: 794, pixelHeight: 1123))
    image96.scale(96.0 / 72, 96.0 / 72)

    for spec in [
      font, FontSpec(family: "EB Garamond", size: 9.5, isItalic: true),
      FontSpec(family: "TeX Gyre Schola", size: 17, isBold: true),
    ] {
      let fixed = measurer.measure(lyric, font: spec)
      #expect(fixed.width > 0 && fixed.ascent > 0 && fixed.descent > 0)
      for context in [pdf, svg, image150, image96] {
        #expect(measurer.measure(lyric, font: spec, on: context) == fixed)
      }
    }
  }

  @Test func nonZeroAndMonotoneInLength() throws {
    let measurer = try PangoTextMeasurer(fonts: FontLibrary(directory: Fixtures.fontsDirectory))
    var previous = 0.0
    for length in 1...lyric.count {
      let width = measurer.measure(String(lyric.prefix(length)), font: font).width
      #expect(width > previous, "width of \(length) characters")
      previous = width
    }
    #expect(measurer.measure("", font: font).width == 0)
  }

  /// FontSpec sizes are points: the ascent plus descent scale with the size, widths scale
  /// linearly, and the "px" description equals a point size at Pango resolution 72.
  @Test func sizesArePoints() throws {
    let measurer = try PangoTextMeasurer(fonts: FontLibrary(directory: Fixtures.fontsDirectory))
    let small = measurer.measure("Hamburg", font: FontSpec(family: "TeX Gyre Schola", size: 12))
    let large = measurer.measure("Hamburg", font: FontSpec(family: "TeX Gyre Schola", size: 24))
    #expect(abs(large.width - 2 * small.width) < 0.01)
    #expect(abs((large.ascent + large.descent) - 2 * (small.ascent + small.descent)) < 0.01)
    // TeX Gyre Schola's hhea ascender/descender are 1135/-332 per 1000 units: at exactly
    // 12 pt that is 13.62 pt above and 3.984 pt below the baseline.
    #expect(abs(small.ascent - 13.62) < 0.005 && abs(small.descent - 3.984) < 0.005, "\(small)")
    #expect(FontSpec(family: "TeX Gyre Schola", size: 12).pangoDescription == "TeX Gyre Schola 12px")
    #expect(
      FontSpec(family: "TeX Gyre Schola", size: 10.5, isBold: true).pangoDescription
        == "TeX Gyre Schola Bold 10.5px")
  }

  @Test func resolvesInstalledFamilies() throws {
    let measurer = try PangoTextMeasurer(fonts: FontLibrary(directory: Fixtures.fontsDirectory))
    #expect(measurer.resolvedFamily(for: font) == "TeX Gyre Schola")
    #expect(measurer.resolvedFamily(for: FontSpec(family: "EB Garamond", size: 10)) == "EB Garamond")
  }
}
