import Testing

@testable import ScoreModel

@Suite struct RationalTests {
  @Test func reducesToLowestTerms() {
    let half = Rational(4, 8)
    #expect(half.numerator == 1)
    #expect(half.denominator == 2)
    #expect(Rational(3, -6) == Rational(-1, 2))
  }

  @Test func arithmetic() {
    #expect(Rational(1, 8) + Rational(1, 12) == Rational(5, 24))
    #expect(Rational(3, 4) - Rational(1, 4) == Rational(1, 2))
    #expect(Rational(2, 3) * Rational(3, 8) == Rational(1, 4))
    #expect(Rational(1, 4) / Rational(1, 8) == Rational(2))
    #expect(Rational(1, 3) < Rational(1, 2))
  }

  @Test func defaultUnitLengthFollowsTheMeter() {
    #expect(Meter.fraction(numerators: [2], denominator: 4).defaultUnitNoteLength == Rational(1, 16))
    #expect(Meter.fraction(numerators: [3], denominator: 4).defaultUnitNoteLength == Rational(1, 8))
    #expect(Meter.common.defaultUnitNoteLength == Rational(1, 8))
    #expect(Meter.fraction(numerators: [6], denominator: 8).beatLength == Rational(3, 8))
  }

  @Test func clefStaffPositions() {
    #expect(Clef.treble.staffPosition(of: Pitch(step: .e, octave: 4)) == 0)
    #expect(Clef.treble.staffPosition(of: Pitch(step: .f, octave: 5)) == 8)
    #expect(Clef.bass.staffPosition(of: Pitch(step: .g, octave: 2)) == 0)
    #expect(Clef.alto.staffPosition(of: Pitch(step: .c, octave: 4)) == 4)
    #expect(Clef.tenor.staffPosition(of: Pitch(step: .c, octave: 4)) == 6)
  }

  @Test func keySignatureAccidentals() {
    let d = KeySignature(tonic: .d, fifths: 2)
    #expect(d.writtenAccidentals.map(\.step) == [.f, .c])
    #expect(d.alter(for: .f) == 1)
    #expect(d.alter(for: .g) == 0)
    let custom = KeySignature(tonic: .d, fifths: 2, explicitAccidentals: [.c: .natural, .g: .sharp])
    #expect(custom.writtenAccidentals.map(\.step) == [.f, .g])
  }
}

/// Arithmetic on fractions whose exact result does not fit in `Int` (only absurd input
/// gets there) must approximate, never trap.
@Suite struct RationalOverflowTests {
  /// Fractions over distinct primes: their sum's exact denominator overflows quickly.
  static let primes = [4093, 4091, 4079, 4073, 4057, 4051, 4049, 4027, 4021, 4019, 4013, 4007]

  @Test func sumsOfManyPrimeDenominatorsStayClose() {
    var total = Rational.zero
    var expected = 0.0
    for prime in Self.primes {
      total += Rational(1, prime)
      expected += 1 / Double(prime)
    }
    #expect(total.denominator > 0)
    #expect(abs(total.doubleValue - expected) < 1e-9)
  }

  @Test func productsAndQuotientsThatOverflowApproximate() {
    let big = Rational(Int.max / 3, 4093)
    let product = big * big
    #expect(product.numerator == Rational.approximationMagnitude)
    let tiny = Rational(1, Int.max / 5) * Rational(1, 4091)
    #expect(tiny.isZero || tiny.doubleValue < 1e-15)
    let quotient = Rational(7, 4093) / Rational(Int.max / 7, 4091)
    #expect(quotient.doubleValue >= 0 && quotient.doubleValue < 1e-15)
  }

  @Test func comparisonIsExactAtFullWidth() {
    let a = Rational(Int.max - 1, Int.max - 2)
    let b = Rational(Int.max - 2, Int.max - 3)
    #expect(a < b)
    #expect(!(b < a))
    #expect(Rational(-Int.max, 3) < Rational(Int.max, 5))
  }

  @Test func extremeNumeratorsNeitherTrapNorLoseTheirSign() {
    let minimum = Rational(Int.min, 3)
    #expect(minimum.numerator == Int.min)
    #expect(minimum.negated.doubleValue > 0)
    #expect(Rational(5, Int.min).doubleValue <= 0)
    #expect(Rational(Int.max, Int.min).doubleValue < 0)
    #expect(Rational(Int.min, -1).doubleValue > 0)
    #expect((minimum - Rational(1, 7)).doubleValue < 0)
  }

  @Test func approximationFindsSimpleFractions() {
    #expect(Rational(approximating: 0.375) == Rational(3, 8))
    #expect(Rational(approximating: -2.5) == Rational(-5, 2))
    #expect(Rational(approximating: .nan) == .zero)
    #expect(Rational(approximating: .infinity) == Rational(Rational.approximationMagnitude))
    #expect(Rational(approximating: 1.0 / 3.0) == Rational(1, 3))
  }

  /// Sums and fractions over powers of two take a short way: the same lowest terms as the
  /// general way (a common denominator and a gcd) on random fractions of every kind.
  @Test func powerOfTwoShortcutsAgreeWithTheGeneralWay() {
    var generator = SystemRandomNumberGenerator()
    let denominators = [1, 2, 3, 4, 6, 8, 12, 16, 24, 32, 64, 96, 128, 1 << 40, 5, 7]
    for _ in 0..<20_000 {
      let a = Int.random(in: -10_000...10_000, using: &generator)
      let b = Int.random(in: -10_000...10_000, using: &generator)
      let x = Rational(a, denominators.randomElement(using: &generator)!)
      let y = Rational(b, denominators.randomElement(using: &generator)!)
      let sum = x + y
      #expect(sum == Rational.sum(x, y), "\(x) + \(y)")
      let divisor = Swift.max(Rational.gcd(sum.numerator, sum.denominator), 1)
      #expect(divisor == 1 && sum.denominator > 0, "\(sum) is not in lowest terms")
      let power = 1 << Int.random(in: 0...20, using: &generator)
      let raw = Rational(a * 6, power)
      #expect(Rational.gcd(raw.numerator, raw.denominator) == 1 || raw.numerator == 0)
      #expect(Double(raw.numerator) * Double(power) == Double(a * 6) * Double(raw.denominator))
    }
  }
}
