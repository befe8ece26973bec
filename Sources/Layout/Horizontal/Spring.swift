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

  /// The ideal space after a note or rest of the given duration, in staff spaces.
  ///
  /// A power law between the common choices of Gourlay and of LilyPond: doubling a
  /// duration multiplies its space by about 1.4 (16th = 2.0, 8th = 2.8, crotchet = 3.9,
  /// minim = 5.5, semibreve = 7.7 staff spaces).
  static func idealSpace(for duration: Rational) -> Double {
    let sixteenths = max(duration.doubleValue * 16, 0.25)
    return 2.0 * pow(sixteenths, 0.485)
  }
}
