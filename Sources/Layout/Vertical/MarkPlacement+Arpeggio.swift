import DisplayList
import SMuFL
import ScoreModel

/*
 MarkPlacement+Arpeggio — the wavy line before a rolled chord.

 Method. The line runs from half a space under the chord's lowest head to half a space
 over its highest, in quarter-space zigzags, one space left of the chord's leftmost ink:
 its heads set left of the stem and its accidentals, and, on a staff two voices share,
 the other voice's heads and accidentals that stand beside the chord within its height
 (each hand's chord on one staff, the other's second or sharp further left).

     ♯♩   other voice's sharp          ≀ ♯♩
     ≀♩   rolled chord          →      ≀  ♩   the line moves left of the sharp

 Limits. One voice's arpeggio is drawn for that voice's chord only; two voices' arpeggios
 at one time are not joined into one line.
 */

extension MarkPlacement {
  /// How far left of `note` its arpeggio stands once it clears the other voices' heads and
  /// accidentals beside the chord within its height (each hand's chord on one staff, the
  /// other voice's set left of this one's): `left` or further.
  func leftOfOtherVoices(note: NoteGeometry, left: Double) -> Double {
    let voice = canvas.context.voice
    let ink = canvas.items.filter {
      $0.context.voice != voice && ($0.role == .notehead || $0.role == .accidental)
        && $0.box.maxY / scale > note.highestY - 0.6 && $0.box.minY / scale < note.lowestY + 0.6
        && $0.box.minX / scale < note.x + 1.2 && $0.box.maxX / scale > note.x + left - 6
    }
    var left = left
    // Each move may reach another mark further left (the other chord's accidentals).
    for _ in 0..<4 {
      let reach = note.x + left - SymbolBuilder.arpeggioRoom
      guard
        let next = ink.filter({ $0.box.maxX / scale > reach && $0.box.minX / scale < note.x + left }).map({
          $0.box.minX / scale - note.x - 0.1
        }).min(), next < left
      else { break }
      left = next
    }
    return left
  }

  /// The wavy line left of a chord; `left` is how far the chord's accidentals reach left
  /// of its anchor (0 or less).
  mutating func drawArpeggio(note: NoteGeometry, left: Double = 0, column: Int?, source: SourcePosition?) {
    let x = note.x + left - SymbolBuilder.arpeggioRoom + 0.25
    var points: [PathSegment] = []
    var y = note.lowestY + 0.6
    var left = true
    points.append(.move(canvas.point(x, y)))
    while y > note.highestY - 0.6 {
      y -= 0.35
      points.append(.line(canvas.point(x + (left ? -0.25 : 0.25), y)))
      left.toggle()
    }
    canvas.path(points, strokeWidth: 0.14, dash: nil, role: .decoration, column: column, source: source)
  }
}
