import Layout
import ScoreModel

/*
 BookAssembler — ABC files to the ordered blocks of a tune book's body.

 Method. The parser keeps a tune's directives but drops free text between tunes and the
 lines inside `%%begintext … %%endtext`, so the raw text is scanned again line by line:
 outside tunes, `%%text`, `%%center`, `%%begintext` blocks, `%%newpage` and `%%vskip`
 become blocks between the tunes; inside a tune, text blocks are set after the tune's
 music. Tunes are matched to the parser's by their `X:` line. Titles, words and text get
 ABC escapes decoded and typographic quotes. With grouping, tunes are sorted into
 sections by rhythm (`R:`) or key (`K:`), sections A–Z, tunes in book order inside each.

     %%center A Session Book      → .text(center)
     X:1 … (tune)                 → .tune
     %%newpage                    → .pageBreak

 Limits. Text inside a tune is not placed between its systems; other format directives
 between tunes are applied to the whole book (`interTuneDirectives`), not from that point on.
 */

/// Turns parsed tune books and their source text into book blocks.
public struct BookAssembler {
  /// Format directives met between tunes, for the caller to apply book-wide.
  public private(set) var interTuneDirectives: [Directive] = []
  public private(set) var blocks: [BookBlock] = []

  public init() {}

  /// Adds one file: its source `text` and what the parser made of it.
  public mutating func add(text: String, tunebook: Tunebook) {
    var tunesByLine: [Int: Tune] = [:]
    for tune in tunebook.tunes { tunesByLine[tune.range.start.line] = tune }
    let headerTitles = tunebook.headerFields.filter { $0.label == "T" }.map(\.value)
    let scan = SourceScan(text: text)
    for piece in scan.pieces {
      switch piece {
      case .tune(let line, let trailing):
        guard let tune = tunesByLine.removeValue(forKey: line) else { continue }
        blocks.append(.tune(Self.prepared(Self.withoutInheritedTitles(tune, headerTitles))))
        blocks += trailing.map { .text($0) }
      case .block(let block): blocks.append(block)
      case .directive(let directive): interTuneDirectives.append(directive)
      }
    }
    // Tunes the scan did not meet (an ABC fragment has no `X:` line) still print, in order.
    for tune in tunebook.tunes where tunesByLine[tune.range.start.line] != nil {
      blocks.append(.tune(Self.prepared(tune)))
    }
  }

  /// A file-header `T:` is the book's title, not the first title of every tune.
  static func withoutInheritedTitles(_ tune: Tune, _ headerTitles: [String]) -> Tune {
    var tune = tune
    var titles = tune.metadata.titles
    for title in headerTitles where titles.count > 1 && titles.first == title { titles.removeFirst() }
    tune.metadata.titles = titles
    return tune
  }

  /// A tune with its display texts decoded.
  static func prepared(_ tune: Tune) -> Tune {
    var tune = tune
    tune.metadata.titles = tune.metadata.titles.map(TextEscapes.display)
    tune.metadata.composers = tune.metadata.composers.map(TextEscapes.display)
    tune.metadata.origins = tune.metadata.origins.map(TextEscapes.display)
    tune.metadata.rhythm = tune.metadata.rhythm.map(TextEscapes.display)
    tune.metadata.notes = tune.metadata.notes.map(TextEscapes.display)
    tune.metadata.history = tune.metadata.history.map(TextEscapes.display)
    tune.words = tune.words.map(TextEscapes.display)
    for index in tune.metadata.fields.indices where tune.metadata.fields[index].label == "W" {
      tune.metadata.fields[index].value = TextEscapes.display(tune.metadata.fields[index].value)
    }
    return tune
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
      let name = key == "key" ? keyName(tune.initialKey) : rhythmName(tune.metadata.rhythm)
      groups[name, default: []].append(block)
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
