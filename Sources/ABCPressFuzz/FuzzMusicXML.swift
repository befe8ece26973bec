import ABCParser
import Foundation
import MIDIExport
import MusicXML
import ScoreModel

/// The MusicXML target: the bytes as a MusicXML document (and one input in four wrapped in
/// a well-formed `.mxl` archive, so the archive reader and the score inside are both
/// reached; inputs that are archives themselves go to the archive reader as they are),
/// read, written as ABC, parsed again and played — the path every subcommand takes.
enum FuzzMusicXML {
  static func run(_ bytes: UnsafeBufferPointer<UInt8>) {
    var data = Array(bytes)
    let checksum = data.reduce(UInt32(0)) { $0 &* 31 &+ UInt32($1) }
    if checksum % 4 == 0, !MXLContainer.isArchive(data) {
      data = MXLContainer.archive(document: data, name: "score.musicxml")
    }
    guard let reading = try? MusicXMLImporter.read(data) else { return }
    for warning in reading.warnings { _ = warning.description }
    let text = ABCWriter.text(of: reading.tune)
    let parsed = ABCParser.parse(text)
    for tune in parsed.tunebook.tunes { _ = MIDIExport.export(tune) }
  }
}
