import DisplayList

/*
 CrossStaffClearance — hairpins and dynamics between two staves moved clear of the beams
 and stems that cross between them.

 Method. The marks between two staves (a piano's hairpins and dynamics, set below the
 upper staff) are placed staff by staff, against that staff's own skyline, before the
 staves are stacked; a beam joining notes on both staves (`CrossStaffBeams`) and the stems
 reaching it are drawn afterwards, in that same gap, and may run through a hairpin. Once
 they are drawn, each mark lying wholly inside a gap (the items of one source position and
 role: a hairpin's two lines move together) that meets a beam, stem, flag or note is moved
 up or down — the shorter move that meets nothing, tried a few times, each time just past
 what it still meets — as long as it stays inside the gap. Nothing moves in a system
 without beams or stems across staves, so single-staff music is untouched.

     upper staff  ♪ ♪ ♪         ♪ ♪ ♪
                  ▔▔▔▔▔▔▔▔▔▔▔▔▔▔▔▔▔▔▔▔   the hairpin that ran through this beam
                  >>>>>>>>>>>>>>>        now sits below it
     lower staff        ♪ ♪ ♪

 A hairpin that fits neither above nor below (stems cross the whole gap near one of its
 ends) starts just after those stems or ends just before them instead.

 Limits. Another mark that fits neither above nor below what crosses the gap stays where it
 was; marks are moved one at a time, so two marks of the gap may still meet each other.
 */

/// Moves marks between staves clear of cross-staff beams and stems.
enum CrossStaffClearance {
  /// Roles that may not cross a mark in a gap between staves.
  static let obstacles: Set<Role> = [.beam, .stem, .flag, .notehead, .accidental, .rest, .dot]
  /// Roles of the marks that move.
  static let marks: Set<Role> = [.decoration, .annotation]

  /// Moves the marks of `system` that meet what crosses between its staves; `pad` is the
  /// clearance kept, in points.
  static func apply(to system: inout StaffSystem, pad: Double) {
    let gaps = self.gaps(of: system.items)
    guard !gaps.isEmpty else { return }
    let obstacleIndices = system.items.indices.filter { obstacles.contains(system.items[$0].role) }
    // The marks inside a gap, by role and source position (an unplaced item on its own).
    struct Mark: Hashable {
      var role: Role
      var source: SourcePosition?
      var index: Int?
    }
    var groups: [Mark: [Int]] = [:]
    var order: [Mark] = []
    for (index, item) in system.items.enumerated() where marks.contains(item.role) {
      guard gaps.contains(where: { item.box.minY >= $0.lowerBound && item.box.maxY <= $0.upperBound }) else {
        continue
      }
      let key = Mark(role: item.role, source: item.source, index: item.source == nil ? index : nil)
      if groups[key] == nil { order.append(key) }
      groups[key, default: []].append(index)
    }
    for key in order {
      guard let members = groups[key] else { continue }
      let box = members.dropFirst().reduce(system.items[members[0]].box) { $0.union(system.items[$1].box) }
      guard let gap = gaps.first(where: { box.minY >= $0.lowerBound && box.maxY <= $0.upperBound }) else {
        continue
      }
      let nearby = obstacleIndices.map { system.items[$0].box }.filter {
        $0.maxX > box.minX && $0.minX < box.maxX && $0.maxY > gap.lowerBound && $0.minY < gap.upperBound
      }
      // What a mark at `moved` meets, kept `clearance` above and below it.
      func meeting(_ moved: Rect, clearance: Double = pad) -> [Rect] {
        let reach = Rect(
          x: moved.x, y: moved.y - clearance, width: moved.width, height: moved.height + 2 * clearance)
        return nearby.filter { $0.intersects(reach, tolerance: 0.25) }
      }
      guard !meeting(box, clearance: 0).isEmpty else { continue }
      var best: Double?
      for direction in [1.0, -1.0] {
        var dy = 0.0
        for _ in 0..<4 {
          let moved = Rect(x: box.x, y: box.y + dy, width: box.width, height: box.height)
          let met = meeting(moved)
          if met.isEmpty { break }
          dy =
            direction > 0
            ? (met.map(\.maxY).max() ?? 0) + pad - box.minY : (met.map(\.minY).min() ?? 0) - pad - box.maxY
        }
        let moved = Rect(x: box.x, y: box.y + dy, width: box.width, height: box.height)
        guard meeting(moved).isEmpty, moved.minY >= gap.lowerBound, moved.maxY <= gap.upperBound else {
          continue
        }
        if best.map({ abs(dy) < abs($0) }) ?? true { best = dy }
      }
      if let dy = best {
        for index in members { system.items[index] = system.items[index].translated(dx: 0, dy: dy) }
      } else {
        shorten(members, of: box, before: meeting(box, clearance: 0), in: &system, pad: pad)
      }
    }
  }

  /// A hairpin that stems crossing the whole gap meet only near one end (its first or last
  /// third) starts `pad` after them or ends `pad` before them, its opening kept.
  static func shorten(
    _ members: [Int], of box: Rect, before met: [Rect], in system: inout StaffSystem, pad: Double
  ) {
    guard let first = met.map(\.minX).min(), let last = met.map(\.maxX).max() else { return }
    let ending = first > box.minX + box.width * 2 / 3
    guard ending || last < box.minX + box.width / 3 else { return }
    var lines: [LineShape] = []
    for index in members {
      guard case .line(let line) = system.items[index].shape else { return }
      lines.append(line)
    }
    for (index, var line) in zip(members, lines) {
      // The end that moves keeps its height: an open end stays as wide open.
      let forward = line.to.x >= line.from.x
      if ending {
        let end = first - pad
        if forward { line.to.x = min(line.to.x, end) } else { line.from.x = min(line.from.x, end) }
      } else {
        let start = last + pad
        if forward { line.from.x = max(line.from.x, start) } else { line.to.x = max(line.to.x, start) }
      }
      system.items[index].shape = .line(line)
      system.items[index].box = line.box
    }
  }

  /// Each staff's top and bottom line (points), by staff number.
  static func staffLines(of items: [DisplayItem]) -> [Int: (top: Double, bottom: Double)] {
    var lines: [Int: (top: Double, bottom: Double)] = [:]
    for item in items where item.role == .staffLine {
      guard let staff = item.context.staff else { continue }
      let y = item.box.midY
      let known = lines[staff] ?? (y, y)
      lines[staff] = (min(known.top, y), max(known.bottom, y))
    }
    return lines
  }

  /// The vertical ranges between consecutive staves' outer lines (points), slightly inset.
  static func gaps(of items: [DisplayItem]) -> [ClosedRange<Double>] {
    let staves = staffLines(of: items).sorted { $0.value.top < $1.value.top }.map(\.value)
    return zip(staves, staves.dropFirst()).compactMap { upper, lower in
      upper.bottom + 0.5 < lower.top - 0.5 ? (upper.bottom + 0.5)...(lower.top - 0.5) : nil
    }
  }
}
