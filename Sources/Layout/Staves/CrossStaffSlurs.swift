import DisplayList
import SMuFL
import ScoreModel

/*
 CrossStaffSlurs — a slur whose notes a voice puts on two staves (a piano's arpeggio
 running from the right hand's staff into the left's).

 Method. `CrossStaffNotes` splits such a voice in one voice per staff, so each half of the
 slur lands in another voice and neither draws it; it records instead where the slur's
 first and last notes are written. Once the system's staves are stacked (and cross-staff
 beams have set the stems' final length), both notes are found by their source positions
 and the slur is drawn over them, as MuseScore and LilyPond set it: an end at a stem that
 points up starts beside the stem's tip, else above the highest head, and an end rises
 above another voice's stem right beside it. Its height grows until it clears, by half a
 space, the heads, stems and small marks standing between its ends whose tops come near
 its chord (a curve arches four spaces at most); where that is not enough, or the arch
 would be tall, an end is lifted by half spaces (up to four spaces).

     upper staff  (‿‿‿‿‿‿‿‿‿‿‿‿╮
                   ♪ ♪            │     from the first note on the upper staff
     lower staff          ♪ ♪ ♪ ╯      to the last on the lower, over both

 Limits. Always above: a slur the file sets below (`placement="below"`) is not drawn, nor
 is one a line break divides (its ends are in two systems), nor one whose note on the
 upper staff has its stem down to a beam in the gap (the phrase runs under it), nor one
 that would fall more steeply than it runs (a short one: than a space in two) or cross a
 word, lyric, hairpin or tuplet bracket (it would plunge through what stands between the
 staves); one may still graze a stem of the notes it passes. Ties do not cross staves.
 */

/// Draws slurs between notes on two staves after a system's staves are stacked.
enum CrossStaffSlurs {
  /// A slur from the note written at `start` to the one at `end`.
  struct Slur: Hashable, Sendable {
    var start: SourcePosition
    var end: SourcePosition
    var isDotted: Bool
  }

  /// The slurs of `voice` whose first and last notes `staves` puts on different staves.
  static func slurs(in voice: Voice, staves: [Int]) -> [Slur] {
    var open: [Int: (index: Int, dotted: Bool, below: Bool)] = [:]
    var result: [Slur] = []
    for (index, element) in voice.elements.enumerated() {
      guard case .note(let note) = element else { continue }
      for mark in note.slurEnds {
        guard let start = open.removeValue(forKey: mark.id), staves[start.index] != staves[index],
          !start.below
        else { continue }
        let slur = Slur(
          start: voice.elements[start.index].range.position, end: note.range.position, isDotted: start.dotted)
        // Two slurs joining the same notes are drawn once.
        if result.last.map({ $0.start == slur.start && $0.end == slur.end }) != true { result.append(slur) }
      }
      for mark in note.slurStarts { open[mark.id] = (index, mark.isDotted, mark.isBelow == true) }
    }
    return result
  }

