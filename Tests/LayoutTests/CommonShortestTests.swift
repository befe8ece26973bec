import ScoreModel
import Testing

@testable import Layout

/// The common shortest length, found by counting distinct lengths, is the one a fifth of
/// the way up the sorted lengths (zeros left out), as sorting them all finds it.
@Suite struct CommonShortestTests {
  @Test func countingFindsWhatSortingFinds() {
    var generator = SystemRandomNumberGenerator()
    let lengths = [
      Rational.zero, Rational(1, 16), Rational(1, 8), Rational(3, 16), Rational(1, 4), Rational(3, 8),
      Rational(1, 2), Rational(1, 12), Rational(1, 6), Rational(1, 1),
    ]
    for _ in 0..<2000 {
      let count = Int.random(in: 0...60, using: &generator)
      let durations = (0..<count).map { _ in lengths.randomElement(using: &generator)! }
      let sorted = durations.filter { !$0.isZero }.sorted()
      let expected = sorted.isEmpty ? Rational(1, 8) : sorted[min(sorted.count - 1, sorted.count / 5)]
      #expect(Spring.commonShortest(durations) == expected, "\(durations)")
    }
    #expect(Spring.commonShortest([Rational(1, 8), Rational(1, 16), Rational(1, 8)]) == Rational(1, 16))
    #expect(Spring.commonShortest([]) == Rational(1, 8))
  }

  /// Many distinct lengths (a hostile tune) are sorted, with the same answer.
  @Test func manyDistinctLengthsFindWhatSortingFinds() {
    let durations = (1...40).map { Rational(($0 * 7) % 41 + 1, 64) }
    let sorted = durations.sorted()
    #expect(Spring.commonShortest(durations) == sorted[sorted.count / 5])
  }
}
