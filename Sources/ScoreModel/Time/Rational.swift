/// An exact fraction, always stored in lowest terms with a positive denominator.
///
/// Musical time in ABCPress is rational: a quaver is 1/8 of a whole note, a triplet
/// quaver 1/12. Floating point never enters the score model, except that arithmetic
/// whose exact result would overflow `Int` (only absurd input gets there) falls back to
/// the nearest fraction with a denominator of at most 2²⁰ instead of trapping.
public struct Rational: Hashable, Comparable, Sendable, CustomStringConvertible {
  public let numerator: Int
  public let denominator: Int

  @inlinable @inline(__always) public init(_ numerator: Int, _ denominator: Int = 1) {
    precondition(denominator != 0, "Rational with zero denominator")
    if denominator == 1 || numerator == 0 {
      // Fast path: whole numbers and zero are already in lowest terms.
      self.numerator = numerator == 0 ? 0 : numerator
      self.denominator = numerator == 0 ? 1 : denominator
      return
    }
    if denominator > 0 && denominator & (denominator &- 1) == 0 {
      // Over a power of two: lowest terms take out the twos the numerator shares.
      let shift = Swift.min(numerator.trailingZeroBitCount, denominator.trailingZeroBitCount)
      self.numerator = numerator >> shift
      self.denominator = denominator >> shift
      return
    }
    self = Rational(reducing: numerator, denominator)
  }

