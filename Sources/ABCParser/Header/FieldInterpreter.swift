import ScoreModel

/// Applies one information field to `TuneSettings` (file header, tune header or body).
///
/// Musical fields (`K: M: L: Q: V: P: T:`) update the settings and are returned as a
/// `FieldEffect` so the body parser can emit key, meter, clef, tempo, part and title
/// elements. `U:` and `m:` define symbols and macros, `I:` is a directive, `r:` a
/// remark. Text fields (`T: C: O: …`, escapes resolved) fill the metadata while in a
/// header; in a body they are kept only in `TuneMetadata.fields`. `w:` and `s:` are
/// aligned by the body parser before it gets here.
enum FieldInterpreter {
  /// Field letters the standard defines.
  static let knownLabels = Set("ABCDFGHIKLMmNOPQRrSsTUVWwXZ+")

  /// Whether `label` is one of `knownLabels` (looked up by its byte in a table of 128).
  static func isKnownLabel(_ label: Character) -> Bool {
    guard let code = asciiByte(label) else { return false }
    return knownLabelTable[Int(code)]
  }
  /// A one-byte character's byte (a label's: `Character.asciiValue` looks at graphemes and
  /// cost a few hundred instructions a field).
  @inline(__always) static func asciiByte(_ label: Character) -> UInt8? {
    let utf8 = label.utf8
    guard utf8.count == 1, let byte = utf8.first, byte < 0x80 else { return nil }
    return byte
  }

  private static let knownLabelTable: [Bool] = (0..<128).map { code in
    knownLabels.contains(Character(Unicode.Scalar(UInt8(code))))
  }

  /// What a musical field changed, for the body parser.
  enum FieldEffect {
    case key(KeyFieldValue)
    case meter(Meter)
    case unitLength
    case voice(VoiceFieldValue)
    case tempo(Tempo)
    case part(String)
    case title(String)
    case none
  }

  /// Applies `label: value` (the value is what `scanner` covers).
  static func apply(
    label: Character, value scanner: LineScanner, inHeader: Bool, to settings: inout TuneSettings,
    diagnostics: DiagnosticCollector
  ) -> FieldEffect {
    // The value as text, built only for the fields that keep it.
    var text: String {
      var valueScanner = scanner
      let text = valueScanner.readRest()
      return text.hasSuffix("\\") ? String(text.dropLast()).trimmingWhitespace : text
    }
    // Told apart by the label's byte (a switch over characters compared strings, one per case).
    switch asciiByte(label) ?? 0 {
    case UInt8(ascii: "K"):
      let value = KeyParser.parse(scanner, diagnostics: diagnostics)
      if let key = value.key { settings.key = key }
      if inHeader {
        if let clef = value.clef {
          settings.clef = clef
          settings.clefIsExplicit = true
        }
        settings.keyStaff.merge(value.staff)
      }
      return .key(value)
    case UInt8(ascii: "M"):
      guard let meter = MeterParser.parse(scanner, diagnostics: diagnostics) else { return .none }
      settings.meter = meter
      return .meter(meter)
    case UInt8(ascii: "L"):
      guard let length = NoteLengthParser.parseUnitLength(scanner, diagnostics: diagnostics) else {
        return .none
      }
      settings.explicitUnitLength = length
      return .unitLength
    case UInt8(ascii: "Q"):
      let tempo = TempoParser.parse(scanner, diagnostics: diagnostics, mode: settings.readingMode)
      if inHeader { settings.tempo = tempo }
      return .tempo(tempo)
    case UInt8(ascii: "V"):
      guard let voice = VoiceFieldParser.parse(scanner, diagnostics: diagnostics) else { return .none }
      return .voice(voice)
    case UInt8(ascii: "I"):
      applyInstruction(scanner, to: &settings, diagnostics: diagnostics)
    case UInt8(ascii: "U"):
      if let (symbol, definition) = SymbolDefinition.parse(scanner, diagnostics: diagnostics) {
        settings.userSymbols[symbol] = definition
      }
    case UInt8(ascii: "m"):
      if settings.macros.count >= Limits.macrosPerTune {
        diagnostics.warning(
          "more than \(Limits.macrosPerTune) macros (m:) in one tune; this one is ignored",
          at: scanner.line.range(from: 0, to: scanner.end))
      } else if !settings.macros.define(text) {
        diagnostics.warning(
          "bad macro definition; expected m: ~G3 = G{A}G{F}G",
          at: scanner.line.range(from: 0, to: scanner.end))
      }
    case UInt8(ascii: "W"):
      settings.words.append(TextEscapes.decode(text))
    case UInt8(ascii: "r"):
      break  // A remark.
    case UInt8(ascii: "P"):
      if inHeader {
        PartsParser.validate(scanner, diagnostics: diagnostics)
        applyText(label: label, text: text, to: &settings.metadata)
      }
      return inHeader ? .none : .part(TextEscapes.decode(text))
    case UInt8(ascii: "T"):
      if inHeader { applyText(label: label, text: text, to: &settings.metadata) }
      return inHeader ? .none : .title(TextEscapes.decode(text))
    default:
      if inHeader { applyText(label: label, text: text, to: &settings.metadata) }
      if label == "A" {
        let labelStart = max(scanner.position - 2, 0)
        OutdatedSyntax.areaField.report(
          at: scanner.line.range(from: labelStart, to: labelStart + 2), mode: settings.readingMode,
          diagnostics: diagnostics)
      }
      if !isKnownLabel(label) {
        diagnostics.warning("unknown field '\(label):'", at: SourceRange(scanner.line.location(at: 0)))
      }
    }
    return .none
  }

