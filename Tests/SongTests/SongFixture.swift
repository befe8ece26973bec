import DisplayList
import Foundation
import Layout
import MusicXML
import Render
import SMuFL
import ScoreModel
import Testing

/// Shared set-up for the song tests: the feature files in Files/, the real fonts and the
/// Pango text measurer users get, and the OpenScore Lieder songs when they are beside the
/// checkout (`../shared/corpus/lieder`, or `ABCPRESS_LIEDER`).
enum SongFixture {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()
  static let files = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
    "Files")
  static let fonts = FontLibrary(directory: root.appendingPathComponent("Fonts"))

  /// The tune of a feature file (`name` without `.musicxml`).
  static func tune(_ name: String) throws -> Tune {
    let bytes = try Data(contentsOf: files.appendingPathComponent(name + ".musicxml"))
    return try MusicXMLImporter.tune(from: Array(bytes))
  }

  /// The engraver a song is set with: A4, Bravura, Pango's measurements.
  static func engraver(setup: PageSetup = .a4) throws -> Engraver {
    Engraver(
      font: try fonts.musicFont("Bravura"), measurer: try PangoTextMeasurer(fonts: fonts), setup: setup)
  }

  /// The display list of a feature file.
  static func engrave(_ name: String) throws -> DisplayList {
    try engraver().engrave([try tune(name)])
  }

  /// The items of a list with `role`.
  static func items(_ list: DisplayList, _ role: Role) -> [DisplayItem] {
    list.pages.flatMap(\.items).filter { $0.role == role }
  }

  /// The Lieder songs' folder, when it is there.
  static var lieder: URL? {
    let environment = ProcessInfo.processInfo.environment
    let candidates = [
      environment["ABCPRESS_LIEDER"].map { URL(fileURLWithPath: $0) },
      root.deletingLastPathComponent().appendingPathComponent("shared/corpus/lieder"),
    ].compactMap { $0 }
    return candidates.first { FileManager.default.fileExists(atPath: $0.path) }
  }

  /// The songs (.mxl), sorted; every `step`-th one when `ABCPRESS_LIEDER_STEP` says so.
  static var songs: [URL] {
    guard let lieder,
      let names = try? FileManager.default.contentsOfDirectory(atPath: lieder.path)
    else { return [] }
    let step = max(1, Int(ProcessInfo.processInfo.environment["ABCPRESS_LIEDER_STEP"] ?? "") ?? 1)
    return names.filter { $0.hasSuffix(".mxl") }.sorted().enumerated().filter { $0.offset % step == 0 }
      .map { lieder.appendingPathComponent($0.element) }
  }
}
