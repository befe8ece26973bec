import DisplayList

/*
 CollisionChecker — finds ink that touches ink it should not, in a display list.

 Method. Items are bucketed by page and compared pairwise by their boxes (shrunk by a
 small tolerance so that touching edges do not count), per category:
   - text over text: chord symbols, annotations, lyrics, titles, tempo, part labels, bar
     numbers, volta labels and free text against each other;
   - text over music: those texts against noteheads, stems, beams, flags, accidentals,
     dots, rests and clefs;
   - decorations over anything drawn (except staff and ledger lines);
   - accidentals over noteheads;
   - items outside the page's printable area;
   - for several voices, curves through another voice's notes, voices' notes
     overlapping, names and group signs over music (CollisionChecker+Voices);
   - and placement without overlap: curves through their own notes, articulations far
     from their heads, runs of a mark off one baseline (CollisionChecker+Placement).
 Boxes are bounding boxes, so the check is strict: a flag's box counts as ink.

     [chord "Am"] overlaps [notehead] → one "text over music" collision
 Texts meet texts by the lines they set (1.2 times the font size), not the font's taller
 extents, so the lines of a stacked text at the usual leading do not count.
 Limits. A glyph's box is larger than its ink for shapes like flags and clefs, so the
 check errs on the side of reporting.
 */

/// Counts collisions in display lists.
public struct CollisionChecker: Sendable {
  /// A kind of collision.
  public enum Kind: String, CaseIterable, Sendable {
    case textOverText, textOverMusic, decorationOverAnything, accidentalOverNotehead, outsideMargins
    /// Several voices: a slur or tie through another voice's note; two voices' notes or
    /// rests overlapping; a voice name, bracket or brace over music.
    case curveThroughOtherVoice, voicesOverlap, nameOrSignOverMusic
    /// Placement: a slur or tie through a head or stem of its own notes; an articulation
    /// more than a staff space from its note (no curve between); a run of one mark not on
    /// one baseline.
    case curveThroughNote, articulationFarFromNote, marksOffBaseline
  }

  /// One collision between two items (or one item and the margin).
  public struct Collision: Sendable, CustomStringConvertible {
    public var kind: Kind
    public var page: Int
    public var first: DisplayItem
    public var second: DisplayItem?

    public var description: String {
      let a = "\(first.role.rawValue)\(first.source.map { "@\($0.line):\($0.column)" } ?? "")"
      let b =
        second.map { "\($0.role.rawValue)\($0.source.map { "@\($0.line):\($0.column)" } ?? "")" } ?? "margin"
      return "\(kind.rawValue): page \(page + 1): \(a) ~ \(b)"
    }
  }

  static let texts: Set<Role> = [
    .chordSymbol, .annotation, .lyric, .title, .subtitle, .composer, .origin, .rhythm, .tempo, .partLabel,
    .measureNumber, .text, .header, .footer,
  ]
  static let music: Set<Role> = [.notehead, .stem, .beam, .flag, .accidental, .dot, .rest, .clef]
  static let ignoredUnderDecorations: Set<Role> = [.staffLine, .ledgerLine, .decoration, .barLine]

  /// Printable area margins in points (left, top, right, bottom).
  public var margins: (left: Double, top: Double, right: Double, bottom: Double)
  /// Overlaps smaller than this, in points, are not counted.
  public var tolerance: Double

  public init(margins: (left: Double, top: Double, right: Double, bottom: Double), tolerance: Double = 0.25) {
    self.margins = margins
    self.tolerance = tolerance
  }