  /// Applies `I:name arguments` (also used for `%%name arguments` directives).
  /// `tuplets WHEN SHAPE NUMBER [SIDE]`: small numbers, as abcm2ps reads them; a bad one
  /// is reported and leaves that part of the style as it was.
  static func tupletStyle(_ scanner: LineScanner, base: TupletStyle, diagnostics: DiagnosticCollector)
    -> TupletStyle
  {
    var scanner = scanner
    var style = base
    for part in 0..<4 {
      scanner.skipWhitespace()
      let start = scanner.position
      let word = scanner.read { !$0.isABCWhitespace }
      if word.isEmpty { break }
      let value = Int(word)
      var valid = false
      switch part {
      case 0:
        // abcm2ps's 0, 1 and 2 (MusicXML's `bracket="no"` has no ABC value).
        if let when = value.flatMap({ $0 <= 2 ? TupletStyle.When(rawValue: $0) : nil }) {
          (style.when, valid) = (when, true)
        }
      case 1:
        if let shape = value.flatMap(TupletStyle.Shape.init(rawValue:)) {
          (style.shape, valid) = (shape, true)
        }
      case 2:
        if let number = value.flatMap(TupletStyle.Number.init(rawValue:)) {
          (style.number, valid) = (number, true)
        }
      default:
        if let side = value.flatMap(TupletStyle.Side.init(rawValue:)) { (style.side, valid) = (side, true) }
      }
      if !valid {
        diagnostics.warning(
          "bad tuplets value '\(Diagnostic.excerpt(word))'; expected 0, 1 or 2",
          at: scanner.range(from: start))
      }
    }
    return style
  }

