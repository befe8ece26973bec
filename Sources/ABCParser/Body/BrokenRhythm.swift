import ScoreModel

/// Broken rhythm factors: `>` dots the first note and halves the second.
///
/// With n arrows the short note gets 1/2ⁿ and the long one 2 − 1/2ⁿ of its length:
/// `A>B` = 3/2 and 1/2, `A>>B` = 7/4 and 1/4, `A<B` = 1/2 and 3/2. More than three
/// arrows are reported by the caller and read as three.
enum BrokenRhythm {
  /// Factors for the note before and after `count` arrows; `>` when `dotsFirst`.
  static func factors(count: Int, dotsFirst: Bool) -> (before: Rational, after: Rational) {
    let power = 1 << min(max(count, 1), 3)
    let short = Rational(1, power)
    let long = Rational(2 * power - 1, power)
    return dotsFirst ? (long, short) : (short, long)
  }
}
