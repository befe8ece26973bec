import DisplayList
import SMuFL
import ScoreModel

/// Places the ties and slurs of a line, splitting those that cross a line break.
///
/// Ties: each tied head curves to the same staff position in the next note, away from
/// the stem (in a chord, the upper half of the heads curve up, the lower half down). Slurs
/// pair their start and end marks by id; they go on the notehead side when every stem in
/// between points the same way, and above otherwise. A curve that leaves the line runs
/// to the staff's end; one that arrives from the previous line starts before the first
/// note. On a staff shared by two voices every curve of a voice goes on one side
/// (`fixedAbove`): the upper voice's above, the lower's below, so neither crosses the other.
/// The other voices' heads, stems and accidentals already drawn there (`others`) are
/// cleared too: a slur arches over those inside its span, and a tie that would run
/// through one curves to its head's other side when that side meets less.
struct CurvePlacement {
  let font: MusicFont
  var fixedAbove: Bool? = nil
  /// Bars in which the voice is alone on its shared staff (`SoloBars`): there its curves
  /// choose their side as a single voice's do.
  var soloBars: [Range<Rational>] = []
  /// How far the articulations placed at each note reach (staff spaces): a slur passes
  /// outside them.
  var marksNear: [Int: (top: Double, bottom: Double)] = [:]
  /// The ink of the staff's other voices a curve must not cross (staff spaces), in x order.
  var others: [Obstacle] = []

  /// A box of another voice's ink: a head, a stem or an accidental.
  struct Obstacle {
    var left: Double
    var right: Double
    var top: Double
    var bottom: Double
  }

  /// The other voices' heads, stems and accidentals among a staff's items (points), in
  /// staff spaces and x order.
  static func obstacles(in items: [DisplayItem], voice: Int?, scale: Double) -> [Obstacle] {
    var result: [Obstacle] = []
    for item in items where item.context.voice != voice && item.context.voice != nil {
      switch item.role {
      case .notehead, .stem, .accidental:
        let box = item.box
        result.append(
          Obstacle(
            left: box.x / scale, right: (box.x + box.width) / scale, top: box.y / scale,
            bottom: (box.y + box.height) / scale))
      default: continue
      }
    }
    result.sort { $0.left < $1.left }
    return result
  }

  /// The obstacles whose boxes reach into `x0…x1`, found by binary search on their left
  /// edges (none is wider than a few spaces).
  func others(from x0: Double, to x1: Double) -> ArraySlice<Obstacle> {
    guard !others.isEmpty else { return [] }
    var low = 0
    var high = others.count
    while low < high {
      let middle = (low + high) / 2
      if others[middle].left < x0 - 4 { low = middle + 1 } else { high = middle }
    }
    var end = low
    while end < others.count && others[end].left < x1 { end += 1 }
    return others[low..<end]
  }

  /// How much of the other voices' ink a tie between x0 and x1 at y, arching by
  /// `height`, runs into: the summed widths of the boxes it meets (a stem costs little, a
  /// head or an accidental much); 0 when it is clear.
  func tieCost(x0: Double, x1: Double, y: Double, height: Double) -> Double {
    let top = min(y, y + height * 0.75)
    let bottom = max(y, y + height * 0.75)
    var cost = 0.0
    for other in others(from: x0, to: x1)
    where other.right > x0 + 0.1 && other.left < x1 - 0.1 && other.bottom > top + 0.1
      && other.top < bottom - 0.1
    {
      cost += max(other.right - other.left, 0.1)
    }
    return cost
  }

