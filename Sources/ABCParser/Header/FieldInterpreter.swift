import ScoreModel

/// Applies one information field to `TuneSettings` (file header, tune header or body).
///
/// Musical fields (`K: M: L: Q: V: I: U:`) update the settings and are returned as a
/// `FieldEffect` so the body parser can emit key, meter and clef changes. Text fields
/// (`T: C: O: …`) fill the metadata while in a header; in a body they are kept only
/// in `TuneMetadata.fields`.
enum FieldInterpreter {
  /// Field letters the standard defines.
  static let knownLabels = Set("ABCDFGHIKLMmNOPQRrSsTUVWwXZ+")

  /// What a musical field changed, for the body parser.
  enum FieldEffect {
    case key(KeySignature?, Clef?)
    case meter(Meter)
    case unitLength
    case voice(VoiceFieldValue)
    case none
  }

  /// Applies `label: value` (the value is what `scanner` covers).
  static func apply(
    label: Character, value scanner: LineScanner, inHeader: Bool, to settings: inout TuneSettings,
    diagnostics: DiagnosticCollector
  ) -> FieldEffect {
    var valueScanner = scanner
    var text = valueScanner.readRest()
    if text.hasSuffix("\\") { text = String(text.dropLast()).trimmingWhitespace }
    switch label {
    case "K":
      let value = KeyParser.parse(scanner, diagnostics: diagnostics)
      if let key = value.key { settings.key = key }
      if let clef = value.clef { settings.clef = clef }
      return .key(value.key, value.clef)
    case "M":
      guard let meter = MeterParser.parse(scanner, diagnostics: diagnostics) else { return .none }
      settings.meter = meter
      return .meter(meter)
    case "L":
      guard let length = NoteLengthParser.parseUnitLength(scanner, diagnostics: diagnostics) else {
        return .none
      }
      settings.explicitUnitLength = length
      return .unitLength
    case "Q":
      settings.tempo = TempoParser.parse(scanner, diagnostics: diagnostics)
    case "V":
      guard let voice = VoiceFieldParser.parse(scanner, diagnostics: diagnostics) else { return .none }
      return .voice(voice)
    case "I":
      applyInstruction(scanner, to: &settings, diagnostics: diagnostics)
    case "U":
      if let symbol = text.unicodeScalars.first, symbol.isASCIILetter || symbol == "~" {
        settings.userSymbols.insert(symbol)
      }
    default:
      if inHeader { applyText(label: label, text: text, to: &settings.metadata) }
      if !knownLabels.contains(label) {
        diagnostics.warning("unknown field '\(label):'", at: SourceRange(scanner.line.location(at: 0)))
      }
    }
    return .none
  }

  /// Applies `I:name arguments` (also used for `%%name arguments` directives).
  static func applyInstruction(
    _ scanner: LineScanner, to settings: inout TuneSettings, diagnostics: DiagnosticCollector
  ) {
    var scanner = scanner
    scanner.skipWhitespace()
    let name = scanner.read { !$0.properties.isWhitespace }
    if name == "linebreak", let policy = LineBreakPolicy.parse(scanner, diagnostics: diagnostics) {
      settings.lineBreaks = policy
    }
  }

  /// Fills the metadata field that `label` names.
  static func applyText(label: Character, text: String, to metadata: inout TuneMetadata) {
    switch label {
    case "T": metadata.titles.append(text)
    case "C": metadata.composers.append(text)
    case "O", "A": metadata.origins.append(text)
    case "R": metadata.rhythm = text
    case "B": metadata.book = text
    case "S": metadata.source = text
    case "N": metadata.notes.append(text)
    case "Z": metadata.transcription = text
    case "H": metadata.history.append(text)
    case "G": metadata.group = text
    case "P": metadata.parts = text
    default: break
    }
  }
}