  static func applyInstruction(
    _ scanner: LineScanner, to settings: inout TuneSettings, diagnostics: DiagnosticCollector
  ) {
    var scanner = scanner
    scanner.skipWhitespace()
    let nameStart = scanner.position
    let name = scanner.read { !$0.isABCWhitespace }
    if OutdatedSyntax.deprecatedDirectives[name] != nil {
      OutdatedSyntax.directive(name).report(
        at: scanner.range(from: nameStart), mode: settings.readingMode, diagnostics: diagnostics)
    }
    scanner.skipWhitespace()
    DirectiveRegistry.validate(name: name, arguments: scanner, diagnostics: diagnostics)
    switch name {
    case "linebreak":
      if let policy = LineBreakPolicy.parse(scanner, diagnostics: diagnostics) {
        settings.lineBreaks = policy
      }
    case "score", "staves":
      settings.staffGroups = StaffGroupParser.parse(
        scanner, isStaves: name == "staves", diagnostics: diagnostics)
    case "staff":
      // In the music this moves notes to another staff (BodyParser); here it means nothing.
      diagnostics.warning(
        "staff moves notes to another staff only in the music, not in a header",
        at: scanner.line.range(from: nameStart, to: scanner.end))
    case "percmap":
      if let mapping = NoteMapParser.percussionMapping(scanner, diagnostics: diagnostics) {
        settings.percussionMap.removeAll { $0.pitch == mapping.pitch }
        settings.percussionMap.append(mapping)
      }
    case "map":
      if let mapping = NoteMapParser.mapping(scanner, diagnostics: diagnostics) {
        settings.noteMaps.removeAll { $0.map == mapping.map && $0.match == mapping.match }
        settings.noteMaps.append(mapping)
      }
    case "tablature":
      if let tablature = TablatureParser.parse(scanner, diagnostics: diagnostics) {
        settings.tablatures.removeAll { $0.voiceID == tablature.voiceID }
        settings.tablatures.append(tablature)
      }
    case "stafflines", "staffscale", "voicescale":
      // In a header: every voice's staff lines or sizes (the music's form applies to one
      // voice).
      var staff = StaffParameters()
      if staff.apply(
        name: name, value: firstWord(scanner),
        range: scanner.line.range(from: nameStart, to: scanner.end),
        diagnostics: diagnostics)
      {
        settings.keyStaff.merge(staff)
      }
    case "stemdir":
      diagnostics.warning(
        "%%stemdir sets the stems of the voice it stands in; in a header it means nothing",
        at: scanner.line.range(from: nameStart, to: scanner.end))
    case "voicemap":
      // In the header: every voice's map (a voice's own `map=` wins).
      settings.keyStaff.noteMap = firstWord(scanner)
    case "tuplets":
      settings.tupletStyle = tupletStyle(scanner, base: settings.tupletStyle, diagnostics: diagnostics)
    case "propagate-accidentals":
      if let mode = AccidentalPropagation(rawValue: firstWord(scanner)) { settings.propagation = mode }
    case "writeout-accidentals":
      if let mode = AccidentalWriteout(rawValue: firstWord(scanner)) { settings.writeout = mode }
    case "abc-version":
      // §3.1.17 version field: chooses strict or loose reading for the rest of the file
      // header (every tune) or of this tune (§2.1, §12.2, §12.3).
      var copy = scanner
      let version = copy.read { !$0.isABCWhitespace }
      if ABCVersion(version) != nil {
        settings.abcVersion = version
        settings.readingMode = ReadingMode(version: version)
      }
    case "deco":
      var copy = scanner
      let decoName = copy.read { !$0.isABCWhitespace }
      if !decoName.isEmpty { settings.customDecorations.insert(decoName) }
    case "abc-include":
      diagnostics.note(
        "I:abc-include is not supported; the file is not read", at: SourceRange(scanner.location))
    case "decoration":
      var copy = scanner
      if let delimiter = copy.readRest().unicodeScalars.first { settings.decorationDelimiter = delimiter }
    default:
      break
    }
  }

  /// The first word of a directive's arguments, lowercased (the registry has already
  /// warned about a value it does not know).
  private static func firstWord(_ scanner: LineScanner) -> String {
    var copy = scanner
    return copy.read { !$0.isABCWhitespace }.lowercased()
  }

  /// Fills the metadata field that `label` names, resolving text escapes.
  static func applyText(label: Character, text raw: String, to metadata: inout TuneMetadata) {
    let text = TextEscapes.decode(raw)
    switch asciiByte(label) ?? 0 {
    case UInt8(ascii: "T"): metadata.titles.append(text)
    case UInt8(ascii: "C"): metadata.composers.append(text)
    case UInt8(ascii: "O"), UInt8(ascii: "A"): metadata.origins.append(text)
    case UInt8(ascii: "R"): metadata.rhythm = text
    case UInt8(ascii: "B"): metadata.book = text
    case UInt8(ascii: "S"): metadata.source = text
    case UInt8(ascii: "N"): metadata.notes.append(text)
    case UInt8(ascii: "Z"): metadata.transcription = text
    case UInt8(ascii: "H"): metadata.history.append(text)
    case UInt8(ascii: "G"): metadata.group = text
    case UInt8(ascii: "P"): metadata.parts = text
    default: break
    }
  }
}
