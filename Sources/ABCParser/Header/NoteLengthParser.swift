import ScoreModel

/// Reads a fraction of a whole note as written in `L:` and `Q:` (`1/8`, `1`, `3/8`).
enum NoteLengthParser {
  /// Reads `n/d` or `n` at the scanner; nil (scanner unmoved) when there is none.
  static func readFraction(_ scanner: inout LineScanner) -> Rational? {
    let start = scanner.position
    guard let numerator = scanner.readNumber() else { return nil }
    var denominator = 1
    if scanner.consume("/") {
      guard let value = scanner.readNumber() else {
        scanner.position = start
        return nil
      }
      denominator = value
    }
    guard numerator > 0, denominator > 0, numerator <= Limits.unitLengthTerm,
      denominator <= Limits.unitLengthTerm
    else {
      scanner.position = start
      return nil
    }
    return Rational(numerator, denominator)
  }

  /// The value of an `L:` field, or nil after an error diagnostic.
  static func parseUnitLength(_ scanner: LineScanner, diagnostics: DiagnosticCollector) -> Rational? {
    var scanner = scanner
    scanner.skipWhitespace()
    let start = scanner.position
    if let length = readFraction(&scanner) {
      scanner.skipWhitespace()
      if !scanner.isAtEnd {
        diagnostics.warning("unexpected text after unit note length", at: scanner.location)
      }
      return length
    }
    let text = scanner.readRest()
    diagnostics.error(
      "bad unit note length '\(Diagnostic.excerpt(text))'; expected e.g. 1/8", at: scanner.range(from: start))
    return nil
  }
}
