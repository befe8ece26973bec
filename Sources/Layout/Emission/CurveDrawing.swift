import DisplayList
import SMuFL

/*
 CurveDrawing — ties and slurs as tapered curves that clear what they pass over.

 Method. A curve is two cubic Béziers between the same end points: the outer one bulges
 by the curve's height h, the inner one by h less the mid thickness, so the filled shape
 is thin at the ends (SMuFL `tieEndpointThickness`) and thick in the middle
 (`tieMidpointThickness`). A cubic whose two control points are both offset by k bulges
 by 0.75 k at its middle, so k = h / 0.75. For a slur, the height starts from a default
 that grows with the span and is then increased until the curve clears every note between
 its ends by half a staff space: at a point t of the span a parabola of height h rises
 4 t (1 − t) h, which gives the least h for each inner note.

       start ╭──────────╮ end          h = max(default, needed over inner notes)
             ♩    ♪ ♪    ♩
 Limits. End points are not moved (a slur never shifts its ends to dodge a high note in
 the middle; it only grows taller), and curves do not avoid each other.
 */

/// Draws tapered curves for ties and slurs.
struct CurveDrawing {
  let font: MusicFont

  /// A curve from (x0, y0) to (x1, y1); negative `height` arches upwards (y runs down).
  func draw(
    from start: (Double, Double), to end: (Double, Double), height: Double, isTie: Bool,
    isDotted: Bool, role: Role, on canvas: inout StaffCanvas, column: Int?, source: SourcePosition?
  ) {
    let defaults = font.engravingDefaults
    let midThickness = defaults[isTie ? "tieMidpointThickness" : "slurMidpointThickness"]
    let endThickness = defaults[isTie ? "tieEndpointThickness" : "slurEndpointThickness"]
    let direction = height < 0 ? -1.0 : 1.0
    let (x0, y0) = start
    let (x1, y1) = end
    func controls(_ h: Double) -> ((Double, Double), (Double, Double)) {
      let k = h / 0.75
      return (
        (x0 + (x1 - x0) * 0.25, y0 + (y1 - y0) * 0.25 + k), (x0 + (x1 - x0) * 0.75, y0 + (y1 - y0) * 0.75 + k)
      )
    }
    if isDotted {
      let (c1, c2) = controls(height)
      let segments: [PathSegment] = [
        .move(canvas.point(x0, y0)),
        .curve(canvas.point(c1.0, c1.1), canvas.point(c2.0, c2.1), canvas.point(x1, y1)),
      ]
      canvas.path(
        segments, strokeWidth: endThickness * 1.6, dash: 0.3, role: role, column: column, source: source)
      return
    }
    let shift = direction * endThickness / 2
    let (o1, o2) = controls(height + shift)
    let (i1, i2) = controls(height - direction * (midThickness - endThickness / 2))
    let segments: [PathSegment] = [
      .move(canvas.point(x0, y0 + shift)),
      .curve(canvas.point(o1.0, o1.1), canvas.point(o2.0, o2.1), canvas.point(x1, y1 + shift)),
      .line(canvas.point(x1, y1 - shift)),
      .curve(canvas.point(i2.0, i2.1), canvas.point(i1.0, i1.1), canvas.point(x0, y0 - shift)),
      .close,
    ]
    canvas.path(segments, strokeWidth: nil, dash: nil, role: role, column: column, source: source)
  }

  /// The default height of a slur spanning `length` staff spaces.
  static func slurHeight(length: Double) -> Double {
    min(0.7 + length * 0.07, 2.2)
  }

  /// The default height of a tie spanning `length` staff spaces.
  static func tieHeight(length: Double) -> Double {
    min(0.35 + length * 0.05, 1.0)
  }

  /// The least height (signed like `height`) that keeps a curve from (x0, y0) to (x1, y1)
  /// at least `gap` clear of the points `obstacles` (x, reach) between its ends.
  static func clearingHeight(
    from start: (Double, Double), to end: (Double, Double), height: Double,
    obstacles: [(x: Double, reach: Double)], gap: Double
  ) -> Double {
    var result = height
    let span = end.0 - start.0
    guard span > 0.5 else { return result }
    for obstacle in obstacles {
      let t = (obstacle.x - start.0) / span
      guard t > 0.05 && t < 0.95 else { continue }
      let chord = start.1 + (end.1 - start.1) * t
      let shape = 4 * t * (1 - t)
      if height < 0 {
        result = min(result, (obstacle.reach - gap - chord) / shape)
      } else {
        result = max(result, (obstacle.reach + gap - chord) / shape)
      }
    }
    return max(-4, min(4, result))
  }

  /// Where along a curve (0 at its start, 1 at its end) the first obstacle it does not
  /// clear by `gap` stands, nil when it clears them all (the curve as `clearingHeight`
  /// models it).
  static func uncleared(
    from start: (Double, Double), to end: (Double, Double), height: Double,
    obstacles: [(x: Double, reach: Double)], gap: Double
  ) -> Double? {
    let span = end.0 - start.0
    guard span > 0.5 else { return nil }
    for obstacle in obstacles {
      let t = (obstacle.x - start.0) / span
      guard t > 0 && t < 1 else { continue }
      let y = start.1 + (end.1 - start.1) * t + height * 4 * t * (1 - t)
      if height < 0 ? y > obstacle.reach - gap : y < obstacle.reach + gap { return t }
    }
    return nil
  }
}
