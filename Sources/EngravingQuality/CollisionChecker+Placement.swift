import DisplayList

/*
 CollisionChecker+Placement — marks and curves that sit wrong without touching other ink.

 Method. Items are grouped by tune, score line and staff (their `context`), and within a
 group by voice and time column. The staff space is the height of a black note head.
   - a curve through its own voice's notes: a slur or tie whose outline enters a note head
     or stem strictly inside its span (the notes at its two ends, within 1.2 staff spaces of
     its ends, are where a curve belongs);
   - an articulation (`artic…` glyphs: staccato, accent, tenuto …) more than one staff
     space from its note's head or stem end, unless a slur, tie or tuplet bracket of the
     staff lies between them;
   - marks of a run off one baseline: the same glyph above the staff on neighbouring
     columns of a voice standing at different heights (a staircase of trills).

     (.c.B.A.G)  with the dots 2.5 staff spaces under the heads  →  articulationFarFromNote
 Limits. Head boxes stand for heads; a mark pushed aside by another voice's notes (two
 voices on a staff) is not told apart from a misplaced one, so the articulation rule
 looks at single-voice staves only.
 */

extension CollisionChecker {
  /// The placement defects of one page.
  func placementDefects(_ items: [DisplayItem], page: Int) -> [Collision] {
    var defects: [Collision] = []
    for staffItems in Self.staves(of: items, where: { $0.context.line != nil }) {
      let heads = staffItems.filter { $0.role == .notehead }
      guard
        let space = heads.first(where: { glyphName($0) == "noteheadBlack" })?.box.height
          ?? heads.first?.box.height,
        space > 0
      else { continue }
      defects += curvesThroughOwnNotes(staffItems, space: space, page: page)
      if Set(staffItems.compactMap(\.context.voice)).count <= 1 {
        defects += farArticulations(staffItems, space: space, page: page)
      }
      defects += marksOffBaseline(staffItems, space: space, page: page)
    }
    return defects
  }

  func glyphName(_ item: DisplayItem) -> String? {
    if case .glyph(let glyph) = item.shape { return glyph.name }
    return nil
  }

  /// Slurs and ties entering a head or stem of their own voice between their ends.
  func curvesThroughOwnNotes(_ items: [DisplayItem], space: Double, page: Int) -> [Collision] {
    let curves = items.filter { $0.role == .slur || $0.role == .tie }
    guard !curves.isEmpty else { return [] }
    let notes = items.filter { $0.role == .notehead || $0.role == .stem }
    var defects: [Collision] = []
    for curve in curves {
      let (start, end) = (curve.box.minX + 1.2 * space, curve.box.maxX - 1.2 * space)
      guard start < end, case .path(let path) = curve.shape else { continue }
      let inner = start...end
      for note in notes where note.context.voice == curve.context.voice && inner.contains(note.box.midX) {
        let box = note.box.insetBy(tolerance)
        if curve.box.intersects(note.box, tolerance: tolerance), Self.polygon(path.outline, meets: box) {
          defects.append(Collision(kind: .curveThroughNote, page: page, first: curve, second: note))
        }
      }
    }
    return defects
  }

  /// Articulations standing more than a staff space from their note.
  func farArticulations(_ items: [DisplayItem], space: Double, page: Int) -> [Collision] {
    let marks = items.filter { $0.role == .decoration && (glyphName($0)?.hasPrefix("artic") ?? false) }
    guard !marks.isEmpty else { return [] }
    var anchors: [Int: [DisplayItem]] = [:]
    for item in items where item.role == .notehead || item.role == .stem || item.role == .rest {
      if let column = item.context.column { anchors[column, default: []].append(item) }
    }
    let between = items.filter { $0.role == .slur || $0.role == .tie || $0.role == .tuplet }
    // A beam over the note's stem is the note's too: a mark past a stem's tip sits on it.
    let beams = items.filter { $0.role == .beam }
    var defects: [Collision] = []
    for mark in marks {
      guard let column = mark.context.column, var notes = anchors[column], !notes.isEmpty else { continue }
      notes += beams.filter {
        $0.context.staff == mark.context.staff && $0.box.minX <= mark.box.maxX && mark.box.minX <= $0.box.maxX
      }
      let above = mark.box.midY < notes.map(\.box.midY).min() ?? 0
      let nearest = notes.min {
        distance(mark.box, $0.box, above: above) < distance(mark.box, $1.box, above: above)
      }
      guard let note = nearest, distance(mark.box, note.box, above: above) > space + tolerance else {
        continue
      }
      let gap = above ? (mark.box.maxY...note.box.minY) : (note.box.maxY...mark.box.minY)
      let cleared = between.contains { other in
        other.box.minX < mark.box.maxX && other.box.maxX > mark.box.minX
          && other.box.maxY > gap.lowerBound && other.box.minY < gap.upperBound
      }
      if !cleared {
        defects.append(Collision(kind: .articulationFarFromNote, page: page, first: mark, second: note))
      }
    }
    return defects
  }

  /// The vertical gap from a mark to an item on the side the mark is on.
  func distance(_ mark: Rect, _ item: Rect, above: Bool) -> Double {
    above ? item.minY - mark.maxY : mark.minY - item.maxY
  }

  /// The same mark on neighbouring columns above the staff at different heights.
  func marksOffBaseline(_ items: [DisplayItem], space: Double, page: Int) -> [Collision] {
    guard let staffTop = items.filter({ $0.role == .staffLine }).map(\.box.minY).min() else { return [] }
    // The mark nearest the staff of each note: the one a run shares a row by.
    var nearest: [MarkKey: DisplayItem] = [:]
    for item in items where item.role == .decoration && item.box.maxY < staffTop {
      guard let name = glyphName(item), !name.hasPrefix("artic"), let column = item.context.column else {
        continue
      }
      let key = MarkKey(voice: item.context.voice, column: column)
      if let other = nearest[key], other.box.maxY >= item.box.maxY { continue }
      nearest[key] = item
    }
    var defects: [Collision] = []
    for (key, mark) in nearest {
      guard let neighbour = nearest[MarkKey(voice: key.voice, column: key.column + 1)],
        glyphName(neighbour) == glyphName(mark), abs(neighbour.box.maxY - mark.box.maxY) > 0.1 * space
      else { continue }
      defects.append(Collision(kind: .marksOffBaseline, page: page, first: mark, second: neighbour))
    }
    return defects.sorted { ($0.first.box.minX, $0.first.box.minY) < ($1.first.box.minX, $1.first.box.minY) }
  }

  /// A mark's voice and time column.
  struct MarkKey: Hashable {
    var voice: Int?
    var column: Int
  }
}
