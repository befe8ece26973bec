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
/// The old forms `Q:120` and `Q:C=120` (unit note lengths per minute) are deprecated
/// by ABC 2.1 §10.1 but still to be accepted; under strict reading they are warned about.
///
/// Known limits: the old `Q:C=120` form (C = unit length) is read as a bare number.
enum TempoParser {
  /// The tempo; unreadable parts are reported and skipped.
  static func parse(
    _ scanner: LineScanner, diagnostics: DiagnosticCollector, mode: ReadingMode = .loose
  ) -> Tempo {
    var scanner = scanner
    var tempo = Tempo()
    var sawEquals = false
    /// Where the unit-length form starts (`C` of `C=120`, or the bare number).
    var unitFormStart: Int?
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
      } else if let length = scanner.circaLength() {
        scanner.position += length  // `ca.`, `c.`, `circa`, `approx.`: an approximate rate.
        tempo.isApproximate = true
      } else if scalar == "C" || scalar == "c" || scalar == "L" {
        scanner.advance()  // Old `Q:C=120`: the unit length is the beat.
        if unitFormStart == nil { unitFormStart = start }
      } else if scalar.asciiDigit != nil, sawEquals || scanner.peekAfterNumber() != "/" {
        if unitFormStart == nil { unitFormStart = start }
        let rate = scanner.readNumber() ?? 0
        if rate > Limits.tempoRate {
          diagnostics.warning(
            "tempo \(rate) is more than \(Limits.tempoRate) beats per minute; read as \(Limits.tempoRate)",
            at: scanner.range(from: start))
        }
        tempo.beatsPerMinute = min(rate, Limits.tempoRate)
      } else if let beat = NoteLengthParser.readFraction(&scanner) {
        if tempo.beats.count < Limits.tempoBeats {
          tempo.beats.append(beat)
        } else if tempo.beats.count == Limits.tempoBeats {
          diagnostics.warning(
            "more than \(Limits.tempoBeats) beat lengths in a tempo; the rest are ignored",
            at: scanner.range(from: start))
        }
      } else {
        let junk = scanner.read { !$0.isABCWhitespace && $0 != "\"" }
        if junk.isEmpty { scanner.advance() }
        diagnostics.warning(
          "unexpected '\(Diagnostic.excerpt(junk))' in tempo", at: scanner.range(from: start))
      }
    }
    if tempo.beats.isEmpty, tempo.beatsPerMinute != nil, let unitFormStart {
      OutdatedSyntax.unitNoteTempo.report(
        at: scanner.line.range(from: unitFormStart, to: scanner.position), mode: mode,
        diagnostics: diagnostics)
    }
    return tempo
  }
}

/// Look-ahead used to tell a beat (`1/4`) from beats per minute (`120`).
extension LineScanner {
  /// The length of a word meaning "about" at the cursor (`ca.`, `ca`, `c.`, `circa`,
  /// `approx.`, `~`) when a space, a digit or the end follows it; nil otherwise (`C=120`
  /// is the old unit-length form).
  fileprivate func circaLength() -> Int? {
    for word in ["circa", "approx.", "approx", "ca.", "ca", "c.", "~"] {
      let scalars = Array(word.unicodeScalars)
      guard scalars.indices.allSatisfy({ peek($0).map { Character($0).lowercased() } == String(scalars[$0]) })
      else { continue }
      let after = peek(scalars.count)
      if after == nil || after!.isABCWhitespace || after!.asciiDigit != nil { return scalars.count }
    }
    return nil
  }

  /// The scalar right after the run of digits at the cursor.
  fileprivate func peekAfterNumber() -> Unicode.Scalar? {
    var offset = 0
    while let scalar = peek(offset), scalar.asciiDigit != nil { offset += 1 }
    return peek(offset)
  }
}
