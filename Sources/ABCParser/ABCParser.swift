import ScoreModel

/// Reads ABC 2.1 tune books into the score model.
///
/// The pipeline, by folder:
/// - `Lexing/`: `SourceLine` (a line as Unicode scalars, comment cut off) and
///   `LineScanner` (a cursor with line/column locations).
/// - `Structure/`: `TunebookLayout` cuts the file into header and tunes;
///   `TunebookParser` and `TuneParser` walk them.
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
    let diagnostics = DiagnosticCollector(file: file)
    let book = TunebookParser(diagnostics: diagnostics, includeResolver: includeResolver).parse(
      text, file: file)
    return (book, diagnostics.diagnostics)
  }
}
