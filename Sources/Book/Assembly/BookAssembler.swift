import ABCParser
import Layout
import ScoreModel

#if canImport(Glibc)
  import Glibc
#endif

/*
 BookAssembler — the events of a tune-book reader to the pieces of a book's body, in order.

 Method. The reader hands over the lines outside tunes and each tune whole, unparsed.
 Outside tunes, `%%text`, `%%center`, `%%begintext` blocks, `%%newpage` and `%%vskip`
 become blocks between the tunes, and other `%%` directives are passed on to apply from
 that point (SourceScan). A tune is passed on unparsed with the text blocks written inside
 it, which print after its music, so that parsing and layout can run on any thread
 (`parse(_:)` turns it into a tune with its display texts decoded). With grouping
 (`grouped`), tunes are sorted into sections by rhythm (`R:`) or key (`K:`), sections A–Z,
 tunes in book order inside each.

     %%center A Session Book      → .block(.text(center))
     X:1 … (tune)                 → .tune
     %%newpage                    → .block(.pageBreak)
     %%leftmargin 2cm             → .directive

 Limits. A file-header `T:` is the book's title; a tune's identical first title is dropped
 so that it is not printed twice.
 */

/// One piece of a book's body as the assembler hands it out.
public enum BookPiece: Sendable {
  /// A tune to parse and engrave, with the header titles of its file and its text blocks.
  case tune(TuneSource, headerTitles: [String], trailing: [TextBlock])
  /// Text, a page break or vertical space between tunes.
  case block(BookBlock)
  /// A format directive between tunes: it applies from here on.
  case directive(Directive)
  /// Problems the reader found.
  case diagnostics([Diagnostic])
}

/// Turns tune-book reader events into book pieces, one event at a time.
public struct BookAssembler {
  private var scan = SourceScan(insideTune: false)
  private var headerTitles: [String] = []

  public init() {}

  /// The pieces `event` completes.
  public mutating func add(_ event: TunebookEvent) -> [BookPiece] {
    switch event {
    case .header(let header):
      headerTitles = header.fields.filter { $0.label == "T" }.map(\.value)
      return []
    case .tune(let source):
      return [
        .tune(source, headerTitles: headerTitles, trailing: SourceScan.textBlocks(in: source.directiveLines))
      ]
    case .outside(let line):
      return scan.scan(line).map(Self.piece)
    case .diagnostics(let found):
      return [.diagnostics(found)]
    }
  }

  /// The pieces left when a file ends (an unterminated text block).
  public mutating func finishFile() -> [BookPiece] {
    defer { headerTitles = [] }
    return scan.finish().map(Self.piece)
  }

  private static func piece(_ piece: SourceScan.Piece) -> BookPiece {
    switch piece {
    case .block(let block): .block(block)
    case .directive(let directive): .directive(directive)
    }
  }

  /// Parses a tune piece into a tune with its display texts decoded (any thread).
  public static func parse(_ source: TuneSource, headerTitles: [String]) -> (
    tune: Tune?, diagnostics: [Diagnostic]
  ) {
    let parsed = source.parse()
    return (parsed.tune.map { prepared(withoutInheritedTitles($0, headerTitles)) }, parsed.diagnostics)
  }

  /// Every block of an in-memory file, tunes parsed (for tests and small tools).
  public static func blocks(text: String, file: String? = nil) -> [BookBlock] {
    var reader = TunebookReader(file: file)
    var utf8 = text
    utf8.withUTF8 { reader.feed(UnsafeRawBufferPointer($0)) }
    reader.finish()
    var assembler = BookAssembler()
    var blocks: [BookBlock] = []
    for piece in reader.takeEvents().flatMap({ assembler.add($0) }) + assembler.finishFile() {
      switch piece {
      case .tune(let source, let titles, let trailing):
        if let tune = parse(source, headerTitles: titles).tune { blocks.append(.tune(tune)) }
        blocks += trailing.map { .text($0) }
      case .block(let block): blocks.append(block)
      case .directive, .diagnostics: break
      }
    }
    return blocks
  }

