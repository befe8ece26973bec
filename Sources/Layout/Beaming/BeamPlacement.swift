import DisplayList
import SMuFL
import ScoreModel

/*
 BeamPlacement — slope and height of a beam, then stems to meet it.

 Method. The beam follows the outer notes of its group: its rise is half the interval from
 the first to the last note, limited to one staff space, and flat when an inner note is
 more extreme than both ends (a concave group) or the notes zig-zag (turn back twice or
 more, as LilyPond's and Gould's rules level them). The beam is then pushed away from the
 heads until every stem is at least 3.5 staff spaces long (more for three or more beams)
 and every stem reaches the middle line. Secondary beams follow runs of notes with more
 flags; a lone short note gets a partial beam pointing into the group.

     e.g.  A>B  (dotted quaver, semiquaver):  ───────────
                                              │      ──┤
                                              │        │
 Rise and height are then quantised to quarter spaces (rounding away from the heads), so
 beam edges sit on, straddle or hang from staff lines instead of leaving thin wedges.

 Limits. Beams never cross between staves; quantisation does not distinguish the inside
 of the staff from ledger-line territory.
 */

/// The line of a beam in staff positions: `tip(x) = base + slope × (x - originX)`.
struct BeamLine {
  var originX: Double
  var base: Double
  var slope: Double
  var up: Bool

  func tipPosition(at x: Double) -> Double { base + slope * (x - originX) }
}

/// Computes beam lines and draws beams with their stems.
///
/// A group's notes are read where they lie, by index: each note's stem is found once, and
/// the runs of each beam level are kept as a first and last index. (The group was copied
/// into arrays of tuples for each question asked of it, each copy of a note a reference
/// count or two: with the stems found twice, a fifth of laying out a book of reels.)
struct BeamPlacement {
  let font: MusicFont
  let drawing: NoteDrawing

  /// The line of the beam over `notes`, whose stems drawn to the middle line are `stems`
  /// and whose most beams are `levels`; nil for fewer than two notes.
  func beamLine(notes: UnsafeBufferPointer<Member>, stems: [StemGeometry], levels: Int) -> BeamLine? {
    let count = notes.count
    guard count > 1, stems.count == count else { return nil }
    let up = notes[0].note.stemUp
    let minimum = 7 + Double(max(0, levels - 2)) * 1.5
    var outer: [Double] = []
    outer.reserveCapacity(count)
    for index in 0..<count {
      outer.append(up ? Double(notes[index].note.highest) : Double(notes[index].note.lowest))
    }
    let first = outer[0]
    let last = outer[count - 1]
    var rise = max(-2, min(2, (last - first) / 2))
    if count > 2 {
      // A concave group (an inner note beyond both ends) has a level beam.
      var peak = outer[1]
      var dip = outer[1]
      for index in 2..<(count - 1) {
        peak = max(peak, outer[index])
        dip = min(dip, outer[index])
      }
      if up, peak > max(first, last) { rise = 0 }
      if !up, dip < min(first, last) { rise = 0 }
    }
    // A zig-zag (the notes turn back twice or more, `GcGc`) has no direction: level.
    if Self.turns(outer) >= 2 { rise = 0 }
    // Quantise to quarter spaces so beam edges sit on, straddle or hang from staff lines.
    rise = (rise * 2).rounded() / 2
    let origin = stems[0].x
    let span = max(stems[count - 1].x - origin, 0.01)
    let slope = rise / span
    var base = up ? -Double.infinity : Double.infinity
    for index in 0..<count {
      let offset = slope * (stems[index].x - origin)
      if up {
        base = max(base, outer[index] + minimum - offset, 4 - offset)
      } else {
        base = min(base, outer[index] - minimum - offset, 4 - offset)
      }
    }
    base = up ? (base * 2).rounded(.up) / 2 : (base * 2).rounded(.down) / 2
    return BeamLine(originX: origin, base: base, slope: slope, up: up)
  }

