import ABCParser
import ABCPressTestSupport
import Foundation
import MusicXML
import ScoreModel
import Testing

/// Every corpus tune survives ABC → MusicXML → score model → ABC → score model with the
/// same notes (pitch, onset, length, part and voice), and MusicXML export never fails.
@Suite struct CorpusRoundTripTests {
  static var corpus: URL? {
    let environment = ProcessInfo.processInfo.environment
    let candidates = [
      environment["ABCPRESS_CORPUS"].map { URL(fileURLWithPath: $0) },
      URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent(".cache/corpus/big.abc"),
    ].compactMap { $0 }
    return candidates.first { FileManager.default.fileExists(atPath: $0.path) }
  }

  /// `make test` sets ABCPRESS_REQUIRE_CORPUS=1 so a missing corpus fails there.
  static var shouldRun: Bool {
    corpus != nil || ProcessInfo.processInfo.environment["ABCPRESS_REQUIRE_CORPUS"] == "1"
  }

  @Test(.enabled(if: shouldRun)) func corpusRoundTripKeepsEveryNote() throws {
    let url = try #require(Self.corpus, "the corpus is missing: run scripts/get-corpus")
    let text = try String(contentsOf: url, encoding: .utf8)
    let tunes = ABCParser.parse(text, file: url.lastPathComponent).tunebook.tunes
    #expect(tunes.count > 9000)
    var differing: [String] = []
    var failed: [String] = []
    for tune in tunes {
      let expected = NoteListing.lines(for: tune)
      let document = MusicXMLExporter.document(for: tune)
      guard let imported = try? MusicXMLImporter.tune(from: Array(document.utf8)) else {
        failed.append("X:\(tune.referenceNumber) \(tune.title)")
        continue
      }
      let abc = ABCWriter.text(of: imported)
      guard let reread = ABCParser.parse(abc).tunebook.tunes.first else {
        failed.append("X:\(tune.referenceNumber) \(tune.title) (no tune in the ABC)")
        continue
      }
      let got = NoteListing.lines(for: reread)
      if got != expected {
        let missing = Set(expected).subtracting(got).sorted().prefix(3)
        let extra = Set(got).subtracting(expected).sorted().prefix(3)
        differing.append(
          "X:\(tune.referenceNumber) \(tune.title): missing \(Array(missing)) extra \(Array(extra))")
      }
    }
    #expect(failed.isEmpty, "\(failed.count) tunes failed to import back: \(failed.prefix(10))")
    #expect(differing.isEmpty, "\(differing.count) of \(tunes.count) tunes changed: \(differing.prefix(10))")
  }
}