  /// A file-header `T:` is the book's title, not the first title of every tune.
  /// (A tune is changed only when a title goes: a change copies the tune's shared fields.)
  static func withoutInheritedTitles(_ tune: Tune, _ headerTitles: [String]) -> Tune {
    var titles = tune.metadata.titles
    for title in headerTitles where titles.count > 1 && titles.first == title { titles.removeFirst() }
    guard titles.count != tune.metadata.titles.count else { return tune }
    var tune = tune
    tune.metadata.titles = titles
    return tune
  }

  /// A tune with its display texts decoded (changed only where decoding changes a text:
  /// most texts are plain, and a change copies the tune's shared fields).
  static func prepared(_ tune: Tune) -> Tune {
    guard !tune.metadata.textsAsWritten else { return tune }
    // Told apart by bytes (strings compare equal when only canonically equivalent).
    var changed = false
    func display(_ text: String) -> String {
      let shown = TextTypography.display(text)
      if !changed && !Self.sameBytes(shown, text) { changed = true }
      return shown
    }
    var metadata = tune.metadata
    metadata.titles = metadata.titles.map(display)
    metadata.composers = metadata.composers.map(display)
    metadata.origins = metadata.origins.map(display)
    metadata.rhythm = metadata.rhythm.map(display)
    metadata.notes = metadata.notes.map(display)
    metadata.history = metadata.history.map(display)
    for index in metadata.fields.indices where metadata.fields[index].label == "W" {
      metadata.fields[index].value = display(metadata.fields[index].value)
    }
    let words = tune.words.map(display)
    guard changed else { return tune }
    var tune = tune
    tune.metadata = metadata
    tune.words = words
    return tune
  }

  /// Whether two strings are the same UTF-8 bytes (`==` also equates canonically
  /// equivalent ones; comparing the views element by element was a call per byte).
  static func sameBytes(_ first: String, _ second: String) -> Bool {
    var first = first
    var second = second
    return first.withUTF8 { one in
      second.withUTF8 { other in
        one.count == other.count
          && (one.isEmpty || memcmp(one.baseAddress!, other.baseAddress!, one.count) == 0)
      }
    }
  }

  /// The section a tune belongs to when a book is grouped by `key` (`rhythm` or `key`).
  public static func groupName(of tune: Tune, by key: String) -> String {
    key == "key" ? keyName(tune.initialKey) : rhythmName(tune.metadata.rhythm)
  }

  /// The blocks with tunes grouped into sections by `rhythm` or `key`.
  public static func grouped(_ blocks: [BookBlock], by key: String) -> [BookBlock] {
    var groups: [String: [BookBlock]] = [:]
    var others: [BookBlock] = []
    for block in blocks {
      guard case .tune(let tune) = block else {
        if case .text = block { others.append(block) }
        continue
      }
      groups[groupName(of: tune, by: key), default: []].append(block)
    }
    var out = others
    for name in groups.keys.sorted() {
      out.append(.section(name))
      out += groups[name] ?? []
    }
    return out
  }

  static func rhythmName(_ rhythm: String?) -> String {
    guard let rhythm, let first = rhythm.trimmed.first else { return "Other tunes" }
    let word = String(first).uppercased() + rhythm.trimmed.dropFirst().lowercased()
    return word.hasSuffix("s") ? word : word + "s"
  }

  static func keyName(_ key: KeySignature) -> String {
    guard let tonic = key.tonic else { return "No key" }
    let letter = ["C", "D", "E", "F", "G", "A", "B"][tonic.rawValue]
    let alter = key.tonicAlter > 0 ? "♯" : key.tonicAlter < 0 ? "♭" : ""
    return "\(letter)\(alter) \(key.mode.rawValue)"
  }
}
