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
