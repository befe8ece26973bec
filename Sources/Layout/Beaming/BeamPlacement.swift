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
struct BeamPlacement {
  let font: MusicFont
  let drawing: NoteDrawing

  func beamLine(notes: [(note: NoteSymbol, x: Double)]) -> BeamLine? {
    guard let first = notes.first, let last = notes.last, notes.count > 1 else { return nil }
    let up = first.note.stemUp
    let stems = notes.map { drawing.stem($0.note, x: $0.x, tipPosition: 4).x }
    let levels = notes.map { $0.note.beamCount }.max() ?? 1
    let minimum = 7 + Double(max(0, levels - 2)) * 1.5
    let outer = notes.map { up ? Double($0.note.highest) : Double($0.note.lowest) }
    var rise = max(-2, min(2, (outer[outer.count - 1] - outer[0]) / 2))
    let inner = outer.dropFirst().dropLast()
    if up, let peak = inner.max(), peak > max(outer[0], outer[outer.count - 1]) { rise = 0 }
    if !up, let dip = inner.min(), dip < min(outer[0], outer[outer.count - 1]) { rise = 0 }
    // A zig-zag (the notes turn back twice or more, `GcGc`) has no direction: level.
    if Self.turns(outer) >= 2 { rise = 0 }
    // Quantise to quarter spaces so beam edges sit on, straddle or hang from staff lines.
    rise = (rise * 2).rounded() / 2
    let span = max(stems[stems.count - 1] - stems[0], 0.01)
    let slope = rise / span
    var base = up ? -Double.infinity : Double.infinity
    for (index, x) in stems.enumerated() {
      let offset = slope * (x - stems[0])
      if up {
        base = max(base, outer[index] + minimum - offset, 4 - offset)
      } else {
        base = min(base, outer[index] - minimum - offset, 4 - offset)
      }
    }
    _ = last
    base = up ? (base * 2).rounded(.up) / 2 : (base * 2).rounded(.down) / 2
    return BeamLine(originX: stems[0], base: base, slope: slope, up: up)
  }

  /// How often a line of positions changes direction (repeated positions do not count).
  static func turns(_ positions: [Double]) -> Int {
    var count = 0
    var direction = 0.0
    for (a, b) in zip(positions, positions.dropFirst()) where a != b {
      let step = b > a ? 1.0 : -1.0
      if direction != 0 && step != direction { count += 1 }
      direction = step
    }
    return count
  }

  /// A note of a beamed group: its symbol, place, column and source.
  typealias Member = (note: NoteSymbol, x: Double, column: Int, source: SourcePosition?)

  /// Draws the group's notes, stems and beams; returns each note's geometry.
  @discardableResult
  func draw(
    group notes: [Member],
    on canvas: inout StaffCanvas
  ) -> [NoteGeometry] {
    guard let line = beamLine(notes: notes.map { ($0.note, $0.x) }) else { return [] }
    var geometries: [NoteGeometry] = []
    let defaults = font.engravingDefaults
    // Small notes (cue notes, a `%%voicescale` voice) have beams of their size.
    let size = notes.reduce(0.0) { max($0, $1.note.size) }
    let thickness = defaults.beamThickness * size
    let step = thickness + defaults.beamSpacing * size
    let half = defaults.stemThickness / 2
    var stems: [StemGeometry] = []
    for entry in notes {
      var stem = drawing.stem(entry.note, x: entry.x, tipPosition: 4)
      stem.tipY = StaffCanvas.y(ofPosition: line.tipPosition(at: stem.x))
      stems.append(stem)
      geometries.append(
        drawing.draw(
          entry.note, x: entry.x, stem: stem, drawFlag: false, on: &canvas, column: entry.column,
          source: entry.source))
    }
    let sign = line.up ? 1.0 : -1.0
    func beam(level: Int, from a: Double, to b: Double, column: Int, source: SourcePosition?) {
      let offset = Double(level) * step * sign
      let ya = StaffCanvas.y(ofPosition: line.tipPosition(at: a)) + offset
      let yb = StaffCanvas.y(ofPosition: line.tipPosition(at: b)) + offset
      canvas.polygon(
        [(a, ya), (b, yb), (b, yb + thickness * sign), (a, ya + thickness * sign)], role: .beam,
        column: column, source: source)
    }
    let levels = notes.map { $0.note.beamCount }.max() ?? 1
    for level in 0..<levels {
      var run: [Int] = []
      func flush() {
        defer { run = [] }
        guard let first = run.first, let last = run.last else { return }
        if first != last {
          beam(
            level: level, from: stems[first].x - half, to: stems[last].x + half,
            column: notes[first].column, source: notes[first].source)
          return
        }
        let length = min(drawing.headWidth, 1.1)
        let pointsRight = first == 0 || (first < notes.count - 1 && level > 0 && first == 0)
        let x = stems[first].x
        if pointsRight {
          beam(
            level: level, from: x - half, to: x + length, column: notes[first].column,
            source: notes[first].source)
        } else {
          beam(
            level: level, from: x - length, to: x + half, column: notes[first].column,
            source: notes[first].source)
        }
      }
      for index in notes.indices {
        // `!beambr1!` / `!beambr2!`: only the first one or two beams run on into this note.
        if let kept = notes[index].note.beamBreak, level >= kept { flush() }
        if notes[index].note.beamCount > level { run.append(index) } else { flush() }
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