  /// How often a line of positions changes direction (repeated positions do not count).
  static func turns(_ positions: [Double]) -> Int {
    var count = 0
    var direction = 0.0
    for index in positions.indices.dropFirst() where positions[index - 1] != positions[index] {
      let step = positions[index] > positions[index - 1] ? 1.0 : -1.0
      if direction != 0 && step != direction { count += 1 }
      direction = step
    }
    return count
  }

  /// A note of a beamed group: its symbol, place, column and source.
  struct Member {
    var note: NoteSymbol
    var x: Double
    var column: Int
    var source: SourcePosition?
  }

  /// Draws the group's notes, stems and beams; returns each note's geometry.
  @discardableResult
  func draw(group notes: [Member], on canvas: inout StaffCanvas) -> [NoteGeometry] {
    // Through a buffer: a note passed on from the array was copied whole first.
    notes.withUnsafeBufferPointer { draw(group: $0, on: &canvas) }
  }

  private func draw(group notes: UnsafeBufferPointer<Member>, on canvas: inout StaffCanvas) -> [NoteGeometry]
  {
    let count = notes.count
    var stems: [StemGeometry] = []
    stems.reserveCapacity(count)
    for index in 0..<count {
      stems.append(drawing.stem(notes[index].note, x: notes[index].x, tipPosition: 4))
    }
    // Small notes (cue notes, a `%%voicescale` voice) have beams of their size.
    var size = 0.0
    var levels = 0
    for index in 0..<count {
      size = max(size, notes[index].note.size)
      levels = max(levels, notes[index].note.beamCount)
    }
    guard let line = beamLine(notes: notes, stems: stems, levels: levels) else { return [] }
    var geometries: [NoteGeometry] = []
    geometries.reserveCapacity(count)
    let defaults = font.engravingDefaults
    let thickness = defaults.beamThickness * size
    let step = thickness + defaults.beamSpacing * size
    let half = defaults.stemThickness / 2
    for index in 0..<count {
      stems[index].tipY = StaffCanvas.y(ofPosition: line.tipPosition(at: stems[index].x))
      geometries.append(
        drawing.draw(
          notes[index].note, x: notes[index].x, stem: stems[index], drawFlag: false, on: &canvas,
          column: notes[index].column, source: notes[index].source))
    }
    let sign = line.up ? 1.0 : -1.0
    func beam(level: Int, from a: Double, to b: Double, note index: Int) {
      let offset = Double(level) * step * sign
      let ya = StaffCanvas.y(ofPosition: line.tipPosition(at: a)) + offset
      let yb = StaffCanvas.y(ofPosition: line.tipPosition(at: b)) + offset
      canvas.quadrilateral(
        (a, ya), (b, yb), (b, yb + thickness * sign), (a, ya + thickness * sign), role: .beam,
        column: notes[index].column, source: notes[index].source)
    }
    let length = min(drawing.headWidth, 1.1)
    for level in 0..<levels {
      // The run of notes this level's beam joins, as its first and last index.
      var run: (first: Int, last: Int)?
      func flush() {
        defer { run = nil }
        guard let (first, last) = run else { return }
        if first != last {
          beam(level: level, from: stems[first].x - half, to: stems[last].x + half, note: first)
          return
        }
        // A lone note's partial beam points into the group.
        let x = stems[first].x
        if first == 0 {
          beam(level: level, from: x - half, to: x + length, note: first)
        } else {
          beam(level: level, from: x - length, to: x + half, note: first)
        }
      }
      for index in 0..<count {
        // `!beambr1!` / `!beambr2!`: only the first one or two beams run on into this note.
        if let kept = notes[index].note.beamBreak, level >= kept { flush() }
        if notes[index].note.beamCount > level {
          run = (run?.first ?? index, index)
        } else {
          flush()
        }
      }
      flush()
    }
    // The beams belong to every note's ink.
    let beamDepth = (Double(levels - 1) * step + thickness) * sign
    for index in geometries.indices {
      let tip = stems[index].tipY
      geometries[index].top = min(geometries[index].top, tip, tip + beamDepth)
      geometries[index].bottom = max(geometries[index].bottom, tip, tip + beamDepth)
    }
    return geometries
  }
}
