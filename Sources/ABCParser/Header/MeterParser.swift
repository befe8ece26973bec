import ScoreModel

/// Reads the value of an `M:` field.
///
/// Method: trim the value; `C` and `C|` are common and cut time, `none` and an empty
/// value are free meter. Otherwise read `numerators/denominator`, where numerators
/// are `+`-separated numbers, optionally in parentheses: `6/8`, `2+3+2/8`, `(2+3)/8`.
/// Anything after the first meter (`M:3/4 2/4`) is ignored.
///
/// A lone number (`M:2`, `M:3`) is printed as written and counted in minims, as
/// abcm2ps counts it.
///
/// Known limits: complex meters such as `M:3/4+2/8` and alternating meters keep only
/// the first fraction; a bad value is reported and the caller keeps the old meter.
enum MeterParser {
  /// The meter, or nil (after a diagnostic) when the value is not a meter.
  static func parse(_ scanner: LineScanner, diagnostics: DiagnosticCollector) -> Meter? {
    var scanner = scanner
    scanner.skipWhitespace()
    let start = scanner.position
    let word = scanner.read { !$0.isABCWhitespace }
    switch word.lowercased() {
    case "": return Meter.none
    case "none": return Meter.none
    case "c": return .common
    case "c|": return .cut
    default: break
    }
    scanner.position = start
    let hasParenthesis = scanner.consume("(")
    var numerators: [Int] = []
    repeat {
      scanner.skipWhitespace()
      guard let number = scanner.readNumber() else { break }
      numerators.append(number)
      scanner.skipWhitespace()
    } while scanner.consume("+")
    if hasParenthesis { _ = scanner.consume(")") }
    scanner.skipWhitespace()
    let total = numerators.reduce(0) { min($0 + $1, Limits.number) }
    if numerators.count == 1, scanner.isAtEnd, !hasParenthesis {
      guard total > 0, total <= Limits.meterTerm else {
        diagnostics.error("bad meter '\(Diagnostic.excerpt(word))'", at: scanner.range(from: start))
        return nil
      }
      return .numeral(total)
    }
    if !numerators.isEmpty, scanner.isAtEnd {
      diagnostics.warning(
        "meter '\(Diagnostic.excerpt(word))' has no denominator; ignored", at: scanner.range(from: start))
      return nil
    }
    guard !numerators.isEmpty, scanner.consume("/") else {
      diagnostics.error(
        "bad meter '\(Diagnostic.excerpt(word))'; expected e.g. 6/8, C, C| or none",
        at: scanner.range(from: start))
      return nil
    }
    scanner.skipWhitespace()
    guard let denominator = scanner.readNumber(), denominator > 0, total > 0 else {
      diagnostics.error("bad meter '\(Diagnostic.excerpt(word))'", at: scanner.range(from: start))
      return nil
    }
    guard denominator <= Limits.meterTerm, total <= Limits.meterTerm else {
      diagnostics.error(
        "meter '\(Diagnostic.excerpt(word))' out of range (numerators and denominator at most "
          + "\(Limits.meterTerm)); the meter is unchanged", at: scanner.range(from: start))
      return nil
    }
    return .fraction(numerators: numerators, denominator: denominator)
  }
}
