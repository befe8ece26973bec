import ScoreModel

/// Turns the music lines of one tune body into voices.
///
/// Method: a hand-written scanner loop over each line's Unicode scalars. The first
/// scalar of each construct picks a reader (note, rest, chord, bar line, inline
/// field, decoration …); each reader consumes its construct and feeds the active
/// `VoiceBuilder`. Every turn of the loop consumes at least one scalar (a guard
/// forces it), so no input can hang the parser; unknown scalars are reported, one
/// diagnostic per run, and skipped. Each `V:` id gets its own builder, kept in
/// `slots` in order of first appearance; switching voices swaps builders in and out
/// (no copying). Overlays (`&`) are extra voices padded with invisible rests.
///
/// Example: `|:G2 AB c>d|` → bar(start repeat), G (1/4), A, B (beamed), c (3/16),
/// d (1/16), bar.
///
/// Scope of body fields: a body `K:`, `M:` or `L:` changes only the voice it is written
/// in (before any body `V:`, that is the first voice). ABC 2.1 §7 (multiple voices)
/// leaves the scope of fields in multi-voice bodies open, and the standard's
/// multi-voice-scope proposal says an item "has no effect on other voices than the one
/// in which it is found" and that M: and K: "may differ between voices"; only the header
/// sets every voice. abcm2ps reads it the same way.
struct BodyParser {
  /// The active voice.
  var builder: VoiceBuilder
  /// Every voice in order of first appearance; the active one's slot holds a stale copy.
  var slots: [VoiceBuilder] = []
  var slotIndex: [String: Int] = [:]
  var activeSlot = 0
  var settings: TuneSettings
  /// The settings the body started from, for voices that first appear later.
  var bodyStart = TuneSettings()
  var overlay: OverlayState?
  let diagnostics: DiagnosticCollector
  var inBody = false
  /// Unknown decoration names already reported in this tune.
  var reportedDecorations: Set<String> = []
  /// The slot that takes the music of voices past `Limits.voicesPerTune`; never output.
  var droppedVoiceSlot: Int?
  /// True once the voice limit has been reported for a header `V:`.
  var reportedVoiceLimit = false
  /// Elements read so far, all voices together; at `Limits.elementsPerTune` the rest of
  /// the tune's music is not read.
  var elementCount = 0
  var isFull = false
  /// `%%score` / `%%staves` met in the music, in time order.
  var scoreChanges: [ScoreChange] = []
  /// Takes the tokens read, when an editor asked for them (`ABCParser.syntaxTokens`).
  var syntax: SyntaxRecorder?

  init(settings: TuneSettings, diagnostics: DiagnosticCollector) {
    self.settings = settings
    self.diagnostics = diagnostics
    builder = VoiceBuilder(
      properties: Voice(), meter: settings.meter, unitLength: settings.unitLength, key: settings.key,
      propagation: settings.propagation)
  }

