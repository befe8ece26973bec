import ABCParser
import ABCPressTestSupport
import Book
import DisplayList
import Foundation
import Layout
import SMuFL
import ScoreModel

/// Shared set-up for book tests: real Bravura metadata, a deterministic text measurer,
/// ABC samples, a scratch folder and helpers for external tools.
enum BookFixture {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  static func font() throws -> MusicFont {
    try MusicFont.decode(Data(contentsOf: root.appendingPathComponent("Fonts/Bravura.json")))
  }

  /// A tune of `lines` source lines of reel music.
  static func tune(
    _ number: Int, _ title: String, lines: Int = 3, rhythm: String = "reel", extra: String = ""
  )
    -> String
  {
    var abc = "X:\(number)\nT:\(title)\n\(extra)R:\(rhythm)\nM:4/4\nL:1/8\nK:D\n"
    for _ in 0..<lines { abc += "DFAd fdAF|GBdg bgdB|AFDF A2FA|dcBA G2FE|\n" }
    return abc
  }

  /// A book file: a header with a title, then `count` tunes (every third one a jig with an
  /// alternative title).
  static func bookSource(count: Int = 12) -> String {
    var abc = "T:Test Book\nZ:A. Tester\n\n"
    for number in 1...count {
      let isJig = number % 3 == 0
      let extra = isJig ? "T:Other Name \(number)\n" : ""
      abc += tune(
        number, "Tune \(number)", lines: 2 + number % 5, rhythm: isJig ? "jig" : "reel", extra: extra)
      abc += "\n"
    }
    return abc
  }

  /// Blocks assembled from ABC text.
  static func blocks(_ abc: String) -> [BookBlock] {
    BookAssembler.blocks(text: abc, file: "test.abc")
  }

  static func engraver(_ template: PageTemplate) throws -> Engraver {
    Engraver(
      font: try font(), measurer: ApproximateTextMeasurer(), setup: template.setup, options: template.options)
  }

  static func scratch() throws -> URL { try TestTools.scratchDirectory(prefix: "BookTests") }

  /// Runs /usr/bin/`tool` and returns its standard output.
  static func run(_ tool: String, _ arguments: [String]) throws -> String {
    try TestTools.run(tool, arguments)
  }
}
