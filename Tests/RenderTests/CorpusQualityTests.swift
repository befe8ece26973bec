import ABCParser
import DisplayList
import EngravingQuality
import Foundation
import Layout
import Render
import SMuFL
import ScoreModel
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

  /// The tune with its chord symbols, annotations and lyrics taken out; nil when it has none.
  static func withoutText(_ tune: Tune) -> Tune? {
    var plain = tune
    var changed = false
    for voice in plain.voices.indices {
      for index in plain.voices[voice].elements.indices {
        switch plain.voices[voice].elements[index] {
        case .note(var note) where !note.annotations.isEmpty || !note.lyrics.isEmpty:
          note.annotations = []
          note.lyrics = []
          plain.voices[voice].elements[index] = .note(note)
          changed = true
        case .rest(var rest) where !rest.annotations.isEmpty:
          rest.annotations = []
          plain.voices[voice].elements[index] = .rest(rest)
          changed = true
        default: continue
        }
      }
    }
    return changed ? plain : nil
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
    var spacing: [String] = []
    var spacingCount = 0
    var splitLines = 0
    for tune in tunes {
      let list = engraver.engrave([tune])
      #expect(!list.pages.isEmpty)
      for collision in checker.check(list) {
        counts[collision.kind, default: 0] += 1
        if examples[collision.kind, default: []].count < 5 {
          examples[collision.kind, default: []].append("X:\(tune.referenceNumber) \(collision)")
        }
      }
      // Spacing: split lines filled under half, measures spread by text for nothing.
      let fills = engraver.lineFills(of: tune)
      splitLines += fills.filter(\.splitsSourceLine).count
      var found = SpacingChecker.underfilledSplitLines(fills).map { "underfilledSplitLine: line \($0 + 1)" }
      if let plain = Self.withoutText(tune) {
        found += SpacingChecker.textWidenedMeasures(
          withText: list, withoutText: engraver.engrave([plain]), space: setup.staffSpace
        ).map(\.description)
      }
      spacingCount += found.count
      if spacing.count < 10 {
        spacing += found.prefix(10 - spacing.count).map { "X:\(tune.referenceNumber) \($0)" }
      }
    }
    print(
      "spacing report: \(spacingCount) defects, \(splitLines) lines split from source lines\n  \(spacing.joined(separator: "\n  "))"
    )
    #expect(spacingCount == 0, "\(spacing)")
    #expect(splitLines > 100)  // The underfill check had lines to look at.
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
