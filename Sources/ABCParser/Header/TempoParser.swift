import ScoreModel

/// Reads the value of a `Q:` field.
///
/// Method: a left-to-right scan over tokens. A quoted string is text (before the
/// beat it is `text`, after it `trailingText`); a fraction is a beat length; `=`
/// introduces the beats per minute. A bare number with no beat (`Q:120`, deprecated)
/// gives beats per minute with no beat lengths: the unit note length is meant.
///
/// Example: `"Allegro" 1/4=120` → text "Allegro", beats [1/4], 120 bpm.
///
/// Known limits: the old `Q:C=120` form (C = unit length) is read as a bare number.
enum TempoParser {
  /// The tempo; unreadable parts are reported and skipped.
  static func parse(_ scanner: LineScanner, diagnostics: DiagnosticCollector) -> Tempo {
    var scanner = scanner
    var tempo = Tempo()
    var sawEquals = false
    while true {
      scanner.skipWhitespace()
      guard let scalar = scanner.peek() else { break }
      let start = scanner.position
      if scalar == "\"" {
        scanner.advance()
        let text = scanner.read { $0 != "\"" }
        if !scanner.consume("\"") {
          diagnostics.error("unterminated string", at: scanner.line.location(at: start))
        }
        if tempo.beats.isEmpty && tempo.beatsPerMinute == nil {
          tempo.text = text
        } else {
          tempo.trailingText = text
        }
      } else if scalar == "=" {
        scanner.advance()
        sawEquals = true
      } else if scalar == "C" || scalar == "c" || scalar == "L" {
        scanner.advance()  // Old `Q:C=120`: the unit length is the beat.
      } else if scalar.asciiDigit != nil, sawEquals || scanner.peekAfterNumber() != "/" {
        tempo.beatsPerMinute = scanner.readNumber().map { min($0, 10_000) }
      } else if let beat = NoteLengthParser.readFraction(&scanner) {
        tempo.beats.append(beat)
      } else {
        let junk = scanner.read { !$0.isABCWhitespace && $0 != "\"" }
        if junk.isEmpty { scanner.advance() }
        diagnostics.warning("unexpected '\(junk)' in tempo", at: scanner.range(from: start))
      }
    }
    return tempo
  }
}

/// Look-ahead used to tell a beat (`1/4`) from beats per minute (`120`).
extension LineScanner {
  /// The scalar right after the run of digits at the cursor.
  fileprivate func peekAfterNumber() -> Unicode.Scalar? {
    var offset = 0
    while let scalar = peek(offset), scalar.asciiDigit != nil { offset += 1 }
    return peek(offset)
  }
}
