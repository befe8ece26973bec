import ScoreModel

/*
 TunebookReader — a tune book read as a stream: header, tunes and the text between them.

 Method. Bytes arrive in chunks of any size; `LineDecoder` turns them into lines and each
 line moves a small state machine:
   - Before the first `X:` (the header region) lines are grouped into blocks at empty
     lines. A block of fields, directives and comments is file header; a block with any
     other line is free text, of which only the `%%` directives count.
   - An `X:` line ends the header region: the header lines are applied once (settings,
     `%%` directives) and sent as `.header`; then the tune opens. It runs to the next empty
     line or end of input, and is sent whole as `.tune`, still unparsed, so that tunes can
     be parsed and engraved on several threads. An `X:` inside a tune also closes it (with
     a warning), so one tune never swallows the next.
   - Lines between `%%beginxxx` and `%%endxxx` (text, SVG, PostScript) are opaque: an empty
     line there ends nothing; inside a tune they are kept for the book's text blocks.
   - Every line outside tunes is also sent as `.outside` for the book assembler.
   - `I:abc-include` lines are replaced by the included lines (IncludeExpander).
 A file with music but no `X:` is a fragment (ABC 2.1 §2.3.1): the lines kept from the
 header region become one tune when the input ends.

     %abc-2.1 / M:6/8 / (empty) / X:1 / T:A / K:G / GAB| / (empty) / X:2 …
     → .outside… .header(M:6/8) .tune(X:1…) .outside("") .tune(X:2…)

 Memory holds the current tune's lines only (bounded by `Limits.maxTuneScalars`, later
 lines are skipped with an error) and, until the first `X:`, the header region (bounded by
 `Limits.maxPreambleScalars`). Time is linear in the input.
 */

/// Reads ABC text incrementally and hands out header, tunes and outside lines as events.
public struct TunebookReader {
  public let file: String?
  private let diagnostics: DiagnosticCollector
  private let expander: IncludeExpander?
  private var decoder = LineDecoder()
  private var events: [TunebookEvent] = []

  private var start = TuneSettings()
  private var isFirstLine = true
  private var headerSent = false
  private var base = TuneSettings()
  private var headerLines: [SourceLine] = []
  private var block: [SourceLine] = []
  private var blockIsFreeText = false
  /// Every line before the first `X:`, in case the file is a fragment.
  private var preamble: [SourceLine] = []
  private var preambleScalars = 0
  private var current: [SourceLine]?
  private var currentScalars = 0
  private var currentDirectiveLines: [SourceText] = []
  private var currentIsCut = false
  private var textBlockEnd: String?
  private var reportedReplacement = false
  /// An editor's buffer (read again tune by tune) has the replacement warning once per
  /// tune, so reading one tune alone says what reading them all says; a file, once.
  private let reportsReplacementPerTune: Bool

  /// A reader for the text of `file` (a name for diagnostics; nil for in-memory text).
  /// `honoursCharset: false` is for text that is Unicode already (an editor's buffer):
  /// `abc-charset` then changes nothing.
  public init(file: String?, includeResolver: ABCParser.IncludeResolver? = nil, honoursCharset: Bool = true) {
    self.file = file
    let diagnostics = DiagnosticCollector(file: file)
    self.diagnostics = diagnostics
    expander = includeResolver.map { IncludeExpander(resolver: $0, diagnostics: diagnostics) }
    decoder = LineDecoder(honoursCharset: honoursCharset)
    reportsReplacementPerTune = !honoursCharset
  }

  /// Where a reader stands once the file header is read: enough to read the rest of the
  /// book from the first line of any tune, as an editor re-reads only what an edit touched.
  public struct Resumption: Sendable {
    let base: TuneSettings
    let start: TuneSettings
  }

  /// The reader's state after the file header (nil while the header is still being read).
  public var resumption: Resumption? { headerSent ? Resumption(base: base, start: start) : nil }

  /// A reader that goes on reading a book at line `firstLine` — the `X:` line of a tune —
  /// as a reader of the whole book would, given the state after its header.
  public init(
    resuming resumption: Resumption, firstLine: Int, file: String?,
    includeResolver: ABCParser.IncludeResolver? = nil,
    honoursCharset: Bool = true
  ) {
    self.init(file: file, includeResolver: includeResolver, honoursCharset: honoursCharset)
    decoder = LineDecoder(firstLine: firstLine, honoursCharset: honoursCharset)
    start = resumption.start
    base = resumption.base
    headerSent = true
    isFirstLine = false
    preamble = []
  }

