import ABCParser
import DisplayList
import EngravingQuality
import Layout
import Render
import Testing

/// The collision check sees a slur's ink, not the box under its arch.
@Suite struct CurveCollisionTests {
  /// A slur arching from (0, 50) to (100, 50) up to about y = 35, 1.5 points thick.
  static let slur: DisplayItem = {
    let path = PathShape(segments: [
      .move(Point(x: 0, y: 50)), .curve(Point(x: 30, y: 30), Point(x: 70, y: 30), Point(x: 100, y: 50)),
      .curve(Point(x: 70, y: 31.5), Point(x: 30, y: 31.5), Point(x: 0, y: 50)), .close,
    ])
    return DisplayItem(role: .slur, shape: .path(path), box: path.bounds)
  }()

  func dot(x: Double, y: Double) -> DisplayItem {
    DisplayItem(
      role: .decoration,
      shape: .line(LineShape(from: Point(x: x, y: y), to: Point(x: x + 2, y: y), thickness: 2)),
      box: Rect(x: x, y: y - 1, width: 2, height: 2))
  }

  func collisions(_ items: [DisplayItem]) -> [CollisionChecker.Collision] {
    let page = DisplayPage(width: 200, height: 200, items: items)
    return CollisionChecker(margins: (0, 0, 0, 0)).check(DisplayList(pages: [page]))
      .filter { $0.kind == .decorationOverAnything }
  }

  @Test func aPathsBoundsAreItsSampledOutlinesBox() {
    var generator = SystemRandomNumberGenerator()
    func point() -> Point {
      Point(
        x: Double.random(in: -300...300, using: &generator),
        y: Double.random(in: -300...300, using: &generator))
    }
    var paths = [Self.slur.shape].compactMap { shape -> PathShape? in
      if case .path(let path) = shape { return path }
      return nil
    }
    paths.append(PathShape(segments: []))
    paths.append(PathShape(segments: [.close]))
    for _ in 0..<200 {
      var segments: [PathSegment] = [.move(point())]
      for _ in 0..<Int.random(in: 0...6, using: &generator) {
        segments.append(Bool.random(using: &generator) ? .line(point()) : .curve(point(), point(), point()))
      }
      segments.append(.close)
      paths.append(PathShape(segments: segments))
    }
    for path in paths {
      #expect(path.bounds == Rect.bounding(path.outline))
    }
    // A curve's box holds its ink, not its control points.
    #expect(Self.slur.box.minY > 30 && Self.slur.box.minY < 36)
  }

  @Test func aMarkUnderTheArchIsClearButOneOnTheCurveIsNot() {
    // Inside the slur's box, under the arch: no collision.
    #expect(collisions([Self.slur, dot(x: 49, y: 44)]).isEmpty)
    // On the curve itself (its top near x = 50 is at y ≈ 35): a collision.
    #expect(collisions([Self.slur, dot(x: 49, y: 35)]).count == 1)
  }

  @Test func aSlurOverAnArpeggioRisingToItsPeakClearsIt() throws {
    // Sixteenths rising three octaves to ledger lines and falling back (0796): the highest
    // arch does not clear the peak, so both ends rise and the slur passes over the heads.
    let abc = "X:1\nM:4/4\nL:1/16\nK:E\n(E,G,B,E GBeg be'g'b' b'g'e'b geBG) |]\n"
    let fonts = FontLibrary(directory: Fixtures.fontsDirectory)
    let engraver = Engraver(
      font: try fonts.musicFont("Bravura"), measurer: try PangoTextMeasurer(fonts: fonts), setup: .a4)
    let list = engraver.engrave(ABCParser.parse(abc).tunebook.tunes)
    let slurs = list.pages.flatMap(\.items).filter { $0.role == .slur }
    #expect(slurs.count == 1)
    let found = CollisionChecker(margins: (0, 0, 0, 0)).check(list).filter { $0.kind == .curveThroughNote }
    #expect(found.isEmpty, "\(found)")
  }
}
