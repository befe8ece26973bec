import ScoreModel

/// A line of source text kept for later stages (the book assembler's text blocks).
public struct SourceText: Hashable, Sendable {
  /// The 1-based line number.
  public var line: Int
  public var text: String

  public init(line: Int, text: String) {
    self.line = line
    self.text = text
  }
}

/// The file header a tune book's tunes start from: its fields and directives.
public struct TunebookHeader: Sendable {
  public var file: String?
  public var fields: [InformationField] = []
  public var directives: [Directive] = []
  public var abcVersion: String?
  public var readingMode: ReadingMode = .loose

  public init(file: String?) {
    self.file = file
  }
}

/// One tune's source lines with the settings its file header gave it: parse it on any thread.
public struct TuneSource: Sendable {
  public let file: String?
  let lines: [SourceLine]
  let base: TuneSettings
  /// A file's music without an `X:` line, read as one tune (ABC 2.1 §2.3.1).
  public let isFragment: Bool
  /// The tune's `%%` lines and the lines inside its `%%begin…`/`%%end…` blocks, in order.
  public let directiveLines: [SourceText]
  /// A score read from another format (MusicXML): engraved as it was read, never parsed
  /// as ABC; its one line is a digest of the file, for cache keys.
  public var imported: Tune? { importedBox?.tune }
  /// The imported tune, boxed: a tune is large and sources are copied often.
  private let importedBox: ImportedTune?

  init(file: String?, lines: [SourceLine], base: TuneSettings, isFragment: Bool, directiveLines: [SourceText])
  {
    self.file = file
    self.lines = lines
    self.base = base
    self.isFragment = isFragment
    self.directiveLines = directiveLines
    self.importedBox = nil
  }

  /// A tune read from another format: `digest` stands for its content in cache keys (the
  /// source's one line), its diagnostics are the reader's own.
  public init(imported tune: Tune, file: String?, digest: String) {
    self.file = file
    self.lines = [SourceLine(number: 1, scalars: Array("%imported \(digest)".unicodeScalars))]
    self.base = TuneSettings()
    self.isFragment = true
    self.directiveLines = []
    self.importedBox = ImportedTune(tune)
  }

  /// The line number of the tune's first line (its `X:` line).
  public var startLine: Int { lines.first?.number ?? 1 }

  /// Unicode scalars in the tune's lines: a measure of the work it takes.
  public var size: Int {
    if let imported { return imported.voices.reduce(0) { $0 + 8 * $1.elements.count } }
    return lines.reduce(0) { $0 + $1.scalars.count }
  }

  /// The `X:` number as written, read without parsing the tune (nil for a fragment or
  /// a number that is not one).
  public var referenceNumber: Int? {
    if let imported { return imported.referenceNumber }
    guard !isFragment, let first = lines.first else { return nil }
    var digits = ""
    for scalar in first.scalars.dropFirst(2) {
      if scalar == " " || scalar == "\t" {
        if digits.isEmpty { continue } else { break }
      }
      guard scalar.properties.numericType == .decimal, digits.count < 18 else { break }
      digits.unicodeScalars.append(scalar)
    }
    return Int(digits)
  }

  /// The number of the tune's last line.
  public var endLine: Int { lines.last?.number ?? startLine }

  /// Calls `body` with each of the tune's lines, as scalars without the line terminator
  /// (for cache keys: no text is made).
  public func forEachLine(_ body: ([Unicode.Scalar]) -> Void) {
    for line in lines { body(line.scalars) }
  }

  /// The tune's source text, its lines joined by line feeds.
  /// (Encoded as UTF-8 bytes first: appending scalars to a string's scalar view went
  /// through the unspecialised path, a thousand instructions a tune.)
  public var text: String {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(lines.reduce(0) { $0 + $1.scalars.count + 1 })
    for line in lines {
      SourceLine.forEachUTF8Byte(of: line.scalars[...]) { bytes.append($0) }
      bytes.append(0x0A)
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// The first `T:` of the tune's header as written (escapes not decoded), read without
  /// parsing the tune; nil when it has none before its `K:`.
  public var firstTitle: String? {
    if let imported { return imported.metadata.titles.first }
    for line in lines.dropFirst() {
      let scalars = line.scalars
      guard scalars.count >= 2, scalars[1] == ":" else { continue }
      if scalars[0] == "K" { return nil }
      guard scalars[0] == "T" else { continue }
      var title = String(String.UnicodeScalarView(scalars[2..<line.codeEnd]))
      while title.first == " " || title.first == "\t" { title.removeFirst() }
      while title.last == " " || title.last == "\t" { title.removeLast() }
      return title
    }
    return nil
  }

  /// Parses the tune (its diagnostics are bounded by the collector's
  /// `Limits.diagnosticsPerFile`).
  public func parse() -> (tune: Tune?, diagnostics: [Diagnostic]) {
    parse(recording: nil)
  }

  /// Parses the tune, its tokens going to `syntax` when one is given.
  func parse(recording syntax: SyntaxRecorder?) -> (tune: Tune?, diagnostics: [Diagnostic]) {
    if let imported { return (imported, []) }
    let diagnostics = DiagnosticCollector(file: file)
    var parser = TuneParser(diagnostics: diagnostics)
    parser.isFragment = isFragment
    parser.syntax = syntax
    let tune = parser.parse(lines, base: base)
    return (tune, diagnostics.diagnostics)
  }
}

/// What a `TunebookReader` hands out, in source order.
public enum TunebookEvent: Sendable {
  /// The file header is complete (sent once per file, before its first tune).
  case header(TunebookHeader)
  /// A complete tune, not yet parsed.
  case tune(TuneSource)
  /// A line outside every tune: the file header region, free text and directives between tunes.
  case outside(SourceText)
  /// Problems found while reading (includes, tune boundaries, over-long lines).
  case diagnostics([Diagnostic])
}

/// A tune read from another format, held by reference inside a `TuneSource`.
private final class ImportedTune: Sendable {
  let tune: Tune
  init(_ tune: Tune) { self.tune = tune }
}
