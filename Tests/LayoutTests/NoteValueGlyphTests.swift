import SMuFL
import ScoreModel
import Testing

@testable import Layout

/// A note value's head and rest glyphs, chosen by whole-number comparisons, against the
/// fractions compared as fractions: every plain value from 1/256 to 8 with its dots, and
/// random lengths.
@Suite struct NoteValueGlyphTests {
  func expectedHead(_ base: Rational) -> SMuFLGlyph {
    if base >= Rational(2) { return .noteheadDoubleWhole }
    if base >= Rational(1) { return .noteheadWhole }
    if base >= Rational(1, 2) { return .noteheadHalf }
    return .noteheadBlack
  }

  func expectedRest(_ value: NoteValue) -> SMuFLGlyph {
    if value.base >= Rational(2) { return .restDoubleWhole }
    if value.base >= Rational(1) { return .restWhole }
    if value.base >= Rational(1, 2) { return .restHalf }
    if value.base >= Rational(1, 4) { return .restQuarter }
    switch value.base.flagCount {
    case 1: return .rest8th
    case 2: return .rest16th
    case 3: return .rest32nd
    default: return .rest64th
    }
  }

  @Test func headsAndRestsAsTheFractionsCompare() {
    var durations: [Rational] = []
    for denominator in [1, 2, 4, 8, 16, 32, 64, 128, 256] {
      for numerator in 1...(16 * 8) { durations.append(Rational(numerator, denominator)) }
    }
    for _ in 0..<3000 {
      durations.append(Rational(Int.random(in: 1...5000), Int.random(in: 1...5000)))
    }
    for duration in durations {
      let value = NoteValue(duration: duration)
      #expect(value.notehead == expectedHead(value.base), "\(duration)")
      #expect(value.rest == expectedRest(value), "\(duration)")
    }
    // Bases made directly, off the powers of two, too.
    for numerator in 1...40 {
      for denominator in 1...40 {
        var value = NoteValue(duration: Rational(1, 4))
        value.base = Rational(numerator, denominator)
        #expect(value.notehead == expectedHead(value.base), "\(numerator)/\(denominator)")
        #expect(value.rest == expectedRest(value), "\(numerator)/\(denominator)")
      }
    }
  }
}
