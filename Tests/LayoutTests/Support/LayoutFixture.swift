import ABCParser
import DisplayList
import Foundation
import Layout
import SMuFL
import ScoreModel
import Testing

/// Shared set-up for layout tests: the real Bravura metadata and a deterministic text
/// measurer, so dumps do not depend on installed text fonts.
enum LayoutFixture {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  static func font(_ family: String = "Bravura") throws -> MusicFont {
    let url = root.appendingPathComponent("Fonts/\(family).json")
    return try MusicFont.decode(Data(contentsOf: url))
  }

  static func engrave(
    _ abc: String, setup: PageSetup = .a4, options: LayoutOptions = LayoutOptions()
  ) throws -> DisplayList {
    let parsed = ABCParser.parse(abc, file: "test.abc")
    let errors = parsed.diagnostics.filter { $0.severity == .error }
    #expect(errors.isEmpty, "unexpected parse errors: \(errors)")
    let engraver = Engraver(
      font: try font(), measurer: ApproximateTextMeasurer(), setup: setup, options: options)
    return engraver.engrave(parsed.tunebook.tunes)
  }

  static func items(_ list: DisplayList, role: Role) -> [DisplayItem] {
    list.pages.flatMap(\.items).filter { $0.role == role }
  }
}

/// Compares text with a stored snapshot in Tests/LayoutTests/Snapshots; set
/// RECORD_SNAPSHOTS=1 to write new snapshots (then review the diff).
enum Snapshot {
  static func assert(
    _ text: String, named name: String, sourceLocation: Testing.SourceLocation = #_sourceLocation
  )
    throws
  {
    let url = LayoutFixture.root.appendingPathComponent("Tests/LayoutTests/Snapshots/\(name).txt")
    if ProcessInfo.processInfo.environment["RECORD_SNAPSHOTS"] == "1" {
      try Data(text.utf8).write(to: url, options: .atomic)
      return
    }
    guard let stored = try? String(contentsOf: url, encoding: .utf8) else {
      Issue.record(
        "missing snapshot \(name).txt; run with RECORD_SNAPSHOTS=1", sourceLocation: sourceLocation)
      return
    }
    if stored != text {
      let storedLines = stored.split(separator: "\n", omittingEmptySubsequences: false)
      let newLines = text.split(separator: "\n", omittingEmptySubsequences: false)
      let firstDifference = zip(storedLines, newLines).enumerated().first { $0.element.0 != $0.element.1 }
      let detail =
        firstDifference.map {
          "line \($0.offset + 1):\n  stored: \($0.element.0)\n  actual: \($0.element.1)"
        } ?? "line counts differ: \(storedLines.count) vs \(newLines.count)"
      Issue.record("snapshot \(name) differs at \(detail)", sourceLocation: sourceLocation)
    }
  }
}
