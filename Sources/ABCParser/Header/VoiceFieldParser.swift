import ScoreModel

/// The meaning of a `V:` field: the voice id, its name and clef.
struct VoiceFieldValue {
  var id: String
  var name: String?
  var clef: Clef?
}

/// Reads a `V:` value: `V:id name="Tenor 1" clef=bass` (quotes may hold spaces).
enum VoiceFieldParser {
  /// The voice, or nil (after a diagnostic) when no id is given.
  static func parse(_ scanner: LineScanner, diagnostics: DiagnosticCollector) -> VoiceFieldValue? {
    var scanner = scanner
    scanner.skipWhitespace()
    let id = scanner.read { !$0.properties.isWhitespace }
    guard !id.isEmpty else {
      diagnostics.error("V: needs a voice id", at: scanner.location)
      return nil
    }
    var value = VoiceFieldValue(id: id)
    while true {
      scanner.skipWhitespace()
      if scanner.isAtEnd { break }
      let start = scanner.position
      let name = scanner.read { !$0.properties.isWhitespace && $0 != "=" }
      var argument: String?
      if scanner.consume("=") {
        if scanner.consume("\"") {
          argument = scanner.read { $0 != "\"" }
          if !scanner.consume("\"") {
            diagnostics.error("unterminated string", at: scanner.line.location(at: start))
          }
        } else {
          argument = scanner.read { !$0.properties.isWhitespace }
        }
      }
      if name.isEmpty && argument == nil { scanner.advance() }
      switch (name.lowercased(), argument) {
      case ("name", let text?), ("nm", let text?): value.name = text
      case ("clef", let text?):
        if let clef = ClefParser.clef(named: text) {
          value.clef = clef
        } else {
          diagnostics.warning("unknown clef '\(text)'", at: scanner.range(from: start))
        }
      case (_, nil):
        if let clef = ClefParser.clef(named: name) { value.clef = clef }
      default: break  // Other parameters (stem=, middle=, …) are not used yet.
      }
    }
    return value
  }
}
