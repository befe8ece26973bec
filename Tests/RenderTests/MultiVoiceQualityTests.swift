import ABCParser
import DisplayList
import EngravingQuality
import Foundation
import Layout
import Render
import Testing

/// Multi-voice scores (the gallery's pieces and abcm2ps's voice examples from the corpus)
/// engrave without the collisions several voices can make.
@Suite struct MultiVoiceQualityTests {
  static var sources: [URL] {
    let root = Fixtures.fontsDirectory.deletingLastPathComponent()
    let examples = root.appendingPathComponent(".cache/corpus/abcm2ps-examples")
    return [root.appendingPathComponent("scripts/gallery-voices.abc")]
      + ["sample4.abc", "sample5.abc", "voices.abc"].map { examples.appendingPathComponent($0) }
  }

  @Test func multiVoiceScoresHaveNoVoiceCollisions() throws {
    let setup = PageSetup.a4
    let fonts = FontLibrary(directory: Fixtures.fontsDirectory)
    let measurer = try PangoTextMeasurer(fonts: fonts)
    let engraver = Engraver(font: try fonts.musicFont("Bravura"), measurer: measurer, setup: setup)
    let checker = CollisionChecker(
      margins: (setup.marginLeft, setup.marginTop, setup.marginRight, setup.marginBottom))
    let voiceKinds: Set<CollisionChecker.Kind> = [
      .curveThroughOtherVoice, .voicesOverlap, .nameOrSignOverMusic,
    ]
    var found: [String] = []
    var tunes = 0
    for url in Self.sources where FileManager.default.fileExists(atPath: url.path) {
      let text = try String(contentsOf: url, encoding: .utf8)
      for tune in ABCParser.parse(text, file: url.lastPathComponent).tunebook.tunes {
        tunes += 1
        let collisions = checker.check(engraver.engrave([tune])).filter { voiceKinds.contains($0.kind) }
        found += collisions.map { "\(url.lastPathComponent) X:\(tune.referenceNumber) \($0)" }
      }
    }
    #expect(tunes >= 5)
    print(
      "multi-voice collisions over \(tunes) tunes: \(found.count)\n  "
        + found.prefix(40).joined(separator: "\n  "))
    #expect(found.isEmpty, "\(found.prefix(10))")
  }
}