  /// True inside a `%%begin…`/`%%end…` block, where an `X:` line starts nothing.
  public var isInTextBlock: Bool { textBlockEnd != nil }

  /// True while a tune is open (its empty line not yet read).
  public var isInTune: Bool { current != nil }

  /// The warning at an `X:` line that closes a tune not ended by an empty line.
  public static let unendedTuneMessage = "new tune starts without an empty line after the previous tune"

  /// Reads a chunk of bytes (UTF-8, or ISO-8859-1 line by line where it is not UTF-8).
  public mutating func feed(_ bytes: UnsafeRawBufferPointer) {
    var lines: [LineDecoder.Line] = []
    decoder.feed(bytes) { lines.append($0) }
    for line in lines { accept(line) }
  }

  /// Ends the input: closes the last tune, sends the header if no tune did.
  public mutating func finish() {
    var lines: [LineDecoder.Line] = []
    decoder.finish { lines.append($0) }
    for line in lines { accept(line) }
    closeTune()
    if !headerSent {
      if preamble.contains(where: { LineKind.classify($0) == .music }) {
        sendFragment()
      } else {
        sendHeader()
      }
    }
    flushDiagnostics()
  }

  /// The events read so far, emptying the queue.
  public mutating func takeEvents() -> [TunebookEvent] {
    flushDiagnostics()
    defer { events.removeAll(keepingCapacity: true) }
    return events
  }

  private mutating func accept(_ decoded: LineDecoder.Line) {
    let line = SourceLine(number: decoded.number, scalars: decoded.scalars)
    if decoded.wasCut {
      diagnostics.error(
        "line longer than \(Limits.maxLineBytes / 1024) KiB; the rest of it is ignored",
        at: line.location(at: decoded.scalars.count))
    }
    if isFirstLine {
      isFirstLine = false
      if let version = Self.identificationVersion(line) {
        start.abcVersion = version
        start.readingMode = ReadingMode(version: version)
      }
    }
    if reportsReplacementPerTune, reportedReplacement, case .field("X", _) = LineKind.classify(line) {
      reportedReplacement = false
    }
    if !reportedReplacement, line.scalars.contains("\u{FFFD}") {
      reportedReplacement = true
      let index = line.scalars.firstIndex(of: "\u{FFFD}") ?? 0
      diagnostics.warning(
        "the file is not valid UTF-8 (replacement characters found); was it saved as Latin-1?",
        at: line.range(from: index, to: index + 1))
    }
    if let expander, IncludeExpander.includeName(in: line) != nil {
      for included in expander.expand([line], file: file) { process(included) }
    } else {
      process(line)
    }
  }

  private mutating func process(_ line: SourceLine) {
    // `%%begintext … %%endtext` (and svg, ps, ml …): opaque, may hold empty lines.
    if let end = textBlockEnd {
      if line.isDirective, line.code.hasPrefix(end) {
        textBlockEnd = nil
        appendToTune(line)
      } else if current != nil {
        currentDirectiveLines.append(
          SourceText(line: line.number, text: line.text(from: 0, to: line.scalars.count)))
      }
      if current == nil { sendOutside(line) }
      return
    }
    if line.isDirective, let name = Self.blockName(line) { textBlockEnd = "%%end" + name }
    let kind = LineKind.classify(line)
    if case .field(let label, _) = kind, label == "X" {
      if !headerSent { sendHeader() }
      if current != nil {
        closeTune()
        diagnostics.warning(Self.unendedTuneMessage, at: line.location(at: 0))
      }
      current = []
      currentScalars = 0
      currentIsCut = false
      appendToTune(line)
      return
    }
    if current != nil {
      if kind == .empty && textBlockEnd == nil {
        closeTune()
        sendOutside(line)
      } else {
        appendToTune(line)
      }
      return
    }
    sendOutside(line)
    guard !headerSent else { return }
    keepForFragment(line)
    switch kind {
    case .empty:
      flushBlock()
    case .directive, .field: block.append(line)
    case .music: blockIsFreeText = true
    case .comment: break
    }
  }

