import DisplayList
import SMuFL
import ScoreModel

/*
 CurvePlacement+Slurs — where a slur goes: its side, its ends and its arch.

 Method. A slur takes the side its notes ask for (above unless every stem in it points
 up, or every one points down), the voice's side on a shared staff, or the side the source
 names (MusicXML's `orientation`, abcm2ps's `('` and `(,`). Its ends sit off the heads or
 beside the stem tips, outside the articulations; its arch is the least that clears its
 own heads and marks and the other voices' ink in its span (`clearingHeight`), and a slur
 that would arch too high, or cannot clear a head beside an end, lifts an end instead.

 On a shared staff, a side the source asks for against the voice's own side is kept only
 when it runs through no more of the other voices' ink than the voice's side would: the
 file's choice was made beside another program's layout of the voices.

     V1: (,a3 g f e)   the upper voice's slur asked below: kept when the lower voice's
     V2:  c4 c2        notes leave it room, else drawn above as the upper voice's are

 Limits. The arch is a parabola through the end points, so a slur over a rising run that
 is cleared at the corners of heads may still graze a stem between them.
 */

extension CurvePlacement {
  /// A slur's end points and arch (staff spaces; the arch signed, negative above).
  struct SlurShape {
    var first: (Double, Double)
    var last: (Double, Double)
    var height: Double
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
      let natural =
        fixed(at: line.symbols[span.start].onset) ?? fixed(at: line.symbols[span.end].onset)
        ?? (!allUp || allDown)
      let asked = span.below.map(!) ?? natural
      var shape = slurShape(span, inside: inside, above: asked, line: line)
      if asked != natural && fixedAbove != nil && !others.isEmpty {
        let usual = slurShape(span, inside: inside, above: natural, line: line)
        if slurCost(usual) < slurCost(shape) { shape = usual }
      }
      guard shape.last.0 > shape.first.0 + 0.5 else { continue }
      let column = line.column(of: max(span.start, line.first))
      drawing.draw(
        from: shape.first, to: shape.last, height: shape.height, isTie: false, isDotted: span.dotted,
        role: .slur, on: &canvas, column: column, source: line.symbols[span.start].source)
    }
  }

  /// The ends and arch of a slur on one side, on a line holding `inside` of its notes.
  func slurShape(_ span: SlurSpan, inside: [NoteGeometry], above: Bool, line: EngravedLine) -> SlurShape {
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
      for index in max(span.start, line.first)...min(span.end, line.last) {
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
    return SlurShape(first: firstPoint, last: lastPoint, height: height)
  }

  /// How much of the other voices' ink a slur runs through: the summed widths of the
  /// boxes its drawn curve (the Bézier `CurveDrawing` draws, in 16 straight pieces)
  /// enters; 0 when it is clear.
  func slurCost(_ shape: SlurShape) -> Double {
    let (x0, y0) = shape.first
    let (x1, y1) = shape.last
    guard x1 - x0 > 0.5 else { return 0 }
    let k = shape.height / 0.75
    let c1 = (x0 + (x1 - x0) * 0.25, y0 + (y1 - y0) * 0.25 + k)
    let c2 = (x0 + (x1 - x0) * 0.75, y0 + (y1 - y0) * 0.75 + k)
    let points = (0...16).map { step -> (Double, Double) in
      let t = Double(step) / 16
      let (a, b, c, d) = (
        (1 - t) * (1 - t) * (1 - t), 3 * (1 - t) * (1 - t) * t, 3 * (1 - t) * t * t, t * t * t
      )
      return (a * x0 + b * c1.0 + c * c2.0 + d * x1, a * y0 + b * c1.1 + c * c2.1 + d * y1)
    }
    var cost = 0.0
    for other in others(from: x0, to: x1) where other.right > x0 && other.left < x1 {
      let crosses = zip(points, points.dropFirst()).contains { p, q in
        let (left, right) = (max(p.0, other.left), min(q.0, other.right))
        guard left <= right, q.0 > p.0 else { return false }
        func y(at x: Double) -> Double { p.1 + (q.1 - p.1) * (x - p.0) / (q.0 - p.0) }
        let (a, b) = (y(at: left), y(at: right))
        return min(a, b) < other.bottom - 0.05 && max(a, b) > other.top + 0.05
      }
      if crosses { cost += max(other.right - other.left, 0.1) }
    }
    return cost
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
