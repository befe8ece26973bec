import DisplayList
import Foundation
import Render
import Testing

/// PNG output: pixel size per dpi, ink where items are drawn and none in the margins.
@Suite struct PNGWriterTests {
  let dpi = 150.0
  var scale: Double { dpi / 72 }

  /// Dark pixels in a band of page points: rows y0..<y1, columns x0..<x1.
  func dark(_ image: RasterImage, x0: Double, x1: Double, y0: Double, y1: Double) -> Int {
    image.darkPixelCount(
      rows: Int(y0 * scale)..<Int(y1 * scale), columns: Int(x0 * scale)..<Int(x1 * scale))
  }

  @Test func singlePageSizeAndInk() throws {
    let directory = try Fixtures.scratchDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let url = directory.appendingPathComponent("page.png")
    let written = try Fixtures.renderer().write(
      DisplayList(pages: [Fixtures.musicPage()]), to: url, format: .png, dpi: dpi)
    #expect(written == [url])
    #expect(Fixtures.files(in: directory) == ["page.png"])

    let size = try #require(try Fixtures.pngSize(url))
    #expect(size.width == 1240 && size.height == 1754)
    let image = try RasterImage(contentsOfPNG: url)
    #expect(image.width == 1240 && image.height == 1754)

    // Every staff line is a dark row across an empty stretch of the staff…
    let columns = Int(400 * scale)..<Int(520 * scale)
    for index in 0..<5 {
      let row = Int(Fixtures.staffLineY(index) * scale)
      #expect(image.darkPixelCount(rows: row..<row + 1, columns: columns) >= columns.count * 95 / 100)
    }
    // …with white between the lines and in the margins.
    #expect(dark(image, x0: 400, x1: 520, y0: 202, y1: 204) == 0)
    #expect(dark(image, x0: 0, x1: 595, y0: 0, y1: 90) == 0)
    #expect(dark(image, x0: 0, x1: 595, y0: 260, y1: 841) == 0)
    #expect(dark(image, x0: 0, x1: 60, y0: 0, y1: 841) == 0)
    // The title's ink lies above its baseline.
    #expect(dark(image, x0: 240, x1: 340, y0: 106, y1: 120) > 100)
  }

  /// A treble clef at 1 staff space = 6 pt spans about 7 spaces, 4.4 above the G line and
  /// 2.6 below it (SMuFL bbox), so its ink runs from y ≈ 191.6 to y ≈ 233.8.
  @Test func trebleClefHasItsSizeAndPlace() throws {
    let directory = try Fixtures.scratchDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let url = directory.appendingPathComponent("clef.png")
    var page = Fixtures.musicPage()
    page.items.removeAll { $0.role == .staffLine }
    try Fixtures.renderer().write(DisplayList(pages: [page]), to: url, format: .png, dpi: dpi)
    let image = try RasterImage(contentsOfPNG: url)
    let (left, right) = (Fixtures.staffLeft + 6, Fixtures.staffLeft + 6 + 16.1)
    #expect(dark(image, x0: left, x1: right, y0: 193, y1: 197) > 0)
    #expect(dark(image, x0: left, x1: right, y0: 229, y1: 233) > 0)
    #expect(dark(image, x0: left - 10, x1: right + 10, y0: 150, y1: 190) == 0)
    #expect(dark(image, x0: left - 10, x1: right + 10, y0: 236, y1: 280) == 0)
  }

  @Test func severalPagesGetNumberedFiles() throws {
    let directory = try Fixtures.scratchDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let url = directory.appendingPathComponent("tune.png")
    let list = DisplayList(
      pages: [
        Fixtures.musicPage(),
        Fixtures.musicPage(width: Fixtures.letter.width, height: Fixtures.letter.height),
      ])
    let written = try Fixtures.renderer().write(list, to: url, format: .png, dpi: 72)
    #expect(written.map(\.lastPathComponent) == ["tune-1.png", "tune-2.png"])
    #expect(Fixtures.files(in: directory) == ["tune-1.png", "tune-2.png"])
    #expect(try Fixtures.pngSize(written[0]).map { [$0.width, $0.height] } == [595, 842])
    #expect(try Fixtures.pngSize(written[1]).map { [$0.width, $0.height] } == [612, 792])
  }
}
