import ABCPressTestSupport
import DisplayList
import Foundation
import Render

/// Hand-built display lists, a scratch directory and command-line helpers for the tests.
enum Fixtures {
  /// The repository's Fonts/ directory (filled by scripts/fetch-fonts).
  static let fontsDirectory = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Fonts")

  static let a4 = (width: 595.28, height: 841.89)
  static let letter = (width: 612.0, height: 792.0)
  /// One staff space in points.
  static let space = 6.0
  /// The top staff line's y, the staff's left and right ends.
  static let staffTop = 200.0
  static let staffLeft = 72.0
  static let staffRight = 523.28
  static let textFont = FontSpec(family: "TeX Gyre Schola", size: 18)

  static func renderer() throws -> Renderer {
    try Renderer(fontsDirectory: fontsDirectory)
  }

  /// The y of staff line `index` (0 = top, 4 = bottom).
  static func staffLineY(_ index: Int, top: Double = staffTop) -> Double { top + Double(index) * space }

  /// A page with a title, a five-line staff, a treble clef, noteheads, a stem and a beam.
  static func musicPage(width: Double = a4.width, height: Double = a4.height, top: Double = staffTop)
    -> DisplayPage
  {
    func staffLineY(_ index: Int) -> Double { Fixtures.staffLineY(index, top: top) }
    var items: [DisplayItem] = []
    items.append(
      DisplayItem(
        role: .title,
        shape: .text(TextShape(text: "Render Test", font: textFont, origin: Point(x: 240, y: top - 80))),
        box: Rect(x: 240, y: top - 96, width: 110, height: 20)))
    for index in 0..<5 {
      let y = staffLineY(index)
      items.append(
        DisplayItem(
          role: .staffLine,
          shape: .line(
            LineShape(from: Point(x: staffLeft, y: y), to: Point(x: staffRight, y: y), thickness: 0.78)),
          box: Rect(x: staffLeft, y: y - 0.39, width: staffRight - staffLeft, height: 0.78)))
    }
    // The treble clef's origin sits on the G line, the second line from the bottom.
    items.append(glyph(.clef, "gClef", 0xE050, x: staffLeft + space, y: staffLineY(3)))
    for (step, x) in [(0, 150.0), (2, 190.0), (4, 230.0), (6, 270.0)] {
      let y = staffLineY(4) - Double(step) * space / 2
      items.append(glyph(.notehead, "noteheadBlack", 0xE0A4, x: x, y: y))
    }
    items.append(
      DisplayItem(
        role: .stem,
        shape: .line(
          LineShape(
            from: Point(x: 157, y: staffLineY(4)), to: Point(x: 157, y: staffLineY(4) - 21), thickness: 0.72)),
        box: Rect(x: 156.6, y: staffLineY(4) - 21, width: 0.72, height: 21)))
    let beam: [PathSegment] = [
      .move(Point(x: 300, y: top - 20)), .line(Point(x: 360, y: top - 25)),
      .line(Point(x: 360, y: top - 22)), .line(Point(x: 300, y: top - 17)), .close,
    ]
    items.append(
      DisplayItem(
        role: .beam, shape: .path(PathShape(segments: beam)),
        box: Rect(x: 300, y: top - 25, width: 60, height: 8)))
    return DisplayPage(width: width, height: height, items: items)
  }

  static func glyph(
    _ role: Role, _ name: String, _ codepoint: UInt32, x: Double, y: Double, font: String = "Bravura"
  )
    -> DisplayItem
  {
    DisplayItem(
      role: role,
      shape: .glyph(
        GlyphShape(name: name, codepoint: codepoint, font: font, origin: Point(x: x, y: y), size: 4 * space)),
      box: Rect(x: x, y: y - 30, width: 20, height: 40))
  }

  /// A fresh empty directory; remove it with `FileManager.default.removeItem`.
  static func scratchDirectory() throws -> URL { try TestTools.scratchDirectory(prefix: "RenderTests") }

  /// Runs a tool and returns its standard output.
  static func run(_ tool: String, _ arguments: [String]) throws -> String {
    try TestTools.run(tool, arguments)
  }

  /// Width and height from a PNG file's IHDR chunk.
  static func pngSize(_ url: URL) throws -> (width: Int, height: Int)? {
    let bytes = [UInt8](try Data(contentsOf: url).prefix(24))
    guard bytes.count == 24, bytes[0..<8] == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A],
      bytes[12..<16] == [0x49, 0x48, 0x44, 0x52]
    else { return nil }
    func int(_ at: Int) -> Int { bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
    return (int(16), int(20))
  }

  /// Every file name in a directory.
  static func files(in directory: URL) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []).sorted()
  }
}
