import Foundation
import MusicXML

/// MusicXML in the editor: a `.mxl` or `.musicxml` file opens as the ABC the importer
/// writes from it, with one note per kind of thing ABC cannot keep, and is saved as the
/// `.abc` beside it (its twin), never over the MusicXML.
extension EditorService {
  /// Suffixes of the MusicXML files the editor opens (as ABC).
  static let importedSuffixes = [".mxl", ".musicxml"]

  static func isImported(_ name: String) -> Bool {
    importedSuffixes.contains { name.lowercased().hasSuffix($0) }
  }

  /// `song.abc` for `song.mxl`: where the ABC of an opened MusicXML file is saved.
  static func twin(of name: String) -> String {
    guard let suffix = importedSuffixes.first(where: { name.lowercased().hasSuffix($0) }) else { return name }
    return String(name.dropLast(suffix.count)) + ".abc"
  }

  /// The answer to `GET /api/document` for a MusicXML file: its ABC, what ABC cannot keep
  /// and the importer's warnings as notes, and the `.abc` name saves go to (`saveAs`,
  /// with its date if it exists: a save over it is then checked like any other).
  func importedDocument(_ path: String, name: String) -> HTTPResponse {
    let reading: MusicXMLImporter.Reading
    do {
      reading = try MusicXMLImporter.read(try EditorFile.bytes(path))
    } catch let failure as EditorFile.Failure {
      return .text(422, "\(name) cannot be opened: \(failure.description)")
    } catch {
      return .text(422, "\(name) cannot be read as MusicXML: \(error)")
    }
    let saveAs = Self.twin(of: name)
    var notes = ABCWriter.losses(of: reading.tune).map { "ABC cannot keep this: \($0)" }
    for warning in reading.warnings.prefix(20) {
      notes.append("\(name):\(warning.range.start.line): \(warning.message)")
    }
    let twinPath = folder.appendingPathComponent(saveAs).path
    return .json([
      "name": name, "text": ABCWriter.text(of: reading.tune), "saveAs": saveAs,
      "modified": Self.modified(twinPath), "encoding": "utf-8", "notes": notes,
    ])
  }
}
