import ScoreModel

/// Reads `%%tablature [voice=ID] INSTRUMENT [tuning=NOTES] [capo=N] [label=TEXT]`.
///
/// The instrument names abcjs's tablature plugins use (`guitar`, `violin`, `fiddle`,
/// `mandolin`, `fiveString`) and a few more (`viola`, `cello`, `bass`, `ukulele`) give a
/// default tuning; `tuning=` lists the open strings from the lowest as ABC notes
/// (`tuning=D,A,DGAd` for DADGAD). Example: `%%tablature guitar capo=2 label="Guitar"`.
enum TablatureParser {
  static func parse(_ scanner: LineScanner, diagnostics: DiagnosticCollector) -> Tablature? {
    var scanner = scanner
    let range = scanner.line.range(from: 0, to: scanner.end)
    var probe = scanner
    probe.skipWhitespace()
    let first = probe.read { !$0.isABCWhitespace }
    if first.hasPrefix("#") || first.hasPrefix("pitch=") || Double(first) != nil {
      // abcm2ps's form: a height and PostScript functions the file defines.
      diagnostics.warning(
        "abcm2ps's PostScript tablature (%%tablature HEIGHT FUNCTIONS…) is not drawn; "
          + "ABCPress draws string tablature such as %%tablature guitar",
        at: range)
      return nil
    }
    var instrument: String?
    var tuning: [Int]?
    var voiceID: String?
    var capo = 0
    var label: String?
    while true {
      scanner.skipWhitespace()
      let start = scanner.position
      let word = scanner.read { !$0.isABCWhitespace && $0 != "=" }
      if word.isEmpty { break }
      guard scanner.consume("=") else {
        instrument = word
        continue
      }
      let value = readValue(&scanner)
      let here = scanner.range(from: start)
      switch word.lowercased() {
      case "tuning":
        tuning = strings(value)
        if tuning == nil {
          diagnostics.warning(
            "bad tablature tuning '\(Diagnostic.excerpt(value))'; write the open strings as ABC notes from the lowest, as in tuning=E,A,DGBe",
            at: here)
        }
      case "capo":
        if let number = Int(value), (0...12).contains(number) {
          capo = number
        } else {
          diagnostics.warning("bad capo= value '\(Diagnostic.excerpt(value))'; expected 0 to 12", at: here)
        }
      case "voice": voiceID = value
      case "label": label = TextEscapes.decode(value)
      default:
        diagnostics.warning("unknown %%tablature parameter '\(Diagnostic.excerpt(word))='", at: here)
      }
    }
    guard let name = instrument ?? (tuning == nil ? nil : "strings") else {
      diagnostics.warning(
        "%%tablature needs an instrument (guitar, violin, mandolin …) or a tuning=", at: range)
      return nil
    }
    guard let open = tuning ?? Tablature.defaultTunings[name.lowercased()].flatMap(strings) else {
      let known = Tablature.defaultTunings.keys.sorted().joined(separator: ", ")
      diagnostics.warning(
        "unknown tablature instrument '\(Diagnostic.excerpt(name))'; known: \(known), or give tuning=",
        at: range)
      return nil
    }
    return Tablature(
      voiceID: voiceID, instrument: name, strings: open, capo: capo, label: label, range: range)
  }

  /// A value, quoted (spaces allowed) or up to the next space.
  static func readValue(_ scanner: inout LineScanner) -> String {
    if scanner.consume("\"") {
      let text = scanner.read { $0 != "\"" }
      _ = scanner.consume("\"")
      return text
    }
    return scanner.read { !$0.isABCWhitespace }
  }

  /// MIDI keys of ABC notes written one after another (`E,A,DGBe`, `^F`), 2 to 9 of them.
  static func strings(_ text: String) -> [Int]? {
    let line = SourceLine(number: 1, scalars: Array(text.unicodeScalars))
    var scanner = LineScanner(line: line, from: 0)
    var keys: [Int] = []
    while !scanner.isAtEnd {
      var alter = 0
      while let mark = scanner.peek(), "^_=".unicodeScalars.contains(mark) {
        alter += mark == "^" ? 1 : mark == "_" ? -1 : 0
        scanner.advance()
      }
      guard let (step, octave) = scanner.readNoteName() else { return nil }
      keys.append(Pitch(step: step, octave: octave).naturalMIDIKey + alter)
    }
    return (2...9).contains(keys.count) ? keys : nil
  }
}
