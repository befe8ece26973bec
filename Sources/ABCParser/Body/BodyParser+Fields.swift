import ScoreModel

/// Information fields met in a tune: header lines, body lines and inline `[K:…]`.
extension BodyParser {
  /// Reads `[X:value]` and applies it.
  mutating func parseInlineField(_ scanner: inout LineScanner) {
    let start = scanner.position
    var probe = scanner
    probe.position += 1
    guard let letter = probe.advance() else { return }
    probe.advance()  // The ':'.
    let valueStart = probe.position
    _ = probe.read { $0 != "]" }
    guard probe.consume("]") else {
      diagnostics.error(
        "unterminated inline field: missing ']'", at: scanner.line.range(from: start, to: start + 1))
      scanner.position = scanner.end
      return
    }
    let value = LineScanner(line: scanner.line, from: valueStart, to: probe.position - 1)
    scanner = probe
    applyField(label: Character(letter), value: value, inHeader: false, range: scanner.range(from: start))
  }

  /// Applies a field; in the body, key, meter and clef changes become elements.
  mutating func applyField(label: Character, value: LineScanner, inHeader: Bool, range: SourceRange) {
    let effect = FieldInterpreter.apply(
      label: label, value: value, inHeader: inHeader, to: &settings, diagnostics: diagnostics)
    switch effect {
    case .key(let key, let clef):
      if let key {
        builder.setKey(key)
        if !inHeader { builder.append(.keyChange(key, range)) }
      }
      if let clef, !inHeader { builder.append(.clefChange(clef, range)) }
    case .meter(let meter):
      builder.meter = meter
      if !inHeader { builder.append(.meterChange(meter, range)) }
    case .unitLength:
      if let length = settings.explicitUnitLength { builder.unitLength = length }
    case .voice(let voice):
      applyVoice(voice, inHeader: inHeader, range: range)
    case .none:
      break
    }
    if !inHeader { builder.beamOpen = false }
  }

  /// Follows a `V:` field: the first id names the voice; other ids are merged, with a warning.
  mutating func applyVoice(_ voice: VoiceFieldValue, inHeader: Bool, range: SourceRange) {
    if voiceID == nil {
      voiceID = voice.id
      settings.voiceID = voice.id
      settings.voiceName = voice.name
    } else if voiceID != voice.id {
      // TODO(issue 3): one Voice per V: id.
      if !warnedAboutVoices {
        warnedAboutVoices = true
        diagnostics.warning(
          "multiple voices are not supported yet; voice '\(voice.id)' is merged into '\(voiceID ?? "")'",
          at: range)
      }
      return
    }
    guard let clef = voice.clef else { return }
    if inHeader {
      settings.clef = clef
    } else {
      builder.append(.clefChange(clef, range))
    }
  }

  /// Applies a `%%name arguments` directive met in the tune.
  mutating func applyDirective(_ line: SourceLine) {
    let scanner = LineScanner(line: line, from: 2)
    FieldInterpreter.applyInstruction(scanner, to: &settings, diagnostics: diagnostics)
  }

  /// Starts the body: the settings reached by the header become the builder's state.
  mutating func startBody() {
    builder = VoiceBuilder(meter: settings.meter, unitLength: settings.unitLength, key: settings.key)
  }
}