  /// Any other fraction in lowest terms, with a positive denominator (out of line: the two
  /// paths above, inlined where fractions are made, are nearly every musical length).
  @usableFromInline init(reducing numerator: Int, _ denominator: Int) {
    let divisor = Swift.max(Rational.gcd(numerator, denominator), 1)
    var (reducedNumerator, reducedDenominator) = (numerator / divisor, denominator / divisor)
    if reducedDenominator < 0 {
      guard reducedNumerator != .min, reducedDenominator != .min else {
        self = Rational(approximating: Double(numerator) / Double(denominator))
        return
      }
      (reducedNumerator, reducedDenominator) = (-reducedNumerator, -reducedDenominator)
    }
    self.numerator = reducedNumerator
    self.denominator = reducedDenominator
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
  @usableFromInline static func gcd(_ a: Int, _ b: Int) -> Int {
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

  @inlinable public static func + (lhs: Rational, rhs: Rational) -> Rational {
    // Most musical lengths are over powers of two: their sum is over the larger one (the
    // init reduces it by shifts, no gcd).
    let (d1, d2) = (lhs.denominator, rhs.denominator)
    if d1 & (d1 &- 1) == 0 && d2 & (d2 &- 1) == 0 {
      let common = Swift.max(d1, d2)
      let (left, o1) = lhs.numerator.multipliedReportingOverflow(by: common / d1)
      let (right, o2) = rhs.numerator.multipliedReportingOverflow(by: common / d2)
      let (sum, o3) = left.addingReportingOverflow(right)
      if !(o1 || o2 || o3) { return Rational(sum, common) }
    }
    return sum(lhs, rhs)
  }

  /// The sum of any two fractions.
  @usableFromInline static func sum(_ lhs: Rational, _ rhs: Rational) -> Rational {
    let (left, o1) = lhs.numerator.multipliedReportingOverflow(by: rhs.denominator)
    let (right, o2) = rhs.numerator.multipliedReportingOverflow(by: lhs.denominator)
    let (sum, o3) = left.addingReportingOverflow(right)
    let (denominator, o4) = lhs.denominator.multipliedReportingOverflow(by: rhs.denominator)
    if !(o1 || o2 || o3 || o4) { return Rational(sum, denominator) }
    // Exact again once the common factor of the denominators is taken out.
    let common = gcd(lhs.denominator, rhs.denominator)
    let (a, p1) = lhs.numerator.multipliedReportingOverflow(by: rhs.denominator / common)
    let (b, p2) = rhs.numerator.multipliedReportingOverflow(by: lhs.denominator / common)
    let (reducedSum, p3) = a.addingReportingOverflow(b)
    let (reducedDenominator, p4) = lhs.denominator.multipliedReportingOverflow(by: rhs.denominator / common)
    if !(p1 || p2 || p3 || p4) { return Rational(reducedSum, reducedDenominator) }
    return Rational(approximating: lhs.doubleValue + rhs.doubleValue)
  }

  public static func - (lhs: Rational, rhs: Rational) -> Rational {
    lhs + rhs.negated
  }

  public static func * (lhs: Rational, rhs: Rational) -> Rational {
    let (numerator, o1) = lhs.numerator.multipliedReportingOverflow(by: rhs.numerator)
    let (denominator, o2) = lhs.denominator.multipliedReportingOverflow(by: rhs.denominator)
    if !(o1 || o2) { return Rational(numerator, denominator) }
    // Exact again once factors shared across the two fractions are cancelled.
    let g1 = Swift.max(gcd(lhs.numerator, rhs.denominator), 1)
    let g2 = Swift.max(gcd(rhs.numerator, lhs.denominator), 1)
    let (n, p1) = (lhs.numerator / g1).multipliedReportingOverflow(by: rhs.numerator / g2)
    let (d, p2) = (lhs.denominator / g2).multipliedReportingOverflow(by: rhs.denominator / g1)
    if !(p1 || p2) { return Rational(n, d) }
    return Rational(approximating: lhs.doubleValue * rhs.doubleValue)
  }

  public static func / (lhs: Rational, rhs: Rational) -> Rational {
    precondition(rhs.numerator != 0, "Rational division by zero")
    return lhs * Rational(rhs.denominator, rhs.numerator)
  }

  /// The value with the opposite sign.
  public var negated: Rational {
    guard numerator != .min else { return Rational(approximating: -doubleValue) }
    return Rational(-numerator, denominator)
  }

  /// The largest denominator of an approximation, and the largest magnitude of any
  /// approximated value.
  static let approximationDenominator = 1 << 20
  static let approximationMagnitude = 1 << 52

  /// The fraction nearest `value` with a denominator of at most 2²⁰ (continued
  /// fractions), clamped to ±2⁵²; NaN gives zero. Arithmetic falls back to it when an
  /// exact result would overflow `Int`, which only absurd input can cause.
  public init(approximating value: Double) {
    let limit = Double(Self.approximationMagnitude)
    guard !value.isNaN else {
      self = .zero
      return
    }
    guard abs(value) < limit else {
      self = Rational(value < 0 ? -Self.approximationMagnitude : Self.approximationMagnitude)
      return
    }
    var (h0, h1) = (0, 1)
    var (k0, k1) = (1, 0)
    var x = value
    for _ in 0..<64 {
      let whole = x.rounded(.down)
      guard abs(whole) < limit else { break }
      let a = Int(whole)
      let (ah, o1) = a.multipliedReportingOverflow(by: h1)
      let (h2, o2) = ah.addingReportingOverflow(h0)
      let (ak, o3) = a.multipliedReportingOverflow(by: k1)
      let (k2, o4) = ak.addingReportingOverflow(k0)
      if o1 || o2 || o3 || o4 || k2 > Self.approximationDenominator || abs(h2) > Self.approximationMagnitude {
        break
      }
      (h0, h1, k0, k1) = (h1, h2, k1, k2)
      let fraction = x - whole
      if fraction < 1e-15 { break }
      x = 1 / fraction
    }
    self = Rational(h1, Swift.max(k1, 1))
  }

  @inlinable public static func += (lhs: inout Rational, rhs: Rational) { lhs = lhs + rhs }
  public static func -= (lhs: inout Rational, rhs: Rational) { lhs = lhs - rhs }

  /// Exact for every value: the cross products are compared at double width.
  @inlinable public static func < (lhs: Rational, rhs: Rational) -> Bool {
    let left = lhs.numerator.multipliedFullWidth(by: rhs.denominator)
    let right = rhs.numerator.multipliedFullWidth(by: lhs.denominator)
    return left.high < right.high || (left.high == right.high && left.low < right.low)
  }
}

extension Rational {
  /// The flags (or beams) of a note whose undotted value is this length: 1 for a quaver
  /// (1/8), 2 for a semiquaver, 0 for a crotchet or longer.
  public var flagCount: Int {
    guard numerator > 0 else { return 0 }
    if numerator < 1 << 40 {
      // Whole numbers: value · 2^count < 1/4 while 4n · 2^count < d.
      var count = 0
      while count < 16 && (4 * numerator) << count < denominator { count += 1 }
      return count
    }
    var count = 0
    var value = self
    while value < Rational(1, 4) && value > .zero && count < 16 {
      value = value * Rational(2)
      count += 1
    }
    return count
  }
}