  /// A tie's ends moved off the other voices' ink right beside them (an accidental or a
  /// stem just before the note it ends on, a head or stem just after the one it leaves),
  /// as long as a tie of at least 1.2 spaces is left.
  func trimmed(x0: Double, x1: Double, y: Double, height: Double) -> (Double, Double) {
    guard !others.isEmpty else { return (x0, x1) }
    // Near its ends a tie keeps within a third of its arch of the end points' height.
    let top = min(y, y + height * 0.35) - 0.1
    let bottom = max(y, y + height * 0.35) + 0.1
    var (start, stop) = (x0, x1)
    for other in others(from: x0, to: x1) where other.bottom > top && other.top < bottom {
      if other.left < x1 && other.right > x1 - 1.5 && other.left > x0 + 1.2 {
        stop = min(stop, other.left - 0.2)
      } else if other.right > x0 && other.left < x0 + 1.2 && other.right < x1 - 1.2 {
        start = max(start, other.right + 0.2)
      }
    }
    return stop - start >= 1.2 ? (start, stop) : (x0, x1)
  }

  func draw(line: EngravedLine, on canvas: inout StaffCanvas) {
    drawTies(line: line, on: &canvas)
    drawSlurs(line: line, on: &canvas)
  }

  /// The voice's next note or rest on the line.
  func nextDurational(after index: Int, in line: EngravedLine) -> Int? {
    var next = index + 1
    while next <= line.last {
      if line.symbols[next].isDurational { return next }
      next += 1
    }
    return nil
  }

  func nextNote(after index: Int, in symbols: [StaffSymbol]) -> Int? {
    var next = index + 1
    while next < symbols.count {
      if case .note = symbols[next].kind { return next }
      next += 1
    }
    return nil
  }

  /// Where a tie from `x0` into the note at `index` ends: just before its heads, or
  /// before its arpeggio when it has one and that leaves a tie a space long; nil when the
  /// symbol is not a drawn note.
  func tieEnd(at index: Int, in line: EngravedLine, from x0: Double) -> Double? {
    guard let geometry = line.notes[index] else { return nil }
    if case .note(let note) = line.symbols[index].kind, note.hasArpeggio,
      geometry.x - SymbolBuilder.arpeggioRoom - 0.15 >= x0 + 1
    {
      return geometry.x - SymbolBuilder.arpeggioRoom - 0.15
    }
    return geometry.x - 0.15
  }

  func drawTies(line: EngravedLine, on canvas: inout StaffCanvas) {
    let drawing = CurveDrawing(font: font)
    // Ties arriving from the previous line: only from the voice's last note or rest before
    // the line (a note followed by a rest there ended its tie on its own line). A tie into
    // another voice's note ends at the voice's first note or rest, that note's time.
    if let previous = (0..<line.first).last(where: { line.symbols[$0].isDurational }),
      case .note(let note) = line.symbols[previous].kind
    {
      let target = nextNote(after: previous, in: line.symbols)
      let onward = nextDurational(after: previous, in: line)
      for (index, head) in note.heads.enumerated() {
        guard let dotted = head.tie,
          let ending = head.tieAcross ? onward : target, ending <= line.last,
          let x1 = tieEnd(at: ending, in: line, from: line.musicStart + 0.3).map({ $0 + 0.15 })
            ?? line.x(of: ending)
        else { continue }
        let up = tieGoesUp(note, head: index, at: line.symbols[previous].onset)
        let y = StaffCanvas.y(ofPosition: head.position) + (up ? -0.55 : 0.55)
        let x0 = line.musicStart + 0.3
        guard x1 - 0.15 > x0 + 0.3 else { continue }
        drawing.draw(
          from: (x0, y), to: (x1 - 0.15, y),
          height: (up ? -1 : 1) * CurveDrawing.tieHeight(length: x1 - 0.15 - x0), isTie: true,
          isDotted: dotted,
          role: .tie, on: &canvas, column: line.column(of: ending), source: line.symbols[previous].source)
      }
    }
    for index in line.indices where index <= line.last {
      guard case .note(let note) = line.symbols[index].kind, let geometry = line.notes[index] else {
        continue
      }
      let target = nextNote(after: index, in: line.symbols)
      for (headIndex, head) in note.heads.enumerated() {
        guard let dotted = head.tie else { continue }
        var up = tieGoesUp(note, head: headIndex, at: line.symbols[index].onset)
        var y = StaffCanvas.y(ofPosition: head.position) + (up ? -0.55 : 0.55)
        let x0 = geometry.x + max(geometry.headWidth + head.offset, geometry.rightEdge - 0.2) + 0.15
        // A tie into another voice's note ends where the voice goes on (that note's time).
        let ending = head.tieAcross ? nextDurational(after: index, in: line) : target
        let x1 =
          ending.flatMap { tieEnd(at: $0, in: line, from: x0) ?? line.x(of: $0).map { $0 - 0.15 } }
          ?? (line.end - 0.4)
        guard x1 > x0 + 0.3 else { continue }
        // A tie that would run through another voice's note curves the other way when
        // that side is free (an inner head of a chord, the other voice in between).
        let tieHeight = CurveDrawing.tieHeight(length: x1 - x0)
        if !others.isEmpty {
          let cost = tieCost(x0: x0, x1: x1, y: y, height: (up ? -1 : 1) * tieHeight)
          let flipped = StaffCanvas.y(ofPosition: head.position) + (up ? 0.55 : -0.55)
          if cost > 0 && tieCost(x0: x0, x1: x1, y: flipped, height: (up ? 1 : -1) * tieHeight) < cost {
            up.toggle()
            y = flipped
          }
        }
        let (start, stop) = trimmed(x0: x0, x1: x1, y: y, height: (up ? -1 : 1) * tieHeight)
        drawing.draw(
          from: (start, y), to: (stop, y),
          height: (up ? -1 : 1) * CurveDrawing.tieHeight(length: stop - start),
          isTie: true, isDotted: dotted, role: .tie, on: &canvas, column: line.column(of: index),
          source: line.symbols[index].source)
      }
    }
  }

