import ScoreModel

/// Turns the music lines of one tune body into voice elements.
///
/// Method: a hand-written scanner loop over each line's Unicode scalars. The first
/// scalar of each construct picks a reader (note, rest, chord, bar line, inline
/// field, decoration …); each reader consumes its construct and feeds the
/// `VoiceBuilder`. Every turn of the loop consumes at least one scalar (a guard
/// forces it), so no input can hang the parser; unknown scalars are reported, one
/// diagnostic per run, and skipped.
///
/// Example: `|:G2 AB c>d|` → bar(start repeat), G (1/4), A, B (beamed), c (3/16),
/// d (1/16), bar.
///
/// Known limits: decorations, chord symbols, annotations, grace notes and slurs are
/// recognised and skipped; all voices are merged into one; `&` overlays are skipped.
struct BodyParser {
  var builder: VoiceBuilder
  var settings: TuneSettings
  let diagnostics: DiagnosticCollector
  /// The id of the one voice the model holds, once a `V:` names it.
  var voiceID: String?
  var warnedAboutVoices = false
  var warnedAboutOverlay = false
  var warnedAboutMicrotones = false

  init(settings: TuneSettings, diagnostics: DiagnosticCollector) {
    self.settings = settings
    self.diagnostics = diagnostics
    self.voiceID = settings.voiceID
    builder = VoiceBuilder(meter: settings.meter, unitLength: settings.unitLength, key: settings.key)
  }

  /// Parses one music line and ends it with a line break unless the policy says no.
  mutating func parseMusicLine(_ line: SourceLine) {
    var scanner = LineScanner(line: line)
    var continues = false
    var unknownStart: Int?
    while !scanner.isAtEnd {
      let before = scanner.position
      guard let scalar = scanner.peek() else { break }
      if scalar == "\\" && isOnlyWhitespace(after: scanner.position + 1, in: scanner) {
        continues = true
        scanner.position = scanner.end
        break
      }
      let known = parseConstruct(startingWith: scalar, &scanner)
      if known {
        reportUnknown(from: &unknownStart, to: before, line: line)
      } else if unknownStart == nil {
        unknownStart = before
      }
      if scanner.position <= before { scanner.position = before + 1 }
    }
    reportUnknown(from: &unknownStart, to: scanner.position, line: line)
    if settings.lineBreaks.atEndOfLine && !continues {
      builder.append(.lineBreak(SourceRange(line.location(at: line.codeEnd))))
    }
    builder.beamOpen = false
  }

  /// Reads one construct; false when `scalar` starts nothing known (nothing consumed).
  private mutating func parseConstruct(startingWith scalar: Unicode.Scalar, _ scanner: inout LineScanner)
    -> Bool
  {
    switch scalar {
    case " ", "\t":
      scanner.skipWhitespace()
      builder.beamOpen = false
    case "A"..."G", "a"..."g", "^", "_", "=":
      parseNote(&scanner)
    case "z", "x":
      parseRest(&scanner)
    case "Z", "X":
      parseMultiMeasureRest(&scanner)
    case "[":
      parseBracket(&scanner)
    case "|", ":":
      parseBar(&scanner)
    case ".":
      if scanner.peek(1) == "|" { parseBar(&scanner) } else { scanner.advance() }  // staccato
    case "-":
      let start = scanner.position
      scanner.advance()
      if !builder.tieLastNote() {
        diagnostics.warning("tie '-' does not follow a note", at: scanner.range(from: start))
      }
    case ">", "<":
      parseBrokenRhythm(&scanner)
    case "(":
      parseOpenParenthesis(&scanner)
    case ")", "`":
      scanner.advance()  // Slur end, beam-neutral back-quote.
    case "y":
      scanner.advance()  // Spacer, with an optional width.
      _ = scanner.readNumber()
    case "\"":
      skipString(&scanner)
    case "!":
      parseBang(&scanner)
    case "+":
      skipDecoration(&scanner, delimiter: "+")
    case "{":
      skipGraceNotes(&scanner)
    case _ where scalar.isDecorationShortcut:
      // `.~HLMOPSTuv` are the standard shortcuts; the rest of H–W are redefinable.
      scanner.advance()  // TODO(issue 3): decoration shortcuts go on the next note.
    case "$":
      scanner.advance()
      if settings.lineBreaks.atDollar {
        builder.append(.lineBreak(scanner.range(from: scanner.position - 1)))
      }
    case "&":
      let start = scanner.position
      scanner.advance()
      if !warnedAboutOverlay {
        warnedAboutOverlay = true
        diagnostics.warning("voice overlay '&' is not supported yet", at: scanner.range(from: start))
      }
    default:
      if settings.userSymbols.contains(scalar) {
        scanner.advance()  // TODO(issue 3): U: symbols become decorations.
        return true
      }
      return false
    }
    return true
  }

  /// True when only whitespace follows `index` on the scanned part of the line.
  private func isOnlyWhitespace(after index: Int, in scanner: LineScanner) -> Bool {
    var probe = scanner
    probe.position = index
    probe.skipWhitespace()
    return probe.isAtEnd
  }

  /// Reports a run of unknown scalars, if one is open.
  private func reportUnknown(from start: inout Int?, to end: Int, line: SourceLine) {
    guard let first = start else { return }
    start = nil
    let text = line.text(from: first, to: end)
    diagnostics.error("unexpected '\(text)' in music; skipped", at: line.range(from: first, to: end))
  }
}
