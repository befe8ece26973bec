/// A time signature.
public enum Meter: Hashable, Sendable {
  /// `M:none`: free meter, nothing written.
  case none
  /// `M:C`, common time.
  case common
  /// `M:C|`, cut time.
  case cut
  /// `M:6/8`, `M:2+3+2/8`: numerator terms over a denominator.
  case fraction(numerators: [Int], denominator: Int)
  /// `M:2`, `M:3`: one number, as early music writes it; counted in minims, as abcm2ps
  /// does (`M:3` is a bar of three halves).
  case numeral(Int)

  /// The numerator terms and denominator the meter counts in: a numeral over 2.
  public var terms: (numerators: [Int], denominator: Int)? {
    switch self {
    case .none, .common, .cut: nil
    case .fraction(let numerators, let denominator): (numerators, denominator)
    case .numeral(let count): ([count], 2)
    }
  }

  /// The length of one bar in whole notes, nil for free meter.
  public var barLength: Rational? {
    switch self {
    case .none: nil
    case .common: Rational(1)
    case .cut: Rational(1)
    case .fraction(let numerators, let denominator):
      Rational(numerators.reduce(0, +), denominator)
    case .numeral(let count): Rational(count, 2)
    }
  }

  /// The default unit note length from ABC 2.1 §3.1.7: 1/16 below 0.75, else 1/8.
  public var defaultUnitNoteLength: Rational {
    guard let length = barLength else { return Rational(1, 8) }
    return length < Rational(3, 4) ? Rational(1, 16) : Rational(1, 8)
  }

  /// The beat that beams group by when ABC leaves grouping open.
  public var beatLength: Rational {
    switch self {
    case .none, .common: return Rational(1, 4)
    case .cut, .numeral: return Rational(1, 2)
    case .fraction(let numerators, let denominator):
      let total = numerators.reduce(0, +)
      if denominator >= 8 && total % 3 == 0 && total > 3 { return Rational(3, denominator) }
      return Rational(1, denominator)
    }
  }

  /// The span a beam may not cross when the source runs notes together over it: the half
  /// bar in 4/4, C, C| and 2/2, each dotted beat in compound meters (6/8, 9/8, 12/8); nil
  /// where any grouping is usual.
  public var beamDivision: Rational? {
    switch self {
    case .common, .cut, .numeral: return Rational(1, 2)
    case .fraction(let numerators, let denominator):
      let total = numerators.reduce(0, +)
      if numerators.count == 1 && total == 4 && denominator == 4 { return Rational(1, 2) }
      if numerators.count == 1 && total == 2 && denominator == 2 { return Rational(1, 2) }
      if numerators.count == 1 && total % 3 == 0 && total > 3 && denominator >= 8 {
        return Rational(3, denominator)
      }
      return nil
    case .none: return nil
    }
  }

  /// The meter as an ABC `M:` field writes it: `6/8`, `2+3/8`, `C`, `C|`, `3` or `none`.
  public var abcText: String {
    switch self {
    case .none: "none"
    case .common: "C"
    case .cut: "C|"
    case .fraction(let numerators, let denominator):
      numerators.map(String.init).joined(separator: "+") + "/\(denominator)"
    case .numeral(let count): "\(count)"
    }
  }
}
