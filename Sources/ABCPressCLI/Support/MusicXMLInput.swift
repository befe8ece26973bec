import MusicXML

/// A MusicXML input (plain or `.mxl`) as ABC text, so every subcommand reads it like ABC.
enum MusicXMLInput {
  /// Why a MusicXML input could not be read.
  struct Failure: Error, CustomStringConvertible {
    var description: String
  }

  /// The ABC text of the score in `bytes`, or why there is none.
  static func abcText(_ bytes: [UInt8]) -> Result<String, Failure> {
    do {
      let tune = try MusicXMLImporter.tune(from: bytes)
      return .success(ABCWriter.text(of: tune))
    } catch {
      return .failure(Failure(description: "cannot read MusicXML: \(error)"))
    }
  }
}