  /// Adds the slurs whose two notes are both in `system` (items in points).
  static func draw(_ slurs: [Slur], in system: inout StaffSystem, font: MusicFont, scale: Double) {
    guard !slurs.isEmpty else { return }
    var heads: [SourcePosition: Rect] = [:]
    var contexts: [SourcePosition: ItemContext] = [:]
    var stems: [SourcePosition: LineShape] = [:]
    var obstacles: [(x: Double, top: Double)] = []
    // Words, lyrics and lines the slur must not cross: where it would, it is left out.
    var marks: [Rect] = []
    for item in system.items {
      if Self.marks.contains(item.role) { marks.append(item.box) }
      switch item.role {
      case .notehead:
        obstacles.append((item.box.midX, item.box.minY))
        guard let source = item.source else { continue }
        heads[source] = heads[source].map { $0.union(item.box) } ?? item.box
        if contexts[source] == nil { contexts[source] = item.context }
      case .stem:
        guard case .line(let line) = item.shape else { continue }
        obstacles.append((line.from.x, min(line.from.y, line.to.y)))
        if let source = item.source, stems[source] == nil { stems[source] = line }
      case .accidental, .decoration, .flag:
        // Small marks only (an accent, a sharp): a hairpin's line is not a point to clear.
        guard item.box.width < 2 * scale else { continue }
        obstacles.append((item.box.midX, item.box.minY))
      default: continue
      }
    }
    var canvas = StaffCanvas(font: font, scale: scale, context: ItemContext())
    let drawing = CurveDrawing(font: font)
    for slur in slurs {
      guard let first = heads[slur.start], let last = heads[slur.end], last.midX > first.midX else {
        continue
      }
      /// Where the slur meets a note, in staff spaces: beside an up stem's tip, else above.
      func end(_ head: Rect, _ source: SourcePosition) -> (Double, Double) {
        if let stem = stems[source], stem.to.y < stem.from.y {
          return (stem.from.x / scale, stem.to.y / scale - 0.4)
        }
        return (head.midX / scale, head.minY / scale - 0.9)
      }
      // The end on the upper staff with its stem reaching down into the gap (to a beam
      // across the staves): the phrase runs under that note, not over it (a slur below
      // is not drawn yet).
      let upper = first.minY < last.minY ? slur.start : slur.end
      if let stem = stems[upper], stem.to.y - stem.from.y > 4 * scale { continue }
      canvas.context = contexts[slur.start] ?? ItemContext()
      /// An end above what stands right beside it (another voice's stem at a shared
      /// head), rising at most three spaces.
      func lifted(_ point: (Double, Double)) -> (Double, Double) {
        let beside = obstacles.filter { obstacle in
          abs(obstacle.x / scale - point.0) < 1.2 && obstacle.top / scale < point.1 + 0.5
            && obstacle.top / scale > point.1 - 3
        }
        guard let top = beside.map(\.top).min() else { return point }
        return (point.0, min(point.1, top / scale - 0.5))
      }
      var from = lifted(end(first, slur.start))
      var to = lifted(end(last, slur.end))
      let between = obstacles.filter {
        $0.x > from.0 * scale + 1.2 * scale && $0.x < to.0 * scale - 1.2 * scale
      }
      .map { (x: $0.x / scale, reach: $0.top / scale) }
      let base = -CurveDrawing.slurHeight(length: to.0 - from.0)
      // Only what stands near the straight line between the ends is cleared: the lower
      // staff's notes under a slur that descends to it are far below its arch.
      let near = between.filter { point in
        let t = (point.x - from.0) / max(to.0 - from.0, 0.01)
        return point.reach < max(from.1, to.1) + 1 && point.reach < from.1 + (to.1 - from.1) * t + 1
      }
      var height = CurveDrawing.clearingHeight(from: from, to: to, height: base, obstacles: near, gap: 0.5)
      // A slur that would arch far lifts its lower end by half spaces (two spaces at
      // most), as engravers slant one over the notes it descends past; one that still
      // meets a head or stem (a curve arches four spaces at most) lifts the end nearer it.
      var lifts = 0
      while lifts < 8 {
        if let stuck = CurveDrawing.uncleared(from: from, to: to, height: height, obstacles: near, gap: 0.25)
        {
          if stuck < 0.5 { from.1 -= 0.5 } else { to.1 -= 0.5 }
        } else if height < min(base, -3) && lifts < 4 {
          if to.1 > from.1 { to.1 -= 0.5 } else { from.1 -= 0.5 }
        } else {
          break
        }
        height = CurveDrawing.clearingHeight(from: from, to: to, height: base, obstacles: near, gap: 0.5)
        lifts += 1
      }
      // A slur that falls more steeply than it runs (than one space in two when it is
      // short), or would cross a word, a lyric or a hairpin, is not drawn: a plunging
      // curve through the marks between the staves reads worse than the phrase its notes
      // already show.
      let run = to.0 - from.0
      let steep = abs(to.1 - from.1) > (run < 8 ? run / 2 : run)
      if steep || Self.meets(marks, from: from, to: to, height: height, scale: scale) { continue }
      drawing.draw(
        from: from, to: to, height: height, isTie: false, isDotted: slur.isDotted, role: .slur,
        on: &canvas, column: nil, source: slur.start)
    }
    system.items += canvas.items
  }

  /// Roles of the marks a cross-staff slur may not cross.
  static let marks: Set<Role> = [.decoration, .annotation, .lyric, .text, .tuplet, .chordSymbol]

  /// Whether the curve (as `CurveDrawing.clearingHeight` models it, in staff spaces)
  /// passes through one of `boxes` (points).
  static func meets(
    _ boxes: [Rect], from: (Double, Double), to: (Double, Double), height: Double, scale: Double
  ) -> Bool {
    let left = min(from.0, to.0) * scale
    let right = max(from.0, to.0) * scale
    let nearby = boxes.filter { $0.maxX > left && $0.minX < right }
    guard !nearby.isEmpty else { return false }
    for step in 1..<24 {
      let t = Double(step) / 24
      let x = (from.0 + (to.0 - from.0) * t) * scale
      let y = (from.1 + (to.1 - from.1) * t + height * 4 * t * (1 - t)) * scale
      if nearby.contains(where: { $0.minX <= x && x <= $0.maxX && $0.minY <= y && y <= $0.maxY }) {
        return true
      }
    }
    return false
  }
}
