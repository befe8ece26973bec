import ScoreModel

/// Parses the lines of one tune, from its `X:` line to its last line, into a `Tune`.
///
/// Method: a two-state walk over the lines. In the header, field lines update the
/// `TuneSettings` inherited from the file header; the first `K:` ends the header and
/// fixes the initial meter, unit note length (the meter's default when no `L:` was
/// given), key and clef. In the body, music lines go to the `BodyParser`, field lines
/// become key/meter/clef changes. `%%` directives are kept in both states.
///
/// Example:
///
///     X:1          reference number 1
///     T:Reel       title
///     M:2/4        meter → unit length defaults to 1/16
///     K:D          header ends: D major
///     FA dA|       body
///
/// Known limits: music before `K:` is reported and parsed in C major; a missing
/// `K:` is reported and C major assumed. A fragment (no `X:` anywhere in the file) is
/// read the same way without those reports.
struct TuneParser {
  let diagnostics: DiagnosticCollector
  /// An ABC fragment (ABC 2.1 §2.3.1): music with no `X:` line, read with the default
  /// settings — no reference number, and no complaint about a missing `K:`.
  var isFragment = false
  /// Takes the tokens read, when an editor asked for them (`ABCParser.syntaxTokens`).
  var syntax: SyntaxRecorder?

  /// Parses `lines` (the first is the `X:` line) starting from `base` settings.
  func parse(_ lines: [SourceLine], base: TuneSettings) -> Tune? {
    guard let first = lines.first, let last = lines.last else { return nil }
    var settings = base
    settings.metadata.fields = []
    settings.directives = []
    let number = isFragment ? 1 : referenceNumber(first)
    if !isFragment { settings.metadata.fields.append(field(label: "X", line: first, valueStart: 2)) }

    var body = BodyParser(settings: settings, diagnostics: diagnostics)
    body.syntax = syntax
    if !isFragment { syntax?.recordLine(first, as: .field(label: "X", valueStart: 2)) }
    var inHeader = true
    var sawKey = false
    var initial = (meter: settings.meter, unit: settings.unitLength, key: settings.key, tempo: settings.tempo)
    /// Switches to the body and records the settings it starts from.
    func endHeader() {
      inHeader = false
      body.startBody(expectedElements: lines.reduce(0) { $0 + $1.codeEnd } / 3)
      if body.settings.readingMode == .loose, !body.settings.lineBreaks.isDeclared,
        BangLineBreaks.used(in: lines)
      {
        body.settings.lineBreaks.atEndOfLine = false  // `!` breaks the lines (ABC 2.0).
        body.settings.lineBreaks.bareBangOnly = true
      }
      let current = body.settings
      initial = (current.meter, current.unitLength, current.key, current.tempo)
    }

    var continuesField = false
    var skipsContinuation = false
    var lastLabel: Character?
    for line in lines.dropFirst(isFragment ? 0 : 1) {
      if skipsContinuation || continuesField {
        syntax?.record(skipsContinuation ? .directive : .value, in: line, from: 0, to: line.codeEnd)
        syntax?.recordComment(line)
      }
      if skipsContinuation {
        // The rest of a `%%` directive continued with `\`: reported once, at the directive.
        skipsContinuation = line.code.trimmingWhitespace.hasSuffix("\\")
        continue
      }
      if continuesField {
        // ABC 2.0: a field line ending with `\` goes on in the next line.
        let text = line.code.trimmingWhitespace
        continuesField = text.hasSuffix("\\")
        continueField(
          with: String(text.dropLast(continuesField ? 1 : 0)), joiner: "", in: &body.settings,
          inHeader: inHeader)
        continue
      }
      let kind = LineKind.classify(line, inBody: !inHeader)
      if case .music = kind {} else { syntax?.recordLine(line, as: kind) }
      switch kind {
      case .empty, .comment:
        continue
      case .directive:
        if line.code.trimmingWhitespace.hasSuffix("\\") {
          // abcm2ps reads a directive as one line: one error, not the next line as music.
          diagnostics.error(
            "a %% directive cannot go on over the next line with '\\'; write it on one line (ignored)",
            at: line.location(at: 0))
          skipsContinuation = true
          continue
        }
        if let directive = Directive(line: line) { body.settings.directives.append(directive) }
        body.applyDirective(line)
      case .field(let label, let valueStart):
        let info = field(label: label, line: line, valueStart: valueStart)
        continuesField = line.code.trimmingWhitespace.hasSuffix("\\") && label != "w" && label != "W"
        if continuesField { reportBackslashContinuation(line, mode: body.settings.readingMode) }
        if label == "+" {
          if !inHeader, lastLabel == "w" || lastLabel == "s" || lastLabel == "d" {
            body.alignLine(
              isSymbolLine: lastLabel != "w", value: LineScanner(line: line, from: 2), continuing: true)
          }
          continueField(with: info.value, joiner: " ", in: &body.settings, inHeader: inHeader)
          continue
        }
        lastLabel = label
        body.settings.metadata.fields.append(info)
        let value = LineScanner(line: line, from: valueStart)
        body.applyField(
          label: label, value: value, inHeader: inHeader, range: line.range(from: 0, to: line.codeEnd))
        if inHeader && label == "K" {
          sawKey = true
          endHeader()
        }
      case .music:
        lastLabel = nil
        if inHeader, !isFragment, let (label, valueStart) = Self.fieldMissingColon(line) {
          // `M 6/8` in the header: one error, read as the field it means (not as notes).
          let info = field(label: label, line: line, valueStart: valueStart)
          syntax?.recordLine(line, as: .field(label: label, valueStart: valueStart))
          diagnostics.error(
            "header field \(label) needs a colon after its letter: read as \(label):\(info.value)",
            at: line.location(at: 1))
          lastLabel = label
          body.settings.metadata.fields.append(info)
          body.applyField(
            label: label, value: LineScanner(line: line, from: valueStart), inHeader: true,
            range: line.range(from: 0, to: line.codeEnd))
          if label == "K" {
            sawKey = true
            endHeader()
          }
          continue
        }
        if inHeader {
          if !isFragment {
            diagnostics.error(
              "music before the K: field (K: must end the tune header)", at: line.location(at: 0))
          }
          sawKey = true  // Reported here; no second warning about K:.
          endHeader()
        }
        body.parseMusicLine(line)
      }
    }
    if !sawKey {
      if !isFragment {
        diagnostics.warning(
          "tune has no K: field; assuming C major", at: first.range(from: 0, to: first.codeEnd))
      }
      endHeader()
    }

    let voices = body.finish()
    let settingsAtEnd = body.settings
    var tune = Tune(
      referenceNumber: number, metadata: settingsAtEnd.metadata, initialMeter: initial.meter,
      unitNoteLength: initial.unit, initialKey: initial.key, tempo: initial.tempo,
      voices: voices, directives: settingsAtEnd.directives,
      range: SourceRange(start: first.location(at: 0), end: last.location(at: last.scalars.count)))
    tune.words = settingsAtEnd.words
    tune.staffGroups = settingsAtEnd.staffGroups
    tune.scoreChanges = body.scoreChanges
    tune.abcVersion = settingsAtEnd.abcVersion
    tune.readingMode = settingsAtEnd.readingMode
    tune.accidentalWriteout = settingsAtEnd.writeout
    tune.accidentalPropagation = settingsAtEnd.propagation
    tune.percussionMap = settingsAtEnd.percussionMap
    tune.noteMaps = settingsAtEnd.noteMaps
    tune.tablatures = settingsAtEnd.tablatures
    tune.definedDecorations = settingsAtEnd.customDecorations
    return tune
  }

