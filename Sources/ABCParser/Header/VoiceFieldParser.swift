import ScoreModel

/// The meaning of a `V:` field: the voice id and the properties it sets.
struct VoiceFieldValue {
  var id: String
  var name: String?
  var shortName: String?
  var stem: StemDirection?
  var staff = StaffParameters()
  /// `merge`: shares the previous voice's staff.
  var merge = false
}

/// Reads a `V:` value: `V:id name="Tenor 1" snm=T clef=bass stem=down transpose=-2`.
///
/// Method: the first word is the id; then `name=value` pairs (values may be quoted and
/// hold spaces) and bare clef names. `name=`/`nm=`, `subname=`/`snm=`, `stem=` and
/// the staff parameters (`clef= middle= octave= transpose= stafflines=`) are read;
/// `merge` puts the voice on the previous voice's staff; other parameters (`app:param`,
/// abcm2ps extras) are accepted silently.
enum VoiceFieldParser {
  /// The voice, or nil (after a diagnostic) when no id is given.
  static func parse(_ scanner: LineScanner, diagnostics: DiagnosticCollector) -> VoiceFieldValue? {
    var scanner = scanner
    scanner.skipWhitespace()
    let id = scanner.read { !$0.isABCWhitespace && $0 != "]" }
    guard !id.isEmpty else {
      diagnostics.error("V: needs a voice id", at: scanner.location)
      return nil
    }
    var value = VoiceFieldValue(id: id)
    while true {
      scanner.skipWhitespace()
      if scanner.isAtEnd { break }
      let start = scanner.position
      let name = scanner.read { !$0.isABCWhitespace && $0 != "=" }
      var argument: String?
      if scanner.consume("=") {
        if scanner.consume("\"") {
          var text = String.UnicodeScalarView()
          while let scalar = scanner.peek(), scalar != "\"" {
            scanner.advance()
            text.append(scalar)
            if scalar == "\\", let escaped = scanner.advance() { text.append(escaped) }
          }
          argument = String(text)
          if !scanner.consume("\"") {
            diagnostics.error("unterminated string", at: scanner.line.location(at: start))
          }
        } else {
          argument = scanner.read { !$0.isABCWhitespace }
        }
      }
      if name.isEmpty && argument == nil { scanner.advance() }
      let range = scanner.range(from: start)
      switch (name.lowercased(), argument) {
      case ("name", let text?), ("nm", let text?): value.name = TextEscapes.decode(text)
      case ("subname", let text?), ("snm", let text?), ("sname", let text?):
        value.shortName = TextEscapes.decode(text)
      case ("merge", nil): value.merge = true
      case ("stem", let text?):
        if let stem = StemDirection(rawValue: text.lowercased()) {
          value.stem = stem
        } else {
          diagnostics.warning(
            "bad stem= value '\(Diagnostic.excerpt(text))'; expected up, down or auto", at: range)
        }
      default:
        _ = value.staff.apply(name: name, value: argument, range: range, diagnostics: diagnostics)
      }
    }
    return value
  }
}
