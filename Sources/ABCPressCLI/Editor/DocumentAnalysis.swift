import ABCParser
import ScoreModel

/*
 DocumentAnalysis — a document's tunes and problems, kept between edits.

 Method. The text is cut into the file header and tunes by the same reader `check` uses;
 each tune is checked as `check` checks it (parser, format directives, undrawn notation,
 bar lengths). A tune's problems are kept under its text: an edit re-checks only the tune
 it touched, and a tune moved by lines added above it has its problems moved with it. The
 kept entries are those of the last analysis only, so memory follows the document.

     edit in tune 40 of 400 → 1 tune parsed, 399 taken from the last analysis

 Limits. `abc-include` and `%%format` files are read from the document's folder (when the
 document has a file path) under the same rules as on the command line.
 */

/// The tunes of an open document and its diagnostics, re-checked tune by tune.
final class DocumentAnalysis {
  /// One tune of the document: its source and the lines it spans (1-based).
  struct TuneEntry {
    var source: TuneSource
    var startLine: Int
    var endLine: Int
  }

  private(set) var tunes: [TuneEntry] = []
  private(set) var diagnostics: [Diagnostic] = []
  /// Tunes checked by the last analysis: their start line and problems, by a hash of their text.
  private var checked: [String: (start: Int, diagnostics: [Diagnostic])] = [:]
  /// How many tunes the last analysis parsed (the others came from `checked`).
  private(set) var parsedCount = 0

  /// Analyses `text`; `path` (the document's file, if any) names it in diagnostics and
  /// places its includes.
  func analyse(_ text: String, path: String?) {
    var reader = TunebookReader(
      file: path, includeResolver: path.map { IncludePolicy(input: $0).resolver() })
    var utf8 = text
    utf8.withUTF8 { reader.feed(UnsafeRawBufferPointer($0)) }
    reader.finish()
    var found: [Diagnostic] = []
    var entries: [TuneEntry] = []
    var kept: [String: (start: Int, diagnostics: [Diagnostic])] = [:]
    parsedCount = 0
    for event in reader.takeEvents() {
      switch event {
      case .tune(let source):
        entries.append(TuneEntry(source: source, startLine: source.startLine, endLine: source.endLine))
        let key = Self.key(source)
        var problems: [Diagnostic]
        if let earlier = checked[key] ?? kept[key] {
          let shift = source.startLine - earlier.start
          problems = earlier.diagnostics.map { Self.moved($0, by: shift) }
        } else {
          problems = CheckCommand.diagnostics(for: source, checksBars: true)
          parsedCount += 1
        }
        kept[key] = (source.startLine, problems)
        found += problems
      case .diagnostics(let more): found += more
      case .header, .outside: break
      }
    }
    checked = kept
    tunes = entries
    diagnostics = found.sorted {
      ($0.range.start.line, $0.range.start.column) < ($1.range.start.line, $1.range.start.column)
    }
  }

  /// The tune whose lines hold `line` (1-based).
  func tune(atLine line: Int) -> TuneEntry? {
    tunes.first { $0.startLine <= line && line <= $0.endLine }
  }

  /// A tune's key: a 128-bit hash of its lines (no copy of its text is made or kept).
  static func key(_ source: TuneSource) -> String {
    var hasher = TuneCache.KeyHasher()
    hasher.add(lines: source)
    return hasher.hex
  }

  private static func moved(_ diagnostic: Diagnostic, by lines: Int) -> Diagnostic {
    guard lines != 0 else { return diagnostic }
    var moved = diagnostic
    moved.range.start.line += lines
    moved.range.end.line += lines
    return moved
  }
}
