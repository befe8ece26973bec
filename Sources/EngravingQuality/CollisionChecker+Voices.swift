import DisplayList

/*
 CollisionChecker+Voices — the collisions that scores of several voices can make.

 Method. Items are grouped by tune, score line and staff (their `context`); within a group:
   - a curve (slur or tie) through another voice's notehead, stem or accidental: the
     curve's outline is flattened into short segments (12 per Bézier), and a segment that
     enters the other item's box (shrunk by the tolerance) counts;
   - noteheads or rests of different voices overlapping, except heads or rests drawn
     exactly on top of each other (a shared unison, one rest for both) and a shared head against the other voice's chord
     (its second beside the unison);
   - a voice name, bracket or brace over music: `text` items against staff lines, notes,
     clefs and rests, and the group signs against noteheads, clefs and key signatures.

     V1 slur ⌒ drawn through V2's stem  →  one "curveThroughOtherVoice"
 Limits. Boxes stand for stems and heads, so a curve grazing a head's corner counts.
 */

extension CollisionChecker {
  /// Roles a curve of one voice must not cross in another.
  static let crossedByCurves: Set<Role> = [.notehead, .stem, .accidental]

  /// The multi-voice collisions of one page.
  func voiceCollisions(_ items: [DisplayItem], page: Int) -> [Collision] {
    var collisions: [Collision] = []
    for staffItems in Self.staves(of: items, where: { $0.context.voice != nil }) {
      guard Set(staffItems.compactMap(\.context.voice)).count > 1 else { continue }
      let curves = staffItems.filter { $0.role == .slur || $0.role == .tie }
      let crossed = staffItems.filter { Self.crossedByCurves.contains($0.role) }
      for curve in curves {
        let segments = Self.segments(of: curve)
        for other in crossed where other.context.voice != curve.context.voice {
          let box = other.box.insetBy(tolerance)
          if curve.box.intersects(other.box, tolerance: tolerance)
            && segments.contains(where: { Self.segment($0.0, $0.1, enters: box) })
          {
            collisions.append(
              Collision(kind: .curveThroughOtherVoice, page: page, first: curve, second: other))
          }
        }
      }
      let symbols = staffItems.filter { $0.role == .notehead || $0.role == .rest }
      let heads = symbols.filter { $0.role == .notehead }
      // A head drawn on a head of the other voice's chord is that chord's unison: it may
      // touch the chord's second as the chord's own heads do.
      func sharedWithChordOf(_ voice: Int?, _ head: DisplayItem) -> Bool {
        head.role == .notehead
          && heads.contains { $0.context.voice == voice && Self.coincide($0.box, head.box) }
      }
      for (index, a) in symbols.enumerated() {
        for b in symbols[(index + 1)...] where a.context.voice != b.context.voice && overlaps(a, b) {
          // Equal rests drawn on one another read as one rest.
          let shared =
            a.role == b.role && Self.coincide(a.box, b.box)
            || a.role == .notehead && b.role == .notehead
              && (sharedWithChordOf(a.context.voice, b) || sharedWithChordOf(b.context.voice, a))
          if !shared { collisions.append(Collision(kind: .voicesOverlap, page: page, first: a, second: b)) }
        }
      }
    }
    return collisions
  }

  /// Voice names over the staves or music, and group signs over notes.
  func nameCollisions(_ items: [DisplayItem], page: Int) -> [Collision] {
    let names = items.filter { $0.role == .text && $0.context.staff == nil && $0.context.line != nil }
    let signs = items.filter {
      guard $0.role == .barLine, case .glyph(let glyph) = $0.shape else { return false }
      return glyph.name == "brace" || glyph.name == "bracketTop" || glyph.name == "bracketBottom"
    }
    let music = items.filter { [.staffLine, .notehead, .clef, .rest, .keySignature].contains($0.role) }
    var collisions: [Collision] = []
    for name in names {
      for other in music where overlaps(name, other) {
        collisions.append(Collision(kind: .nameOrSignOverMusic, page: page, first: name, second: other))
      }
    }
    for sign in signs {
      for other in music where other.role != .staffLine && overlaps(sign, other) {
        collisions.append(Collision(kind: .nameOrSignOverMusic, page: page, first: sign, second: other))
      }
    }
    return collisions
  }

  /// The items of each staff of each score line, in tune, line and staff order (only the
  /// items `include` takes).
  static func staves(of items: [DisplayItem], where include: (DisplayItem) -> Bool) -> [[DisplayItem]] {
    var staves: [StaffKey: [DisplayItem]] = [:]
    for item in items where include(item) {
      guard let staff = item.context.staff else { continue }
      staves[StaffKey(tune: item.context.tune, line: item.context.line, staff: staff), default: []].append(
        item)
    }
    return staves.keys.sorted {
      ($0.tune ?? 0, $0.line ?? 0, $0.staff) < ($1.tune ?? 0, $1.line ?? 0, $1.staff)
    }.compactMap { staves[$0] }
  }

  /// Where items are grouped: one staff of one score line of one tune.
  struct StaffKey: Hashable {
    var tune: Int?
    var line: Int?
    var staff: Int
  }

  /// Two boxes drawn at one place (a head two voices share).
  static func coincide(_ a: Rect, _ b: Rect) -> Bool {
    abs(a.x - b.x) < 0.5 && abs(a.y - b.y) < 0.5 && abs(a.width - b.width) < 0.5
  }

  /// A curve's outline as straight segments.
  static func segments(of item: DisplayItem) -> [(Point, Point)] {
    guard case .path(let path) = item.shape else { return [] }
    var points: [Point] = []
    var segments: [(Point, Point)] = []
    var current = Point(x: 0, y: 0)
    for segment in path.segments {
      switch segment {
      case .move(let p):
        current = p
        points = [p]
      case .line(let p):
        segments.append((current, p))
        current = p
      case .curve(let a, let b, let c):
        let start = current
        var previous = start
        for step in 1...12 {
          let t = Double(step) / 12
          let u = 1 - t
          let x = u * u * u * start.x + 3 * u * u * t * a.x + 3 * u * t * t * b.x + t * t * t * c.x
          let y = u * u * u * start.y + 3 * u * u * t * a.y + 3 * u * t * t * b.y + t * t * t * c.y
          let point = Point(x: x, y: y)
          segments.append((previous, point))
          previous = point
        }
        current = c
      case .close:
        if let first = points.first { segments.append((current, first)) }
      }
    }
    return segments
  }

  /// Whether the segment from `a` to `b` passes through the inside of `box`
  /// (Liang–Barsky clipping).
  static func segment(_ a: Point, _ b: Point, enters box: Rect) -> Bool {
    guard box.width > 0, box.height > 0 else { return false }
    let dx = b.x - a.x
    let dy = b.y - a.y
    var low = 0.0
    var high = 1.0
    for (p, q) in [(-dx, a.x - box.minX), (dx, box.maxX - a.x), (-dy, a.y - box.minY), (dy, box.maxY - a.y)] {
      if p == 0 {
        if q < 0 { return false }
      } else {
        let r = q / p
        if p < 0 { low = max(low, r) } else { high = min(high, r) }
        if low > high { return false }
      }
    }
    return true
  }
}

extension Rect {
  /// The rectangle shrunk by `inset` on every side (never below zero size).
  func insetBy(_ inset: Double) -> Rect {
    Rect(
      x: x + inset, y: y + inset, width: max(0, width - 2 * inset), height: max(0, height - 2 * inset))
  }
}
