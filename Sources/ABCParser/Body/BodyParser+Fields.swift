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
    let label = Character(letter)
    if label == "w" || label == "s" || label == "W" || label == "X" {
      diagnostics.warning("field '\(label):' cannot be written inline", at: scanner.range(from: start))
      return
    }
    applyField(label: label, value: value, inHeader: false, range: scanner.range(from: start))
  }

  /// Applies a field; in the body, key, meter, clef, tempo, part and title changes
  /// become elements, and `w:`/`s:` lines are aligned to the notes.
  mutating func applyField(label: Character, value: LineScanner, inHeader: Bool, range: SourceRange) {
    if label == "w" || label == "s" || label == "d" {
      // `d:` is abcm2ps's older name for `s:`.
      if inBody && !inHeader { alignLine(isSymbolLine: label != "w", value: value, continuing: false) }
      return
    }
    // `[I:staff +1]`, `[I:clef bass]` … act on the voice being read, as `%%` lines do.
    if label == "I", inBody, !inHeader, applyMusicDirective(value) { return }
    let effect = FieldInterpreter.apply(
      label: label, value: value, inHeader: inHeader, to: &settings, diagnostics: diagnostics)
    switch effect {
    case .key(let value):
      if let key = value.key, inBody {
        builder.setKey(key)
        if !inHeader { builder.append(.keyChange(key, range)) }
      }
      if !inHeader && inBody { applyStaffParameters(value.staff, range: range) }
    case .meter(let meter):
      builder.meter = meter
      if !inHeader { builder.append(.meterChange(meter, range)) }
    case .unitLength:
      if let length = settings.explicitUnitLength { builder.unitLength = length }
    case .voice(let voice):
      if inBody && !inHeader { switchVoice(voice, range: range) } else { declareVoice(voice, range: range) }
    case .tempo(let tempo):
      if !inHeader && inBody { builder.append(.tempoChange(tempo, range)) }
    case .part(let part):
      if inBody { builder.append(.partLabel(part, range)) }
    case .title(let title):
      if inBody { builder.append(.sectionTitle(title, range)) }
    case .none:
      if label == "I" { builder.accidentals.propagation = settings.propagation }

    }
    if !inHeader { builder.beamOpen = false }
  }

  /// Aligns a `w:` (lyrics) or `s:` (symbols) line, or its `+:` continuation.
  mutating func alignLine(isSymbolLine: Bool, value: LineScanner, continuing: Bool) {
    var lyrics = builder.lyrics
    var resume: LyricState.Resume
    let (value, continues) = value.droppingTrailingBackslash()
    defer { builder.lyrics.continues = continues }
    if continuing || lyrics.continues, let previous = lyrics.resume {
      resume = previous
    } else {
      if !isSymbolLine && lyrics.nextVerse >= Limits.versesPerBlock {
        // Each note keeps a slot per verse: past the limit, verses are dropped.
        if lyrics.nextVerse == Limits.versesPerBlock {
          diagnostics.warning(
            "more than \(Limits.versesPerBlock) w: verses under one block of music; the rest are dropped",
            at: value.line.range(from: 0, to: value.end))
        }
        lyrics.nextVerse += 1
        lyrics.resume = nil
        lyrics.blockClosed = true
        builder.lyrics = lyrics
        return
      }
      resume = LyricState.Resume(
        isSymbolLine: isSymbolLine, verse: lyrics.nextVerse, cursor: lyrics.blockStart, lastSyllable: nil)
      if !isSymbolLine { lyrics.nextVerse += 1 }
    }
    let aligner = LyricAligner(diagnostics: diagnostics)
    if resume.isSymbolLine {
      let tokens = SymbolLineTokenizer.tokens(value, settings: settings, diagnostics: diagnostics)
      resume = aligner.alignSymbols(tokens, from: resume, in: &builder)
    } else {
      resume = aligner.alignLyrics(
        LyricTokenizer.tokens(value), verse: resume.verse, from: resume, in: &builder)
    }
    lyrics.resume = resume
    lyrics.blockClosed = true
    builder.lyrics = lyrics
  }

  /// Applies a `%%name arguments` directive met in the tune.
  mutating func applyDirective(_ line: SourceLine) {
    let scanner = LineScanner(line: line, from: 2)
    if inBody, applyMusicDirective(scanner) { return }
    // `staffGroups` keeps the staves a tune starts with; a `%%score` in the music is a
    // change from its time on.
    let startGroups = settings.staffGroups
    settings.staffGroups = nil
    FieldInterpreter.applyInstruction(scanner, to: &settings, diagnostics: diagnostics)
    builder.accidentals.propagation = settings.propagation
    let newGroups = settings.staffGroups
    settings.staffGroups = startGroups
    guard let newGroups else { return }
    if inBody {
      noteScoreChange(newGroups, range: line.range(from: 0, to: line.codeEnd))
    } else {
      settings.staffGroups = newGroups
    }
  }

  /// abcm2ps's `%%clef NAME` (or `%%clef clef=NAME …`) in the music: the current voice's
  /// clef from here, as `[K:clef=NAME]` would set it; `%%voicemap NAME`, its note map;
  /// `%%repeat`, repeat signs; `%%staff N`, notes on another staff; `%%stafflines N`,
  /// `%%staffscale X`, `%%voicescale X` and `%%stemdir up|down|auto`, the voice's staff
  /// lines, sizes and stems. False for other directives.
  mutating func applyMusicDirective(_ scanner: LineScanner) -> Bool {
    var scanner = scanner
    scanner.skipWhitespace()
    let start = scanner.position
    let name = scanner.read(while: { !$0.isABCWhitespace })
    scanner.skipWhitespace()
    var staff = StaffParameters()
    let range = scanner.range(from: start)
    switch name {
    case "staff":
      let text = scanner.readRest()
      if let target = StaffMove.target(text) {
        noteStaffMove(target, range: range)
      } else {
        diagnostics.warning(
          "bad staff value '\(Diagnostic.excerpt(text))'; expected a staff number N, or +N / -N from the voice's own",
          at: range)
      }
      return true
    case "repeat":
      noteRepeatSign(scanner, range: scanner.line.range(from: start - 2, to: scanner.end))
      return true
    case "setbarnb":
      // abcm2ps: the number of this bar (when it has no notes yet) or of the next.
      let before = scanner.position
      guard let number = scanner.readNumber(), (0...99_999).contains(number) else {
        diagnostics.warning(
          "setbarnb needs a bar number from 0 to 99999", at: scanner.range(from: before))
        return true
      }
      builder.properties.barNumberSettings[builder.elements.count] = number
      return true
    case "voicemap":
      // `%%voicemap NAME` in the music: the current voice's `%%map` from here.
      staff.noteMap = scanner.read { !$0.isABCWhitespace }
      applyStaffParameters(staff, range: range)
      return true
    case "stafflines", "stemdir", "staffscale", "voicescale":
      // abcm2ps's directive forms of `stafflines=` and `stem=` for the current voice.
      let word = scanner.read { !$0.isABCWhitespace }
      let parameter = name == "stemdir" ? "stem" : name
      if parameter == "stem" {
        if let stem = StemDirection(rawValue: word.lowercased()) {
          builder.properties.stemDirection = stem
        } else {
          diagnostics.warning(
            "bad %%stemdir value '\(Diagnostic.excerpt(word))'; expected up, down or auto", at: range)
        }
      } else if staff.apply(name: parameter, value: word, range: range, diagnostics: diagnostics) {
        applyStaffParameters(staff, range: range)
      }
      return true
    case "clef":
      break
    default:
      return false
    }
    while scanner.peek() != nil {
      let word = scanner.read { !$0.isABCWhitespace }
      if word.isEmpty { break }
      let parts = word.split(separator: "=", maxSplits: 1).map(String.init)
      if !staff.apply(
        name: parts[0], value: parts.count > 1 ? parts[1] : nil, range: range, diagnostics: diagnostics)
      {
        diagnostics.warning("unknown clef '\(Diagnostic.excerpt(word))' in %%clef", at: range)
      }
      scanner.skipWhitespace()
    }
    applyStaffParameters(staff, range: range)
    return true
  }

  /// `[I:staff N]`: the voice's next notes are drawn on another staff.
  mutating func noteStaffMove(_ target: StaffMove.Target, range: SourceRange) {
    builder.properties.staffMoves.append(
      StaffMove(elementIndex: builder.elements.count, target: target, range: range))
  }

  /// `%%repeat [N] [K]` (abcm2ps): the music that follows is drawn as repeat signs.
  mutating func noteRepeatSign(_ scanner: LineScanner, range: SourceRange) {
    var scanner = scanner
    let words = scanner.readRest().split(separator: " ").map { Int($0) }
    let afterBar: Bool? = builder.elements.last { if case .lineBreak = $0 { false } else { true } }.map {
      if case .bar = $0 { true } else { false }
    }
    guard let afterBar else {
      diagnostics.warning("%%repeat cannot start a voice: it repeats the music before it", at: range)
      return
    }
    let count = words.first ?? 1
    let times = words.count > 1 ? words[1] : 1
    guard let count, let times, count >= 1, times >= 1, !afterBar || count <= 2, times <= 100, count <= 100
    else {
      diagnostics.warning(
        "bad %%repeat values: after a bar line 1 or 2 bars, after notes a number of notes, then how many times",
        at: range)
      return
    }
    builder.properties.repeatSigns.append(
      RepeatSign(
        elementIndex: builder.elements.count, count: count, times: times, repeatsBars: afterBar, range: range)
    )
  }

  /// A `%%score` in the music: it holds from the furthest time any voice has reached.
  /// One before any music replaces the tune's first staves instead.
  mutating func noteScoreChange(_ groups: [StaffGroup], range: SourceRange) {
    let time = slots.indices.reduce(builder.currentTime) { latest, index in
      index == activeSlot ? latest : max(latest, slots[index].currentTime)
    }
    scoreChanges.removeAll { $0.time >= time }
    if time.isZero {
      settings.staffGroups = groups
      return
    }
    scoreChanges.append(ScoreChange(time: time, groups: groups, range: range))
    // Every voice goes on from the change together (abcm2ps): shorter ones are padded.
    builder.appendPadding(time - builder.currentTime, range: range)
    for index in slots.indices where index != activeSlot && index != droppedVoiceSlot {
      slots[index].appendPadding(time - slots[index].currentTime, range: range)
    }
  }
}
