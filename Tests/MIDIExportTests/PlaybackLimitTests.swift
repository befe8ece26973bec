import ABCParser
import ScoreModel
import Testing

@testable import MIDIExport

/// Nested parts and repeats cannot multiply a performance past `Limits`; each cut is a
/// warning, and the MIDI file stays small and quick to make.
@Suite struct PlaybackLimitTests {
  static func tune(_ text: String) throws -> Tune {
    try #require(ABCParser.parse(text).tunebook.tunes.first)
  }

  /// Builds the MIDI file, checking it takes less than `seconds`.
  static func export(_ tune: Tune, seconds: Int = 20) -> (bytes: [UInt8], warnings: [Diagnostic]) {
    var result: (bytes: [UInt8], warnings: [Diagnostic]) = ([], [])
    let elapsed = ContinuousClock().measure { result = MIDIExport.export(tune) }
    #expect(elapsed < .seconds(seconds), "took \(elapsed)")
    return result
  }

  @Test(arguments: [
    "((((((((A)9)9)9)9)9)9)9)9", "((((((((A)99)99)99)99)99)99)99)99", "(AB)100(BA)100(AAB)100(ABAB)100",
  ])
  func nestedPartsStopAtThePartLimit(order: String) throws {
    let tune = try Self.tune("X:1\nP:\(order)\nL:1/8\nK:C\nP:A\nABcd|]\nP:B\nefga|]\n")
    let (parts, cut) = PartOrder.read(order)
    #expect(cut)
    #expect(parts.count == Limits.playedPartsPerTune)
    let (bytes, warnings) = Self.export(tune)
    #expect(warnings.count == 1)
    #expect(warnings.first?.message.contains("more than \(Limits.playedPartsPerTune) parts") == true)
    #expect(warnings.first?.range.start.line == 2)
    let notes = TestMIDIFile(bytes)?.notes(track: 1) ?? []
    #expect(notes.count == 4 * Limits.playedPartsPerTune)
  }

  @Test func deeplyNestedParenthesesDoNotRecurseWithoutEnd() {
    let order = String(repeating: "(", count: 100_000) + "A" + String(repeating: ")2", count: 100_000)
    let (parts, _) = PartOrder.read(order)
    #expect(parts.count <= Limits.playedPartsPerTune)
    #expect(PartOrder.parse("(A)2" + order + "B") == ["A", "A", "B"])
  }

  /// 250 bars of 8 notes in one section repeated 50 times.
  static let fiftyPasses =
    "|:" + String(repeating: "ABcd efga|", count: 249) + "ABcd efga" + String(repeating: ":", count: 49)
    + "|]"

  @Test func repeatsTimesPartsStopAtTheVoiceLimit() throws {
    // Each part A holds 2,000 notes played 50 times (`|:` … `::::…|]` asks for 50 passes).
    let tune = try Self.tune("X:1\nP:A100\nL:1/16\nK:C\nP:A\n\(Self.fiftyPasses)\n")
    let (bytes, warnings) = Self.export(tune)
    #expect(warnings.contains { $0.message.contains("plays more than \(Limits.playedElementsPerVoice)") })
    let notes = TestMIDIFile(bytes)?.notes(track: 1) ?? []
    #expect(notes.count <= Limits.playedElementsPerVoice)
    #expect(notes.count > Limits.playedElementsPerVoice / 2)
  }

  @Test func voicesShareTheTuneLimit() throws {
    var text = "X:1\nP:A100\nL:1/16\nK:C\n"
    for voice in 1...4 { text += "V:\(voice)\nP:A\n\(Self.fiftyPasses)\n" }
    let performance = PerformanceBuilder().build(try Self.tune(text))
    let played = performance.tracks.map(\.notes.count).reduce(0, +)
    #expect(played <= Limits.playedElementsPerTune)
    #expect(performance.warnings.count == 4)
    #expect(performance.warnings.last?.message.hasPrefix("the voices together play more than") == true)
    #expect(performance.tracks.last?.notes.isEmpty == true)
  }

  @Test func ordinaryTunesHaveNoWarnings() throws {
    let tune = try Self.tune("X:1\nP:A2B\nL:1/8\nK:C\nP:A\n|:ABcd:|\nP:B\n|:efga:|\n")
    let (_, warnings) = Self.export(tune)
    #expect(warnings.isEmpty)
  }
}
