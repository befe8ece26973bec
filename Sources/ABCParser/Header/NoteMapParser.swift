import ScoreModel

/// Reads abcm2ps's note-mapping directives: `%%map` and `%%percmap`.
///
/// `%%map NAME NOTE [PRINT [HEADS]] [print=NOTE] [heads=HEAD] [color=…]`, where NOTE is a
/// written note (`^F`, `c'`; accidentals are read and ignored), `octave,NOTE` (every
/// octave), `key,NOTE` (a degree of the key: `key,C` is the tonic) or `all` / `*`. A head
/// list `a;b` uses its first name. `%%percmap NOTE DRUM [HEAD]` (abc2svg) draws NOTE with
/// HEAD in every voice.
enum NoteMapParser {
  /// The mapping of one `%%map` line, or nil after a warning.
  static func mapping(_ scanner: LineScanner, diagnostics: DiagnosticCollector) -> NoteMapping? {
    var scanner = scanner
    let lineRange = scanner.line.range(from: 0, to: scanner.end)
    scanner.skipWhitespace()
    let start = scanner.position
    let name = scanner.read { !$0.isABCWhitespace }
    scanner.skipWhitespace()
    let noteStart = scanner.position
    let noteWord = scanner.read { !$0.isABCWhitespace }
    guard !name.isEmpty, let match = Self.match(noteWord) else {
      diagnostics.warning(
        "%%map needs a map name and a note ('C', 'octave,C', 'key,C' or 'all')",
        at: noteWord.isEmpty ? scanner.range(from: start) : scanner.range(from: noteStart))
      return nil
    }
    var mapping = NoteMapping(map: name, match: match, range: lineRange)
    var positional = 0
    while true {
      scanner.skipWhitespace()
      let wordStart = scanner.position
      let word = scanner.read { !$0.isABCWhitespace }
      if word.isEmpty { break }
      let range = scanner.range(from: wordStart)
      if let value = word.value(of: "print=") {
        mapping.printed = printed(value, range: range, diagnostics: diagnostics)
      } else if let value = word.value(of: "heads=") {
        mapping.head = head(value)
      } else if word.contains("=") {
        continue  // color= and other parameters: nothing to draw differently.
      } else if positional == 0 {
        positional = 1
        if word != "*" { mapping.printed = printed(word, range: range, diagnostics: diagnostics) }
      } else if positional == 1 {
        positional = 2
        mapping.head = head(word)
      }
    }
    return mapping
  }

  /// `percmap NOTE DRUM [HEAD]`: the note as ABC writes it (accidentals are allowed and
  /// ignored, octave marks count), a drum name or number, and an optional head name.
  static func percussionMapping(_ scanner: LineScanner, diagnostics: DiagnosticCollector)
    -> PercussionMapping?
  {
    var scanner = scanner
    scanner.skipWhitespace()
    let start = scanner.position
    while let scalar = scanner.peek(), "^_=".unicodeScalars.contains(scalar) { scanner.advance() }
    let note = scanner.readNoteName()
    scanner.skipWhitespace()
    let drum = scanner.read { !$0.isABCWhitespace }
    guard let (step, octave) = note, !drum.isEmpty else {
      diagnostics.warning(
        "%%percmap needs a note, a drum and optionally a head", at: scanner.range(from: start))
      return nil
    }
    scanner.skipWhitespace()
    let head = scanner.read { !$0.isABCWhitespace }
    return PercussionMapping(
      pitch: Pitch(step: step, octave: octave), drum: drum, head: head.isEmpty ? nil : head,
      range: scanner.line.range(from: 0, to: scanner.end))
  }

  /// What a `%%map` note word matches, or nil.
  static func match(_ word: String) -> NoteMapping.Match? {
    if word == "*" || word == "all" { return .all }
    if let rest = word.value(of: "octave,") { return pitch(rest).map { .everyOctave($0.step) } }
    if let rest = word.value(of: "key,") { return pitch(rest).map { .keyDegree($0.step.rawValue) } }
    return pitch(word).map { .note($0) }
  }

  /// A written note with optional accidentals (ignored) and octave marks, or nil.
  static func pitch(_ word: String) -> Pitch? {
    let bare = String(word.drop { "^_=".contains($0) })
    return StaffParameters.pitch(bare)
  }

  static func printed(_ word: String, range: SourceRange, diagnostics: DiagnosticCollector) -> Pitch? {
    guard let pitch = pitch(word) else {
      diagnostics.warning("bad %%map print note '\(Diagnostic.excerpt(word))'", at: range)
      return nil
    }
    return pitch
  }

  /// The first of a `;`-separated head list.
  static func head(_ list: String) -> String? {
    list.split(separator: ";").first.map(String.init)
  }
}

extension String {
  /// The text after `prefix`, or nil when the string does not start with it.
  fileprivate func value(of prefix: String) -> String? {
    hasPrefix(prefix) ? String(dropFirst(prefix.count)) : nil
  }
}
