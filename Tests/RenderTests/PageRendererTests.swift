import DisplayList
import Foundation
import Render
import Testing

/// Painting details seen in pixels: glyph stretching, dashes, butt caps and role colours.
@Suite struct PageRendererTests {
  let dpi = 144.0  // two pixels per point

  func render(_ items: [DisplayItem], palette: RolePalette = .standard) throws -> RasterImage {
    let directory = try Fixtures.scratchDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    var renderer = try Fixtures.renderer()
    renderer.palette = palette
    let url = directory.appendingPathComponent("items.png")
    try renderer.write(
      DisplayList(pages: [DisplayPage(width: 300, height: 200, items: items)]), to: url, format: .png,
      dpi: dpi)
    return try RasterImage(contentsOfPNG: url)
  }

  /// The first and last dark pixel columns of a pixel row.
  func inkSpan(_ image: RasterImage, row: Int) -> ClosedRange<Int>? {
    let dark = (0..<image.width).filter { image.isDark(x: $0, y: row) }
    guard let first = dark.first, let last = dark.last else { return nil }
    return first...last
  }

  @Test func scaleXStretchesGlyphsFromTheirOrigin() throws {
    var wide = Fixtures.glyph(.notehead, "noteheadBlack", 0xE0A4, x: 100, y: 150)
    if case .glyph(var shape) = wide.shape {
      shape.scaleX = 2
      wide.shape = .glyph(shape)
    }
    let image = try render([Fixtures.glyph(.notehead, "noteheadBlack", 0xE0A4, x: 100, y: 50), wide])
    // noteheadBlack is 1.18 staff spaces wide: 7.08 pt, i.e. 14 px at 144 dpi.
    let natural = try #require(inkSpan(image, row: 100))
    let stretched = try #require(inkSpan(image, row: 300))
    #expect(abs(natural.lowerBound - 200) <= 1 && abs(natural.count - 14) <= 2)
    #expect(abs(stretched.lowerBound - 200) <= 1 && abs(stretched.count - 28) <= 2)
  }

  @Test func dashedLinesAlternate() throws {
    let solid = LineShape(from: Point(x: 50, y: 50), to: Point(x: 250, y: 50), thickness: 2)
    var dashed = solid
    dashed.from.y = 100
    dashed.to.y = 100
    dashed.dash = 5
    let image = try render([
      DisplayItem(role: .staffLine, shape: .line(solid), box: Rect(x: 50, y: 49, width: 200, height: 2)),
      DisplayItem(role: .volta, shape: .line(dashed), box: Rect(x: 50, y: 99, width: 200, height: 2)),
    ])
    let columns = 100..<500
    #expect(image.darkPixelCount(rows: 100..<101, columns: columns) == 400)  // butt caps: 50…250 pt
    #expect(image.darkPixelCount(rows: 100..<101, columns: 90..<100) == 0)
    let dashedInk = image.darkPixelCount(rows: 200..<201, columns: columns)
    #expect(dashedInk > 180 && dashedInk < 220)
  }

  @Test func paletteColoursByRole() throws {
    let red = RGBAColor(red: 1, green: 0, blue: 0)
    let palette = RolePalette(
      background: RGBAColor(red: 0, green: 0, blue: 1), overrides: [.notehead: red])
    let items = [
      Fixtures.glyph(.notehead, "noteheadBlack", 0xE0A4, x: 100, y: 100),
      DisplayItem(
        role: .stem,
        shape: .line(LineShape(from: Point(x: 200, y: 80), to: Point(x: 200, y: 120), thickness: 2)),
        box: Rect(x: 199, y: 80, width: 2, height: 40)),
    ]
    let image = try render(items, palette: palette)
    #expect(image.color(x: 207, y: 200) == RGBAColor(red: 1, green: 0, blue: 0))  // notehead centre
    #expect(image.color(x: 400, y: 200) == RGBAColor(red: 0, green: 0, blue: 0))  // stem: default ink
    #expect(image.color(x: 10, y: 10) == RGBAColor(red: 0, green: 0, blue: 1))  // background
  }
}