  /// Warns (strict reading) at the `\` that continues a field line: ABC 2.1 §10.3
  /// disallows `\` as a general continuation; the field is still continued.
  private func reportBackslashContinuation(_ line: SourceLine, mode: ReadingMode) {
    guard mode == .strict,
      let index = line.scalars[..<line.codeEnd].lastIndex(where: { !$0.isABCWhitespace })
    else { return }
    OutdatedSyntax.backslashContinuation.report(
      at: line.range(from: index, to: index + 1), mode: mode, diagnostics: diagnostics)
  }

  /// A header line that is a field written without its colon (`M 6/8`, `T The Kesh`):
  /// a header field's letter, a space, and text with no bar line (so not music); the
  /// label and where its value starts.
  static func fieldMissingColon(_ line: SourceLine) -> (Character, Int)? {
    let scalars = line.scalars
    guard line.codeEnd >= 3, let first = scalars.first, first.properties.isAlphabetic, first.isASCII,
      scalars[1] == " " || scalars[1] == "\t", "ABCDFGHIKLMmNOPQRrSsTUVWwZ".unicodeScalars.contains(first),
      !scalars[..<line.codeEnd].contains("|")
    else { return nil }
    var start = 1
    while start < line.codeEnd, scalars[start].isABCWhitespace { start += 1 }
    guard start < line.codeEnd else { return nil }
    return (Character(first), start)
  }

  /// The `X:` number; 0 (after an error) when it is not a number.
  private func referenceNumber(_ line: SourceLine) -> Int {
    var scanner = LineScanner(line: line, from: 2)
    scanner.skipWhitespace()
    let start = scanner.position
    guard let number = scanner.readNumber() else {
      diagnostics.error("X: reference number must be a number", at: line.location(at: start))
      return 0
    }
    scanner.skipWhitespace()
    if !scanner.isAtEnd {
      diagnostics.warning("unexpected text after the X: reference number", at: scanner.location)
    }
    return number
  }

  /// The field a line holds, its value trimmed and without comment.
  private func field(label: Character, line: SourceLine, valueStart: Int) -> InformationField {
    var value = line.trimmedText(from: valueStart, to: line.codeEnd)
    if value.hasSuffix("\\") { value = String(value.dropLast()).trimmingWhitespace }
    return InformationField(label: label, value: value, range: line.range(from: 0, to: line.codeEnd))
  }

  /// Applies `+:` to the previous field (and its metadata, in the header; `W:` words
  /// anywhere).
  private func continueField(
    with raw: String, joiner: String, in settings: inout TuneSettings, inHeader: Bool
  ) {
    guard let index = settings.metadata.fields.indices.last else { return }
    settings.metadata.fields[index].value += joiner + raw
    let text = TextEscapes.decode(raw)
    if settings.metadata.fields[index].label == "W", let last = settings.words.indices.last {
      settings.words[last] += joiner + text
    }
    guard inHeader else { return }
    /// Extends the last entry of a metadata list.
    func extend(_ list: inout [String]) {
      if let last = list.indices.last { list[last] += joiner + text }
    }
    switch settings.metadata.fields[index].label {
    case "T": extend(&settings.metadata.titles)
    case "C": extend(&settings.metadata.composers)
    case "O", "A": extend(&settings.metadata.origins)
    case "N": extend(&settings.metadata.notes)
    case "H": extend(&settings.metadata.history)
    default: break
    }
  }
}