  public func check(_ list: DisplayList) -> [Collision] {
    var collisions: [Collision] = []
    for (pageIndex, page) in list.pages.enumerated() {
      let items = page.items
      let textItems = items.filter { isText($0) }
      let musicItems = items.filter { Self.music.contains($0.role) }
      let decorations = items.filter { $0.role == .decoration && !isText($0) }
      for (i, a) in textItems.enumerated() {
        // A frame's lines meet at its corners: lines alone are no text over text.
        for b in textItems[(i + 1)...] where (isWords(a) || isWords(b)) && linesOverlap(a, b) {
          collisions.append(Collision(kind: .textOverText, page: pageIndex, first: a, second: b))
        }
        for b in musicItems where overlaps(a, b) {
          collisions.append(Collision(kind: .textOverMusic, page: pageIndex, first: a, second: b))
        }
      }
      for a in decorations {
        for b in items where !Self.ignoredUnderDecorations.contains(b.role) && overlaps(a, b) {
          collisions.append(Collision(kind: .decorationOverAnything, page: pageIndex, first: a, second: b))
        }
      }
      let heads = items.filter { $0.role == .notehead }
      for a in items where a.role == .accidental {
        for b in heads where overlaps(a, b) {
          collisions.append(Collision(kind: .accidentalOverNotehead, page: pageIndex, first: a, second: b))
        }
      }
      collisions += voiceCollisions(items, page: pageIndex)
      collisions += nameCollisions(items, page: pageIndex)
      collisions += placementDefects(items, page: pageIndex)
      for item in items where outside(item, page: page) {
        collisions.append(Collision(kind: .outsideMargins, page: pageIndex, first: item, second: nil))
      }
    }
    return collisions
  }

  /// Whether the item is a run of text (not a text's frame or underline).
  func isWords(_ item: DisplayItem) -> Bool {
    if case .text = item.shape { return true }
    return false
  }

  /// Whether two texts meet, each taken as the line it sets: 1.2 times its font size high,
  /// centred in the font's extents. A font's extents are taller than its ink (TeX Gyre
  /// Schola's are 1.45 em), so lines stacked at the usual leading do not collide.
  func linesOverlap(_ a: DisplayItem, _ b: DisplayItem) -> Bool {
    func line(_ item: DisplayItem) -> Rect {
      guard case .text(let text) = item.shape else { return item.box }
      let excess = max(0, item.box.height - 1.2 * text.font.size) / 2
      return Rect(
        x: item.box.x, y: item.box.y + excess, width: item.box.width, height: item.box.height - 2 * excess)
    }
    return line(a).intersects(line(b), tolerance: tolerance)
  }

  func isText(_ item: DisplayItem) -> Bool {
    if Self.texts.contains(item.role) { return true }
    if case .text = item.shape { return true }
    return false
  }

  func overlaps(_ a: DisplayItem, _ b: DisplayItem) -> Bool {
    guard a.box.intersects(b.box, tolerance: tolerance) else { return false }
    // A slur's or tie's box holds the space under its arch: what matters is the curve's
    // ink (a staccato inside a slur is where it belongs).
    for (curve, other) in [(a, b), (b, a)] where curve.role == .slur || curve.role == .tie {
      if case .path(let path) = curve.shape, path.strokeWidth == nil {
        return Self.polygon(path.outline, meets: other.box.insetBy(tolerance))
      }
    }
    return true
  }

  /// Whether a filled polygon and a box share ink: a vertex inside the box, a box corner
  /// inside the polygon, or an edge crossing the box.
  static func polygon(_ points: [Point], meets box: Rect) -> Bool {
    guard points.count > 2 else { return false }
    func inside(_ p: Point) -> Bool { p.x > box.minX && p.x < box.maxX && p.y > box.minY && p.y < box.maxY }
    if points.contains(where: inside) { return true }
    let corners = [
      Point(x: box.minX, y: box.minY), Point(x: box.maxX, y: box.minY), Point(x: box.maxX, y: box.maxY),
      Point(x: box.minX, y: box.maxY),
    ]
    func contains(_ p: Point) -> Bool {
      var result = false
      var j = points.count - 1
      for i in points.indices {
        let (a, b) = (points[i], points[j])
        if (a.y > p.y) != (b.y > p.y), p.x < (b.x - a.x) * (p.y - a.y) / (b.y - a.y) + a.x { result.toggle() }
        j = i
      }
      return result
    }
    if corners.contains(where: contains) { return true }
    // Edges crossing the box: sample each edge.
    for (a, b) in zip(points, points.dropFirst() + [points[0]]) {
      for step in 1..<4 {
        let t = Double(step) / 4
        if inside(Point(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t)) { return true }
      }
    }
    return false
  }

  /// Whether an item runs into the margins; running heads and footnotes (a score's rights)
  /// are set there on purpose.
  func outside(_ item: DisplayItem, page: DisplayPage) -> Bool {
    guard item.role != .header && item.role != .footer else { return false }
    let box = item.box
    let slack = 1.0
    return box.minX < margins.left - slack || box.minY < margins.top - slack
      || box.maxX > page.width - margins.right + slack || box.maxY > page.height - margins.bottom + slack
  }
}
