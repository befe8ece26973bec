import ABCParser
import MusicXML
import ScoreModel

/// A MusicXML input (plain or `.mxl`) read into the score model: engraved, played and
/// checked from what the file says, never through ABC text.
enum MusicXMLInput {
  /// Why a MusicXML input could not be read, and where.
  struct Failure: Error, CustomStringConvertible {
    var description: String
    var line = 1
    var column = 1
  }

  /// An input read: the tune as a source the pipeline hands on like an ABC tune, and the
  /// importer's warnings (at the XML's lines).
  struct Imported {
    var source: TuneSource
    var warnings: [Diagnostic]
  }

  /// The score in `bytes` (warnings named as from `file`), or why there is none.
  static func read(_ bytes: [UInt8], file: String) -> Result<Imported, Failure> {
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
      var hasher = TuneCache.KeyHasher()
      for byte in bytes { hasher.add(UInt32(byte)) }
      let source = TuneSource(imported: reading.tune, file: file, digest: hasher.hex)
      return .success(Imported(source: source, warnings: warnings))
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
