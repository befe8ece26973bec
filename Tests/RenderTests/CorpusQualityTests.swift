import ABCParser
import DisplayList
import EngravingQuality
import Foundation
import Layout
import Render
import SMuFL
import Testing

/// The development corpus (scripts/get-corpus, fetched by `make test` into .cache/corpus):
/// every tune engraves without a crash and with no collisions, with the
/// real fonts and Pango text measurement users get.
@Suite struct CorpusQualityTests {
  static var corpus: URL? {
    let environment = ProcessInfo.processInfo.environment
    let candidates = [
      environment["ABCPRESS_CORPUS"].map { URL(fileURLWithPath: $0) },
      Fixtures.fontsDirectory.deletingLastPathComponent().appendingPathComponent(".cache/corpus/big.abc"),
    ].compactMap { $0 }
    return candidates.first { FileManager.default.fileExists(atPath: $0.path) }
  }

  /// `make test` sets ABCPRESS_REQUIRE_CORPUS=1 so a missing corpus fails there.
  static var shouldRun: Bool {
    corpus != nil || ProcessInfo.processInfo.environment["ABCPRESS_REQUIRE_CORPUS"] == "1"
  }

  @Test(.enabled(if: shouldRun)) func corpusEngravesWithoutCollisions() throws {
    let url = try #require(Self.corpus, "the corpus is missing: run scripts/get-corpus")
    let text = try String(contentsOf: url, encoding: .utf8)
    let tunes = ABCParser.parse(text, file: url.lastPathComponent).tunebook.tunes
    #expect(tunes.count > 9000)
    let setup = PageSetup.a4
    let fonts = FontLibrary(directory: Fixtures.fontsDirectory)
    let measurer = try PangoTextMeasurer(fonts: fonts)
    let engraver = Engraver(font: try fonts.musicFont("Bravura"), measurer: measurer, setup: setup)
    let checker = CollisionChecker(
      margins: (setup.marginLeft, setup.marginTop, setup.marginRight, setup.marginBottom))
    var counts: [CollisionChecker.Kind: Int] = [:]
    var examples: [CollisionChecker.Kind: [String]] = [:]
    for tune in tunes {
      let list = engraver.engrave([tune])
      #expect(!list.pages.isEmpty)
      for collision in checker.check(list) {
        counts[collision.kind, default: 0] += 1
        if examples[collision.kind, default: []].count < 5 {
          examples[collision.kind, default: []].append("X:\(tune.referenceNumber) \(collision)")
        }
      }
    }
    let report = CollisionChecker.Kind.allCases.map { kind in
      let perThousand = Double(counts[kind, default: 0]) * 1000 / Double(tunes.count)
      return "\(kind.rawValue): \(counts[kind, default: 0]) (\(perThousand) per 1000 tunes)"
        + (examples[kind].map { "\n    " + $0.joined(separator: "\n    ") } ?? "")
    }.joined(separator: "\n  ")
    print("collision report over \(tunes.count) tunes:\n  \(report)")
    for kind in CollisionChecker.Kind.allCases {
      #expect(counts[kind, default: 0] == 0, "\(kind.rawValue): \(examples[kind] ?? [])")
    }
  }
}