  private mutating func appendToTune(_ line: SourceLine) {
    guard current != nil else { return }
    // A comment line is kept as a bare `%` (the parser skips it; its text costs nothing).
    if !line.isDirective, line.codeEnd == 0, !line.isBlank {
      current?.append(SourceLine(number: line.number, scalars: ["%"]))
      return
    }
    if currentScalars + line.scalars.count > Limits.maxTuneScalars {
      if !currentIsCut {
        currentIsCut = true
        diagnostics.error(
          "tune longer than \(Limits.maxTuneScalars >> 20) Mi characters; the rest of it is skipped",
          at: line.location(at: 0))
      }
      return
    }
    currentScalars += line.scalars.count
    current?.append(line)
    if line.isDirective {
      currentDirectiveLines.append(
        SourceText(line: line.number, text: line.text(from: 0, to: line.scalars.count)))
    }
  }

  private mutating func keepForFragment(_ line: SourceLine) {
    guard preambleScalars + line.scalars.count <= Limits.maxPreambleScalars else { return }
    preambleScalars += line.scalars.count
    preamble.append(line)
  }

  private mutating func closeTune() {
    guard let lines = current else { return }
    current = nil
    flushDiagnostics()
    events.append(
      .tune(
        TuneSource(
          file: file, lines: lines, base: base, isFragment: false, directiveLines: currentDirectiveLines)))
    currentDirectiveLines = []
  }

  private mutating func flushBlock() {
    headerLines += blockIsFreeText ? block.filter(\.isDirective) : block
    block = []
    blockIsFreeText = false
  }

  /// Applies the header region's fields and directives and sends the header.
  private mutating func sendHeader() {
    flushBlock()
    headerSent = true
    var header = TunebookHeader(file: file)
    var parser = BodyParser(settings: start, diagnostics: diagnostics)
    for line in headerLines {
      switch LineKind.classify(line) {
      case .directive:
        if let directive = Directive(line: line) { header.directives.append(directive) }
        parser.applyDirective(line)
      case .field(let label, let valueStart):
        let value = line.trimmedText(from: valueStart, to: line.codeEnd)
        let range = line.range(from: 0, to: line.codeEnd)
        header.fields.append(InformationField(label: label, value: value, range: range))
        parser.applyField(
          label: label, value: LineScanner(line: line, from: valueStart), inHeader: true, range: range)
      default:
        break
      }
    }
    base = parser.settings
    base.directives = []
    header.abcVersion = base.abcVersion
    header.readingMode = base.readingMode
    headerLines = []
    preamble = []
    flushDiagnostics()
    events.append(.header(header))
  }

  /// A file without `X:`: its music is one tune read with the default settings.
  private mutating func sendFragment() {
    headerSent = true
    let music = preamble.drop { LineKind.classify($0) == .empty || LineKind.classify($0) == .comment }
    events.append(.header(TunebookHeader(file: file)))
    events.append(
      .tune(TuneSource(file: file, lines: Array(music), base: start, isFragment: true, directiveLines: [])))
    preamble = []
  }

  private mutating func sendOutside(_ line: SourceLine) {
    events.append(.outside(SourceText(line: line.number, text: line.text(from: 0, to: line.scalars.count))))
  }

  private mutating func flushDiagnostics() {
    let new = diagnostics.take()
    if !new.isEmpty { events.append(.diagnostics(new)) }
  }

  /// The version of a file identification line (ABC 2.1 §2.1): `%abc-2.1` → "2.1";
  /// nil for `%abc` alone, any other line, or a version that is not a number.
  static func identificationVersion(_ line: SourceLine) -> String? {
    var scalars = line.scalars[...]
    if scalars.first == "\u{FEFF}" { scalars = scalars.dropFirst() }  // §2.1: skip a BOM.
    guard scalars.starts(with: "%abc-".unicodeScalars) else { return nil }
    let version = String(String.UnicodeScalarView(scalars.dropFirst(5).prefix { !$0.isABCWhitespace }))
    return ABCVersion(version) != nil ? version : nil
  }

  /// The `xxx` of a `%%beginxxx` line.
  static func blockName(_ line: SourceLine) -> String? {
    let code = line.code
    guard code.hasPrefix("%%begin") else { return nil }
    let name = code.dropFirst(7).prefix { $0.isLetter }
    return name.isEmpty ? nil : String(name)
  }
}
