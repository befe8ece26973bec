/// An exact fraction, always stored in lowest terms with a positive denominator.
///
/// Musical time in ABCPress is rational: a quaver is 1/8 of a whole note, a triplet
/// quaver 1/12. Floating point never enters the score model.
public struct Rational: Hashable, Comparable, Sendable, CustomStringConvertible {
  public let numerator: Int
  public let denominator: Int

  public init(_ numerator: Int, _ denominator: Int = 1) {
    precondition(denominator != 0, "Rational with zero denominator")
    if denominator == 1 || numerator == 0 {
      // Fast path: whole numbers and zero are already in lowest terms.
      self.numerator = numerator == 0 ? 0 : numerator
      self.denominator = numerator == 0 ? 1 : denominator
      return
    }
    let sign = denominator < 0 ? -1 : 1
    let divisor = Swift.max(Rational.gcd(abs(numerator), abs(denominator)), 1)
    self.numerator = sign * numerator / divisor
    self.denominator = sign * denominator / divisor
  }

  public static let zero = Rational(0)
  public static let one = Rational(1)

  public var doubleValue: Double { Double(numerator) / Double(denominator) }
  public var isZero: Bool { numerator == 0 }

  public var description: String {
    denominator == 1 ? "\(numerator)" : "\(numerator)/\(denominator)"
  }

  /// The greatest common divisor of two non-negative numbers (binary method: shifts and
  /// subtractions instead of divisions; musical denominators are mostly powers of two).
  static func gcd(_ a: Int, _ b: Int) -> Int {
    var (a, b) = (a.magnitude, b.magnitude)
    if a == 0 { return Int(truncatingIfNeeded: b) }
    if b == 0 { return Int(truncatingIfNeeded: a) }
    let shift = (a | b).trailingZeroBitCount
    a >>= a.trailingZeroBitCount
    repeat {
      b >>= b.trailingZeroBitCount
      if a > b { swap(&a, &b) }
      b -= a
    } while b != 0
    return Int(truncatingIfNeeded: a << shift)
  }

  public static func + (lhs: Rational, rhs: Rational) -> Rational {
    Rational(
      lhs.numerator * rhs.denominator + rhs.numerator * lhs.denominator,
      lhs.denominator * rhs.denominator)
  }

  public static func - (lhs: Rational, rhs: Rational) -> Rational {
    lhs + Rational(-rhs.numerator, rhs.denominator)
  }

  public static func * (lhs: Rational, rhs: Rational) -> Rational {
    Rational(lhs.numerator * rhs.numerator, lhs.denominator * rhs.denominator)
  }

  public static func / (lhs: Rational, rhs: Rational) -> Rational {
    Rational(lhs.numerator * rhs.denominator, lhs.denominator * rhs.numerator)
  }

  public static func += (lhs: inout Rational, rhs: Rational) { lhs = lhs + rhs }
  public static func -= (lhs: inout Rational, rhs: Rational) { lhs = lhs - rhs }

  public static func < (lhs: Rational, rhs: Rational) -> Bool {
    lhs.numerator * rhs.denominator < rhs.numerator * lhs.denominator
  }
}
