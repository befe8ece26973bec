import ScoreModel

/// Overflow-checked arithmetic, so that absurd input can never trap the parser.
extension Rational {
  /// The product, or nil when an intermediate value would overflow.
  func checkedMultiplied(by other: Rational) -> Rational? {
    let (numerator, numeratorOverflow) = self.numerator.multipliedReportingOverflow(by: other.numerator)
    let (denominator, denominatorOverflow) = self.denominator.multipliedReportingOverflow(
      by: other.denominator)
    guard !numeratorOverflow, !denominatorOverflow, denominator != 0 else { return nil }
    return Rational(numerator, denominator)
  }

  /// The sum, or nil when an intermediate value would overflow.
  func checkedAdding(_ other: Rational) -> Rational? {
    let (left, o1) = numerator.multipliedReportingOverflow(by: other.denominator)
    let (right, o2) = other.numerator.multipliedReportingOverflow(by: denominator)
    let (sum, o3) = left.addingReportingOverflow(right)
    let (denominator, o4) = self.denominator.multipliedReportingOverflow(by: other.denominator)
    guard !(o1 || o2 || o3 || o4), denominator != 0 else { return nil }
    return Rational(sum, denominator)
  }
}
