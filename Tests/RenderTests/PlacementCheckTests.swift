import DisplayList
import EngravingQuality
import Testing

/// Each placement detector of the quality check fires on the defect it names and stays
/// quiet on the right placement (one staff of 5-point spaces, staff top at y = 100).
@Suite struct PlacementCheckTests {
  static let space = 5.0

  func context(column: Int?, voice: Int = 0) -> ItemContext {
    ItemContext(tune: 1, staff: 0, voice: voice, line: 0, column: column)
  }

  func glyph(_ name: String, role: Role, x: Double, y: Double, size: Double, column: Int?) -> DisplayItem {
    DisplayItem(
      role: role,
      shape: .glyph(
        GlyphShape(name: name, codepoint: 0xE0A4, font: "Bravura", origin: Point(x: x, y: y), size: 20)),
      box: Rect(x: x, y: y - size / 2, width: size, height: size), context: context(column: column))
  }

  /// A black head centred on `y` at `x`, in `column`.
  func head(x: Double, y: Double, column: Int) -> DisplayItem {
    DisplayItem(
      role: .notehead,
      shape: .glyph(
        GlyphShape(
          name: "noteheadBlack", codepoint: 0xE0A4, font: "Bravura", origin: Point(x: x, y: y), size: 20)),
      box: Rect(x: x, y: y - 2.5, width: 5.9, height: 5), context: context(column: column))
  }

  var staff: [DisplayItem] {
    (0..<5).map { line in
      let y = 100 + Double(line) * Self.space
      return DisplayItem(
        role: .staffLine,
        shape: .line(LineShape(from: Point(x: 0, y: y), to: Point(x: 300, y: y), thickness: 0.65)),
        box: Rect(x: 0, y: y - 0.3, width: 300, height: 0.65), context: context(column: nil))
    }
  }

  /// A slur from (x0, y) to (x1, y) arching `rise` points up.
  func slur(from x0: Double, to x1: Double, y: Double, rise: Double) -> DisplayItem {
    let path = PathShape(segments: [
      .move(Point(x: x0, y: y)),
      .curve(
        Point(x: x0 + (x1 - x0) / 4, y: y - rise / 0.75),
        Point(x: x0 + 3 * (x1 - x0) / 4, y: y - rise / 0.75), Point(x: x1, y: y)),
      .curve(
        Point(x: x0 + 3 * (x1 - x0) / 4, y: y - rise / 0.75 + 1),
        Point(x: x0 + (x1 - x0) / 4, y: y - rise / 0.75 + 1), Point(x: x0, y: y)),
      .close,
    ])
    return DisplayItem(role: .slur, shape: .path(path), box: path.bounds, context: context(column: 0))
  }

  func defects(_ items: [DisplayItem], _ kind: CollisionChecker.Kind) -> Int {
    let page = DisplayPage(width: 400, height: 400, items: staff + items)
    return CollisionChecker(margins: (0, 0, 0, 0)).check(DisplayList(pages: [page])).filter {
      $0.kind == kind
    }.count
  }

  @Test func aSlurThroughAnInnerHeadIsFound() {
    let heads = [
      head(x: 20, y: 110, column: 0), head(x: 50, y: 102.5, column: 1), head(x: 80, y: 110, column: 2),
    ]
    // Rising 4 points over the middle head at y = 100–105: through it.
    #expect(defects(heads + [slur(from: 23, to: 83, y: 106, rise: 4)], .curveThroughNote) == 1)
    // Rising 12 points: clear above it; and the end heads never count.
    #expect(defects(heads + [slur(from: 23, to: 83, y: 106, rise: 12)], .curveThroughNote) == 0)
  }

  @Test func anArticulationFarFromItsHeadIsFound() {
    let note = head(x: 40, y: 110, column: 3)
    let near = glyph("articStaccatoBelow", role: .decoration, x: 42, y: 116, size: 1.7, column: 3)
    let far = glyph("articStaccatoBelow", role: .decoration, x: 42, y: 128, size: 1.7, column: 3)
    #expect(defects([note, near], .articulationFarFromNote) == 0)
    #expect(defects([note, far], .articulationFarFromNote) == 1)
    // Pushed out by a tie between it and the head: where it belongs.
    let tie = DisplayItem(
      role: .tie, shape: .line(LineShape(from: Point(x: 38, y: 118), to: Point(x: 60, y: 118), thickness: 1)),
      box: Rect(x: 38, y: 116, width: 22, height: 4), context: context(column: 3))
    #expect(defects([note, far, tie], .articulationFarFromNote) == 0)
    // Below a beam under the note's stem: on the beam, where it belongs.
    let beam = DisplayItem(
      role: .beam,
      shape: .line(LineShape(from: Point(x: 36, y: 124), to: Point(x: 70, y: 124), thickness: 3)),
      box: Rect(x: 36, y: 122.5, width: 34, height: 3), context: context(column: 3))
    #expect(defects([note, far, beam], .articulationFarFromNote) == 0)
  }

  @Test func aStaircaseOfTrillsIsFound() {
    let notes = [head(x: 20, y: 100, column: 0), head(x: 40, y: 95, column: 1)]
    let row = [
      glyph("ornamentTrill", role: .decoration, x: 20, y: 85, size: 5, column: 0),
      glyph("ornamentTrill", role: .decoration, x: 40, y: 85, size: 5, column: 1),
    ]
    let stairs = [
      glyph("ornamentTrill", role: .decoration, x: 20, y: 90, size: 5, column: 0),
      glyph("ornamentTrill", role: .decoration, x: 40, y: 85, size: 5, column: 1),
    ]
    #expect(defects(notes + row, .marksOffBaseline) == 0)
    #expect(defects(notes + stairs, .marksOffBaseline) == 1)
    // Different marks may stand at different heights.
    let mixed = [stairs[0], glyph("ornamentMordent", role: .decoration, x: 40, y: 85, size: 5, column: 1)]
    #expect(defects(notes + mixed, .marksOffBaseline) == 0)
  }

  @Test func linesOfTextAreCheckedByTheirLeadingNotTheFontsExtents() {
    // Two words stacked at the usual leading (1.2 times the font size): their boxes,
    // 1.45 em tall as TeX Gyre Schola's extents are, overlap, but their lines do not.
    // Set closer (0.9 times the size), they meet.
    func words(_ text: String, baseline: Double) -> DisplayItem {
      let font = FontSpec(family: "TeX Gyre Schola", size: 10, isItalic: true)
      return DisplayItem(
        role: .annotation, shape: .text(TextShape(text: text, font: font, origin: Point(x: 40, y: baseline))),
        box: Rect(x: 40, y: baseline - 10.5, width: 35, height: 14.5), context: context(column: 0))
    }
    let stacked = [words("ritard.", baseline: 150), words("espress.", baseline: 162)]
    let crowded = [words("ritard.", baseline: 150), words("espress.", baseline: 159)]
    #expect(defects(stacked, .textOverText) == 0)
    #expect(defects(crowded, .textOverText) == 1)
  }
}
