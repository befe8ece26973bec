import ScoreModel

/// A tuplet in progress: how many notes it still covers and the factor they take.
///
/// `(p:q:r` puts p notes in the time of q for the next r notes (rests and chords
/// count, grace notes do not): each takes q/p of its written length. Missing q
/// comes from `defaultQ`, missing r is p. Example in 4/4: `(3abc` → each 2/3 × 1/8.
///
/// Known limits: nested tuplets are not supported (a new `(p` replaces an open one).
struct TupletState {
  var remaining: Int
  var factor: Rational

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
