import MusicXML
import ScoreModel

/// A MusicXML input (plain or `.mxl`) as ABC text, so every subcommand reads it like ABC.
enum MusicXMLInput {
  /// Why a MusicXML input could not be read, and where.
  struct Failure: Error, CustomStringConvertible {
    var description: String
    var line = 1
    var column = 1
  }

  /// A converted input: its ABC text and the importer's warnings (at the XML's lines).
  struct Converted {
    var text: String
    var warnings: [Diagnostic]
  }

  /// The ABC text of the score in `bytes` (warnings named as from `file`), or why there is none.
  static func abcText(_ bytes: [UInt8], file: String) -> Result<Converted, Failure> {
    do {
      let reading = try MusicXMLImporter.read(bytes)
      if let title = TuneJob.crashTest, reading.tune.title == title {
        fatalError("crash test: the MusicXML score titled '\(title)' stops the program")
      }
      let warnings = reading.warnings.map { warning in
        var named = warning
        named.file = file
        return named
      }
      return .success(Converted(text: ABCWriter.text(of: reading.tune), warnings: warnings))
    } catch {
      return .failure(
        Failure(
          description: "cannot read MusicXML: \(error.description)", line: error.line, column: error.column))
    }
  }

  /// The failure as a diagnostic of `file`.
  static func diagnostic(_ failure: Failure, file: String) -> Diagnostic {
    Diagnostic(
      .error, failure.description,
      at: SourceRange(SourceLocation(line: failure.line, column: failure.column)),
      file: file)
  }
}
