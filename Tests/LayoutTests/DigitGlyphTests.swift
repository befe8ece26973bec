import SMuFL
import Testing

@testable import Layout

/// Numbers drawn as digit glyphs (time signatures, tuplets, bar counts), digit by digit.
@Suite struct DigitGlyphTests {
  @Test(arguments: [0, 7, 10, 407, 1234, 9_999_999])
  func digitsReadBackAsTheNumber(number: Int) {
    let digits = SMuFLGlyph.decimalDigits(number)
    #expect(digits.reduce(0) { $0 * 10 + $1 } == number)
    #expect(digits.map(String.init).joined() == String(number))
  }

  @Test func signsAreDroppedAndMetersNeverNegative() {
    #expect(SMuFLGlyph.decimalDigits(-12) == [1, 2])
    #expect(MeterDrawing.digits(-3) == [.timeSig0])
    #expect(MeterDrawing.digits(12) == [.timeSig1, .timeSig2])
    #expect(
      MeterDrawing.rows(of: .fraction(numerators: [3, 2], denominator: 8)) == [
        [.timeSig3, .timeSigPlus, .timeSig2], [.timeSig8],
      ])
  }
}
