import ScoreModel
import Testing

@testable import MIDIExport

/// Every voice of a multi-voice score plays, in time with the others.
@Suite struct MultiVoicePlaybackTests {
  let builder = PerformanceBuilder()

  func onsets(_ performance: Performance) -> [String: [Rational]] {
    Dictionary(uniqueKeysWithValues: performance.tracks.map { ($0.voiceID, $0.notes.map(\.onset)) })
  }

  @Test func anSATBHymnPlaysFourVoicesTogether() throws {
    let tune = try #require(
      Make.parse(
        """
        V:S
        V:A
        V:T clef=bass
        V:B clef=bass
        [V:S] B A G2 | z4 | c d e2 |]
        [V:A] G F D2 | z4 | A B c2 |]
        [V:T] D D B,2 | z4 | E F G2 |]
        [V:B] G, D, G,,2 | z4 | C, D, C,2 |]
        """, header: "M:4/4\nL:1/4\n%%score [(S A) (T B)]\nK:G\n"))
    let performance = builder.build(tune)
    #expect(performance.tracks.map(\.voiceID) == ["S", "A", "T", "B"])
    let expected = [0, 1, 2, 8, 9, 10].map { Rational($0, 4) }
    for (voice, times) in onsets(performance) { #expect(times == expected, "voice \(voice)") }
    #expect(performance.tracks.first { $0.voiceID == "B" }?.notes.first?.key == 55, "G, is G3")
  }

  @Test func voicesThatJoinAfterAScoreChangeComeInAtItsTime() throws {
    let tune = try #require(
      Make.parse(
        "CDEF|GABc|\n%%staves 1 2\nV:1\ncBAG|\nV:2 bass\nC,D,E,F,|]", header: "M:4/4\nL:1/4\nK:C\n"))
    let times = onsets(builder.build(tune))
    #expect(times["1"] == (0..<12).map { Rational($0, 4) })
    #expect(times["2"] == (8..<12).map { Rational($0, 4) })
  }

  @Test func aVoiceThatLeavesTheScoreStopsWhereItsMusicEnds() throws {
    let tune = try #require(
      Make.parse(
        "V:A\nCDEF|\nV:B clef=bass\nC,D,E,F,|\n%%score A\nV:A\nGABc|]",
        header: "M:4/4\nL:1/4\n%%score {A B}\nK:C\n"))
    let times = onsets(builder.build(tune))
    #expect(times["A"] == (0..<8).map { Rational($0, 4) })
    #expect(times["B"] == (0..<4).map { Rational($0, 4) })
  }
}
