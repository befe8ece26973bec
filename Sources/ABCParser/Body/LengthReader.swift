import ScoreModel

/// Reads the length multiplier written after a note, rest or chord.
///
/// Method: an optional number `n` (default 1), then any number of slashes, each
/// followed by an optional number `d` (default 2); the multiplier is `n / (d1·d2·…)`.
///
/// Examples: `2` → 2, `/2` → 1/2, `/` → 1/2, `//` → 1/4, `3/2` → 3/2, `3/` → 3/2.
///
/// Known limits: zero (`A0`, `A/0`) and lengths past `Limits.noteLengthFactor` (`A8192`,
/// `A/8192`) are reported as errors and read as 1 so later notes keep their timing;
/// denominators that are not powers of two are accepted silently (tuplet-like lengths
/// some tunes use).
enum LengthReader {
  static let limit = Limits.noteLengthFactor

  /// The multiplier at the scanner (1 when nothing is written).
  static func read(_ scanner: inout LineScanner, diagnostics: DiagnosticCollector) -> Rational {
    let start = scanner.position
    let numerator = scanner.readNumber()
    var denominator = 1
    var valid = true
    while scanner.consume("/") {
      let divisor = scanner.readNumber() ?? 2
      if divisor == 0 { valid = false }
      denominator = min(denominator * max(divisor, 1), limit + 1)
    }
    if numerator == 0 { valid = false }
    let value = numerator ?? 1
    guard valid else {
      diagnostics.error("bad note length (zero)", at: scanner.range(from: start))
      return .one
    }
    guard value <= limit, denominator <= limit else {
      diagnostics.error(
        "note length out of range (numerator and denominator at most \(limit)); read as 1",
        at: scanner.range(from: start))
      return .one
    }
    return Rational(value, denominator)
  }
}
