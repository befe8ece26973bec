import Foundation
import ScoreModel

/// The space between two neighbouring anchors: a spring that wants `ideal` staff spaces,
/// may stretch in proportion to it, and never closes below the rod `minimum`.
struct Spring: Hashable {
  var ideal: Double
  /// The rod: the least distance that keeps the two symbols' ink apart.
  var minimum: Double
  /// Fixed gaps (after bar lines and signatures) keep their length when a line is justified.
  var isStretchable: Bool

  /// The length at stretch factor `force` (1 = natural spacing).
  func length(force: Double) -> Double {
    isStretchable ? max(minimum, ideal * force) : max(minimum, ideal)
  }

  /// The ideal space after a note or rest, in staff spaces, relative to the tune's
  /// common shortest note.
  ///
  /// The common shortest note gets 2.4 staff spaces (a head and a little more), and each
  /// doubling of duration multiplies the space by √2, the middle of the usual range
  /// (Gourlay's and LilyPond's spacing grow by 1.4–1.5 per doubling). Measuring from the
  /// tune's own common shortest note keeps a hymn in minims as compact as a reel in
  /// quavers, as engravers set them.
  static func idealSpace(for duration: Rational, shortest: Rational) -> Double {
    let ratio = max(duration.doubleValue / max(shortest.doubleValue, 1.0 / 256), 0.25)
    return 2.4 * ratio.squareRoot()
  }

  /// The shortest duration that is common in a set of note lengths: the shortest one that,
  /// with all shorter ones, makes up at least a fifth of the notes (a few grace-like
  /// semiquavers in a reel do not make every quaver wide).
  ///
  /// The note at a fifth of the way up the sorted lengths, found by counting each distinct
  /// length (a tune has a handful) rather than sorting them all; past sixteen distinct
  /// lengths (a hostile tune) they are sorted, so the cost stays n log n.
  static func commonShortest(_ durations: [Rational]) -> Rational {
    var lengths: [(length: Rational, count: Int)] = []
    var total = 0
    for duration in durations where !duration.isZero {
      total += 1
      if let found = lengths.firstIndex(where: { $0.length == duration }) {
        lengths[found].count += 1
      } else if lengths.count < 16 {
        lengths.append((duration, 1))
      } else {
        let sorted = durations.filter { !$0.isZero }.sorted()
        return sorted[min(sorted.count - 1, sorted.count / 5)]
      }
    }
    guard total > 0 else { return Rational(1, 8) }
    lengths.sort { $0.length < $1.length }
    let index = min(total - 1, total / 5)
    var passed = 0
    for entry in lengths {
      passed += entry.count
      if passed > index { return entry.length }
    }
    return lengths[lengths.count - 1].length
  }
}
