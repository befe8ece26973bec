import ScoreModel

/// Reads ABC 2.1 tune books into the score model.
///
/// The pipeline, by folder:
/// - `Lexing/`: `LineDecoder` (bytes to numbered lines), `SourceLine` (a line as Unicode
///   scalars, comment cut off) and `LineScanner` (a cursor with line/column locations).
/// - `Structure/`: `TunebookReader` cuts a stream of text into the file header, tunes
///   (`TuneSource`, parsed on any thread) and the lines between them; `TuneParser` walks
///   one tune.
/// - `Header/`: one parser per field value (`KeyParser`, `MeterParser`, …) and
///   `FieldInterpreter`, which applies fields to `TuneSettings`.
/// - `Body/`: `BodyParser` reads music lines into a `VoiceBuilder`.
/// - `Diagnostics/`, `Dumping/`: `DiagnosticCollector`, `ScoreDumper`.
///
/// The parser never throws and never stops on bad input: every problem becomes a
/// `Diagnostic` (with file, line and column) and parsing goes on with the next
/// construct, line or tune.
public enum ABCParser {
  /// Resolves `I:abc-include NAME` written in the file `includingFile` (nil for text
  /// without a file): the included file's canonical path (used to detect include cycles
  /// and repeats) and its text, or the reason it is not included.
  public typealias IncludeResolver =
    @Sendable (_ name: String, _ includingFile: String?) -> IncludeResolution

  /// What an `IncludeResolver` found for one `abc-include` name.
  public enum IncludeResolution: Sendable, Equatable {
    /// The file's canonical path and its text.
    case file(path: String, text: String)
    /// Not included; the reason completes "cannot include 'NAME': …".
    case refused(String)
  }

  /// Parses ABC text into a tune book plus the diagnostics found on the way.
  ///
  /// - Parameters:
  ///   - text: the whole ABC file.
  ///   - file: the file name to put in diagnostics, if any.
  ///   - includeResolver: reads `I:abc-include` files; without it they are noted and
  ///     skipped (the parser itself does no file I/O).
  public static func parse(
    _ text: String, file: String? = nil, includeResolver: IncludeResolver? = nil
  ) -> (tunebook: Tunebook, diagnostics: [Diagnostic]) {
    var reader = TunebookReader(file: file, includeResolver: includeResolver)
    var utf8 = text
    utf8.withUTF8 { reader.feed(UnsafeRawBufferPointer($0)) }
    reader.finish()
    var book = Tunebook(file: file)
    var diagnostics: [Diagnostic] = []
    var budget = DiagnosticBudget()
    for event in reader.takeEvents() {
      switch event {
      case .header(let header):
        book.headerFields = header.fields
        book.headerDirectives = header.directives
        book.abcVersion = header.abcVersion
        book.readingMode = header.readingMode
      case .tune(let source):
        let parsed = source.parse()
        if let tune = parsed.tune { book.tunes.append(tune) }
        diagnostics += budget.admit(parsed.diagnostics)
      case .diagnostics(let found): diagnostics += budget.admit(found)
      case .outside: break
      }
    }
    return (book, diagnostics + budget.summaries)
  }
}
