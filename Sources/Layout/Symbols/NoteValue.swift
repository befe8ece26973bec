import SMuFL
import ScoreModel

/// How a duration is written: notehead, flag or beam count, and augmentation dots.
///
/// A duration d (in whole notes) is written as the longest plain value v = 2^k not above
/// it, plus dots while the remainder holds v/2, v/4, …: 3/8 → crotchet with one dot,
/// 7/16 → crotchet with two dots. Durations that dots cannot express (5/8) fall back to
/// the plain value below; splitting them into tied notes is a later refinement.
public struct NoteValue: Hashable, Sendable {
  /// The plain value in whole notes (1, 1/2, 1/4, …).
  public var base: Rational
  public var dots: Int

  public init(duration: Rational) {
    // In whole numbers: with h halvings of a long (4), the base is 4/2^h; the duration,
    // the base and its dots are counted in units of 1/(d·2^(h+3)), where the base is
    // 32d and its dots 16d, 8d and 4d. (Rational arithmetic here was a tenth of making
    // the symbols.) Durations too long for that take the fractions' way.
    let (n, d) = (duration.numerator, duration.denominator)
    guard n.magnitude < 1 << 40, d < 1 << 40 else {
      (base, dots) = Self.byFractions(duration)
      return
    }
    var halvings = 0
    while halvings < 9 && 4 * d > n << halvings { halvings += 1 }
    var remainder = (n << (halvings + 3)) - 32 * d
    var next = 16 * d
    var dots = 0
    while remainder != 0 && remainder >= next && dots < 3 {
      remainder -= next
      next /= 2
      dots += 1
    }
    base = halvings <= 2 ? Rational(4 >> halvings) : Rational(1, 1 << (halvings - 2))
    self.dots = dots
  }

  /// The same by fractions, for durations whose parts are too large for whole numbers.
  private static func byFractions(_ duration: Rational) -> (base: Rational, dots: Int) {
    var base = Rational(4)
    while base > duration && base > Rational(1, 128) {
      base = base / Rational(2)
    }
    var dots = 0
    var remainder = duration - base
    var next = base / Rational(2)
    while !remainder.isZero && remainder >= next && dots < 3 {
      remainder -= next
      next = next / Rational(2)
      dots += 1
    }
    return (base, dots)
  }

  /// Flags or beams: 1 for a quaver, 2 for a semiquaver, 0 for a crotchet or longer.
  public var flagCount: Int { base.flagCount }

  public var hasStem: Bool { base < Rational(1) }

  /// Whether the base is at least `fourths`/4 of a whole note, in whole numbers (the
  /// denominator is positive): 4n ≥ fourths·d as n ≥ ⌈fourths·d/4⌉. A note's head and rest
  /// glyphs are asked for often, and fractions compared through `Comparable` were a call
  /// and a lazy constant's check each.
  @inline(__always) private func isAtLeast(fourths: Int) -> Bool {
    let (n, d) = (base.numerator, base.denominator)
    switch fourths {
    case 8: return n / 2 >= d
    case 4: return n >= d
    case 2: return n >= d / 2 + d % 2
    default: return n >= d / 4 + (d % 4 == 0 ? 0 : 1)
    }
  }

  public var notehead: SMuFLGlyph {
    if isAtLeast(fourths: 8) { return .noteheadDoubleWhole }
    if isAtLeast(fourths: 4) { return .noteheadWhole }
    if isAtLeast(fourths: 2) { return .noteheadHalf }
    return .noteheadBlack
  }

  public var rest: SMuFLGlyph {
    if isAtLeast(fourths: 8) { return .restDoubleWhole }
    if isAtLeast(fourths: 4) { return .restWhole }
    if isAtLeast(fourths: 2) { return .restHalf }
    if isAtLeast(fourths: 1) { return .restQuarter }
    switch flagCount {
    case 1: return .rest8th
    case 2: return .rest16th
    case 3: return .rest32nd
    default: return .rest64th
    }
  }

  public func flag(up: Bool) -> SMuFLGlyph? {
    switch flagCount {
    case 0: nil
    case 1: up ? .flag8thUp : .flag8thDown
    case 2: up ? .flag16thUp : .flag16thDown
    case 3: up ? .flag32ndUp : .flag32ndDown
    default: up ? .flag64thUp : .flag64thDown
    }
  }
}

extension Accidental {
  /// The SMuFL glyph for the accidental.
  var glyph: SMuFLGlyph {
    switch self {
    case .doubleFlat: .accidentalDoubleFlat
    case .flat: .accidentalFlat
    case .natural: .accidentalNatural
    case .sharp: .accidentalSharp
    case .doubleSharp: .accidentalDoubleSharp
    }
  }
}

extension PlacedHead {
  /// The glyph of the head's accidental: quarter and three-quarter tones in
  /// Stein-Zimmermann signs (`^/` a sharp with one stroke, `_/` a reversed flat), whole
  /// semitones as the usual signs. Other fractions take the nearest quarter tone; a font
  /// without the sign falls back to the semitone accidental.
  func accidentalGlyph(in font: MusicFont) -> SMuFLGlyph? {
    guard let accidental else { return nil }
    guard let microtone, microtone.denominator != 1 else { return accidental.glyph }
    let quarters = Int((microtone.doubleValue * 2).rounded())
    let glyph: SMuFLGlyph? =
      switch quarters {
      case 1: .accidentalQuarterToneSharpStein
      case 3: .accidentalThreeQuarterTonesSharpStein
      case -1: .accidentalQuarterToneFlatStein
      case -3: .accidentalThreeQuarterTonesFlatZimmermann
      case 2: .accidentalSharp
      case -2: .accidentalFlat
      case 4...: .accidentalDoubleSharp
      case ...(-4): .accidentalDoubleFlat
      default: nil
      }
    guard let glyph, font.glyph(glyph) != nil else { return accidental.glyph }
    return glyph
  }
}