  /// Ties curve away from the stem; in chords the outer halves curve outwards. A voice
  /// sharing its staff curves all its ties to its own side.
  func tieGoesUp(_ note: NoteSymbol, head: Int, at onset: Rational) -> Bool {
    if let fixed = fixed(at: onset) { return fixed }
    guard note.heads.count > 1 else { return !note.stemUp }
    let middle = Double(note.heads.count - 1) / 2
    if Double(head) == middle { return !note.stemUp }
    return Double(head) > middle
  }

  /// The voice's side for a curve starting (or ending) at `onset`: nil in a bar where the
  /// voice is alone on its staff.
  func fixed(at onset: Rational) -> Bool? {
    guard let fixedAbove, !SoloBars.contains(soloBars, onset) else { return nil }
    return fixedAbove
  }

  func drawSlurs(line: EngravedLine, on canvas: inout StaffCanvas) {
    let spans = line.spans.slurs(overlapping: line.first, line.last)
    let drawing = CurveDrawing(font: font)
    for span in spans where span.end >= line.first && span.start <= line.last && span.end > span.start {
      let (lower, upper) = (max(span.start, line.first), min(span.end, line.last))
      guard lower <= upper else { continue }
      let inside = (lower...upper).compactMap { line.notes[$0] }
      guard !inside.isEmpty else { continue }
      let allUp = inside.allSatisfy { $0.stemUp || !$0.hasStem }
      let allDown = inside.allSatisfy { !$0.stemUp && $0.hasStem }
      let above =
        fixed(at: line.symbols[span.start].onset) ?? fixed(at: line.symbols[span.end].onset)
        ?? (!allUp || allDown)
      let startGeometry = span.start >= line.first ? line.notes[span.start] : nil
      let endGeometry = span.end <= line.last ? line.notes[span.end] : nil
      var first =
        startGeometry.map { end(of: $0, above: above) } ?? (line.musicStart + 0.3, inside[0].top - 0.6)
      var last =
        endGeometry.map { end(of: $0, above: above) } ?? (
          line.end - 0.3, (inside.last ?? inside[0]).top - 0.6
        )
      // An end at a note with an articulation on the slur's side starts past the mark.
      if startGeometry != nil, let marks = marksNear[span.start] {
        first.1 = above ? min(first.1, marks.top - 0.3) : max(first.1, marks.bottom + 0.3)
      }
      if endGeometry != nil, let marks = marksNear[span.end] {
        last.1 = above ? min(last.1, marks.top - 0.3) : max(last.1, marks.bottom + 0.3)
      }
      var firstPoint = first
      var lastPoint = last
      if !above {
        if startGeometry == nil { firstPoint.1 = inside[0].bottom + 0.6 }
        if endGeometry == nil { lastPoint.1 = (inside.last ?? inside[0]).bottom + 0.6 }
      }
      // A head is as wide as it is: a sloping slur must clear both its corners.
      var obstacles = inside.flatMap { note in
        let reach = above ? note.top : note.bottom
        return [
          (x: note.x, reach: reach), (x: note.centreX, reach: reach),
          (x: note.x + note.headWidth, reach: reach),
        ]
      }
      if !marksNear.isEmpty {
        for index in lower...upper {
          guard let marks = marksNear[index], let note = line.notes[index] else { continue }
          obstacles.append((x: note.centreX, reach: above ? marks.top : marks.bottom))
        }
      }
      // The other voices' ink inside the slur's span, on its side, is cleared too.
      for other in others(from: firstPoint.0 + 0.3, to: lastPoint.0 - 0.3)
      where other.right > firstPoint.0 + 0.3 && other.left < lastPoint.0 - 0.3 {
        let reach = above ? other.top : other.bottom
        obstacles.append((x: other.left, reach: reach))
        obstacles.append((x: other.right, reach: reach))
      }
      let base = (above ? -1.0 : 1.0) * CurveDrawing.slurHeight(length: lastPoint.0 - firstPoint.0)
      var height = CurveDrawing.clearingHeight(
        from: firstPoint, to: lastPoint, height: base, obstacles: obstacles, gap: 0.5)
      // A slur that would have to arch far to clear its notes lifts its lower end instead
      // (by half-spaces, at most two spaces), as engravers slant a slur over a rising run.
      // A head right beside an end, which no arch can clear, lifts that end (up to four
      // spaces) until the slur passes over it; one in its middle third that the highest
      // arch does not clear (an arpeggio rising to its peak and back) lifts both ends.
      let limit = max(abs(base), min(3, (lastPoint.0 - firstPoint.0) * 0.3))
      var lifts = 0
      while lifts < 8 {
        let step = above ? -0.5 : 0.5
        if let near = CurveDrawing.uncleared(
          from: firstPoint, to: lastPoint, height: height, obstacles: obstacles, gap: 0.25)
        {
          if near < 1.0 / 3 {
            firstPoint.1 += step
          } else if near > 2.0 / 3 {
            lastPoint.1 += step
          } else {
            firstPoint.1 += step
            lastPoint.1 += step
          }
        } else if abs(height) > limit + 0.01 && lifts < 4 {
          if (firstPoint.1 - lastPoint.1) * step < 0 { firstPoint.1 += step } else { lastPoint.1 += step }
        } else {
          break
        }
        height = CurveDrawing.clearingHeight(
          from: firstPoint, to: lastPoint, height: base, obstacles: obstacles, gap: 0.5)
        lifts += 1
      }
      guard lastPoint.0 > firstPoint.0 + 0.5 else { continue }
      let column = line.column(of: max(span.start, line.first))
      drawing.draw(
        from: firstPoint, to: lastPoint, height: height, isTie: false, isDotted: span.dotted, role: .slur,
        on: &canvas, column: column, source: line.symbols[span.start].source)
    }
  }

  /// Where a slur meets a note: beside the stem's tip on the stem side, else off the head.
  func end(of note: NoteGeometry, above: Bool) -> (Double, Double) {
    if above {
      if note.hasStem && note.stemUp { return (note.stemX, note.stemTipY - 0.4) }
      return (note.centreX, note.highestY - 0.9)
    }
    if note.hasStem && !note.stemUp { return (note.stemX, note.stemTipY + 0.4) }
    return (note.centreX, note.lowestY + 0.9)
  }
}
