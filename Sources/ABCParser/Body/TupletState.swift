import ScoreModel

/// A tuplet in progress: how many notes it still covers and the factor they take.
///
/// `(p:q:r` puts p notes in the time of q for the next r notes (rests and chords
/// count, grace notes do not): each takes q/p of its written length. Missing q
/// comes from `defaultQ`, missing r is p. Example in 4/4: `(3abc` → each 2/3 × 1/8.
///
/// Tuplets nest as abcm2ps nests them: a `(p` inside an open tuplet scales its notes
/// again, and the outer tuplet's r counts every note, the inner ones too. In 2/4,
/// `(3:2:5 c (3d/e/f/ g` is an eighth triplet whose middle eighth is a sixteenth triplet:
/// c and g last 1/12, d, e and f 1/36 each. The parser keeps a stack, innermost last,
/// at most `Limits.tupletDepth` deep.
///
/// Known limits: an inner tuplet longer than what its outer one has left ends the outer
/// one where it starts, with a warning (abcm2ps calls it a bad nested tuplet).
struct TupletState {
  var remaining: Int
  var factor: Rational
  /// Where its `.tupletStart` stands in the voice's elements.
  var elementIndex: Int

  /// The ABC 2.1 default `q` for `(p`: 3 for 2, 4 and 8; 2 for 3 and 6; for 5, 7
  /// and 9, 3 in compound meter and 2 otherwise.
  static func defaultQ(for p: Int, meter: Meter) -> Int {
    switch p {
    case 2, 4, 8: return 3
    case 3, 6: return 2
    case 5, 7, 9:
      if let numerators = meter.terms?.numerators {
        let total = numerators.reduce(0, +)
        if total % 3 == 0 && total > 3 { return 3 }
      }
      return 2
    default: return 2
    }
  }
}
