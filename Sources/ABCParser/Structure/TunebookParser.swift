import ScoreModel

/// Parses a whole tune book: the file header, then each tune on its own.
///
/// Each tune starts from a copy of the settings the file header built, and reports
/// into the shared diagnostics, so a broken tune cannot change the next one.
struct TunebookParser {
  let diagnostics: DiagnosticCollector
  var includeResolver: ABCParser.IncludeResolver?

  /// Parses `text` into a tune book.
  func parse(_ text: String, file: String?) -> Tunebook {
    var lines = SourceLine.split(text)
    if let includeResolver {
      lines = IncludeExpander(resolver: includeResolver, diagnostics: diagnostics).expand(lines, file: file)
    }
    reportReplacementCharacters(in: lines)
    let layout = TunebookLayout(lines: lines)
    var book = Tunebook(file: file)

    var start = TuneSettings()
    if let version = lines.first.flatMap(Self.identificationVersion) {
      start.abcVersion = version
      start.readingMode = ReadingMode(version: version)
    }
    var header = BodyParser(settings: start, diagnostics: diagnostics)
    for line in layout.headerLines {
      switch LineKind.classify(line) {
      case .directive:
        if let directive = Directive(line: line) { book.headerDirectives.append(directive) }
        header.applyDirective(line)
      case .field(let label, let valueStart):
        let value = line.trimmedText(from: valueStart, to: line.codeEnd)
        let range = line.range(from: 0, to: line.codeEnd)
        book.headerFields.append(InformationField(label: label, value: value, range: range))
        header.applyField(
          label: label, value: LineScanner(line: line, from: valueStart), inHeader: true, range: range)
      default:
        break
      }
    }
    var base = header.settings
    base.directives = []
    book.abcVersion = base.abcVersion
    book.readingMode = base.readingMode

    // ABC 2.1 §2.3.1: a file with music but no `X:` is a fragment, read as one tune with
    // the default settings (its fields are the tune's, not a file header's).
    if layout.tunes.isEmpty && lines.contains(where: { LineKind.classify($0) == .music }) {
      var fragment = TuneParser(diagnostics: diagnostics)
      fragment.isFragment = true
      let music = lines.drop { LineKind.classify($0) == .empty || LineKind.classify($0) == .comment }
      if let tune = fragment.parse(Array(music), base: start) {
        book.headerFields = []
        book.headerDirectives = []
        book.tunes.append(tune)
      }
      return book
    }

    let tuneParser = TuneParser(diagnostics: diagnostics)
    for (index, tuneLines) in layout.tunes.enumerated() {
      if index > 0, layout.unterminatedTunes.contains(index - 1), let first = tuneLines.first {
        diagnostics.warning(
          "new tune starts without an empty line after the previous tune", at: first.location(at: 0))
      }
      if let tune = tuneParser.parse(tuneLines, base: base) {
        book.tunes.append(tune)
      }
    }
    return book
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

  /// Warns once when the text holds U+FFFD: bytes that were not UTF-8 (often a Latin-1
  /// file) were replaced while decoding, before the parser saw them.
  private func reportReplacementCharacters(in lines: [SourceLine]) {
    for line in lines {
      guard let index = line.scalars.firstIndex(of: "\u{FFFD}") else { continue }
      diagnostics.warning(
        "the file is not valid UTF-8 (replacement characters found); was it saved as Latin-1?",
        at: line.range(from: index, to: index + 1))
      return
    }
  }
}