  /// Parses one music line and ends it with a line break unless the policy says no.
  mutating func parseMusicLine(_ line: SourceLine) {
    guard !isFull else { return }
    syntax?.recordComment(line)
    var line = line
    if let expanded = settings.macros.expand(line.scalars) {
      line = SourceLine(number: line.number, scalars: expanded.scalars, written: expanded.written)
      if expanded.cut {
        diagnostics.warning(
          "macros expand this line past \(Limits.expandedLineLength) characters; the rest is not expanded",
          at: line.range(from: 0, to: 1))
      }
    }
    builder.lyrics.musicLineStarts(at: builder.elements.count)
    builder.lineStartTime = builder.currentTime
    var scanner = LineScanner(line: line)
    var continues = false
    var unknownStart: Int?
    while !scanner.isAtEnd {
      let before = scanner.position
      guard let scalar = scanner.peek() else { break }
      if scalar == "\\" && isOnlyWhitespace(after: scanner.position + 1, in: scanner) {
        syntax?.record(.rhythm, in: line, from: scanner.position, to: scanner.position + 1)
        continues = true
        scanner.position = scanner.end
        break
      }
      let (slot, count) = (activeSlot, builder.elements.count)
      let known = parseConstruct(startingWith: scalar, &scanner)
      if slot == activeSlot { elementCount += max(0, builder.elements.count - count) }
      if elementCount >= Limits.elementsPerTune {
        isFull = true
        diagnostics.error(
          "tune too long: only its first \(Limits.elementsPerTune) notes, rests and bar lines are read",
          at: line.range(from: scanner.position, to: scanner.position + 1))
        break
      }
      if known, let syntax { recordSyntax(syntax, from: before, scanner) }
      if known {
        reportUnknown(from: &unknownStart, to: before, line: line)
      } else if unknownStart == nil {
        unknownStart = before
      }
      if scanner.position <= before { scanner.position = before + 1 }
    }
    reportUnknown(from: &unknownStart, to: scanner.position, line: line)
    if !continues || overlay?.spansLines != true { endOverlay() }
    if settings.lineBreaks.atEndOfLine && !continues {
      builder.append(.lineBreak(SourceRange(line.location(at: line.codeEnd))))
    }
    // A beam carried over a bar line by `!beamon!` runs on into a continued line.
    if !continues || !builder.endsWithBeamOnBar { builder.beamOpen = false }
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
      parseDot(&scanner)
    case "-":
      parseTie(&scanner, dotted: false)
    case ">", "<":
      parseBrokenRhythm(&scanner)
    case "(":
      parseOpenParenthesis(&scanner, dotted: false)
    case ")":
      parseCloseParenthesis(&scanner)
    case "`":
      scanner.advance()  // Beam-neutral back-quote.
    case "y":
      parseSpacer(&scanner)
    case "\"":
      parseString(&scanner)
    case "!":
      parseBang(&scanner)
    case "+":
      parseDecoration(&scanner, delimiter: "+")
    case "{":
      parseGraceNotes(&scanner)
    case "$":
      scanner.advance()
      if settings.lineBreaks.atDollar {
        builder.append(.lineBreak(scanner.range(from: scanner.position - 1)))
      }
    case "&":
      parseOverlay(&scanner)
    default:
      return parseSymbol(&scanner)
    }
    return true
  }

  /// Reads `.`: a dotted bar `.|`, a dotted tie `.-`, a dotted slur `.(`, or staccato.
  private mutating func parseDot(_ scanner: inout LineScanner) {
    switch scanner.peek(1) {
    case "|":
      parseBar(&scanner)
    case "-":
      scanner.advance()
      parseTie(&scanner, dotted: true)
    case "(":
      scanner.advance()
      parseOpenParenthesis(&scanner, dotted: true)
    case ")":
      scanner.advance()
      parseCloseParenthesis(&scanner)
    default:
      let start = scanner.position
      scanner.advance()
      addPendingDecoration(Decoration(name: "staccato", range: scanner.range(from: start)))
    }
  }

  /// Reads `-` (after `.` when dotted): ties the last note to the next.
  private mutating func parseTie(_ scanner: inout LineScanner, dotted: Bool) {
    let start = scanner.position
    scanner.advance()
    let below = scanner.readCurveSide()  // abcm2ps: `-'` above, `-,` below.
    if !builder.tieLastNote(dotted: dotted, below: below) {
      diagnostics.warning("tie '-' does not follow a note", at: scanner.range(from: start))
    }
  }

  /// Reads `y` with an optional width.
  private mutating func parseSpacer(_ scanner: inout LineScanner) {
    let start = scanner.position
    scanner.advance()
    let width = scanner.readNumber().map(Double.init)
    builder.appendSpacer(Spacer(width: width, range: scanner.range(from: start)))
  }

  /// True when only whitespace follows `index` on the scanned part of the line.
  func isOnlyWhitespace(after index: Int, in scanner: LineScanner) -> Bool {
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
    diagnostics.error(
      "unexpected '\(Diagnostic.excerpt(text))' in music; skipped", at: line.range(from: first, to: end))
  }
}
