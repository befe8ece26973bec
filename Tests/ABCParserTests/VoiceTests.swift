import ABCParser
import ScoreModel
import Testing

@Suite struct VoiceTests {
  @Test func voicePropertiesFromTheHeader() {
    let header = """
      L:1/8
      V:S name="Soprano" snm=S stem=up
      V:B nm=Bass subname=B. clef=bass transpose=-12 stafflines=4
      K:C
      """
    let (tune, diagnostics) = Parse.tune("[V:S]c|\n[V:B]C,|", header: header)
    #expect(diagnostics.isEmpty)
    let voices = tune?.voices ?? []
    #expect(voices.map(\.id) == ["S", "B"])
    #expect(voices.map(\.name) == ["Soprano", "Bass"])
    #expect(voices.map(\.shortName) == ["S", "B."])
    #expect(voices.map(\.stemDirection) == [.up, .auto])
    #expect(voices.map(\.clef) == [.treble, .bass])
    #expect(voices.map(\.transpose) == [0, -12])
    #expect(voices.map(\.staffLines) == [5, 4])
  }

  @Test func voicesFirstSeenInTheBodyKeepTheirOrder() {
    let (tune, _) = Parse.tune("V:2\nA\nV:1 clef=alto\nB\nV:3\nc\nV:2\nd")
    #expect(tune?.voices.map(\.id) == ["2", "1", "3"])
    #expect(tune?.voices[1].clef == .alto)
    #expect(tune?.voices.first?.elements.filter { $0.duration > .zero }.count == 2)
  }

  @Test func musicBeforeAnyVoiceIsTheFirstVoice() {
    let (tune, _) = Parse.tune("A\nV:2\nB")
    #expect(tune?.voices.map(\.id) == ["1", "2"])
  }

  @Test func octaveAndMiddleMoveTheWrittenNotes() {
    let (tune, _) = Parse.tune(
      "[V:1]c [V:2]d [V:3]c", header: "V:1 octave=-1\nV:2 clef=bass middle=d\nV:3\nK:C")
    let pitches = tune?.voices.map { voice in
      voice.elements.compactMap { if case .note(let n) = $0 { n.heads[0].pitch } else { nil } }.first
    }
    #expect(pitches == [Pitch(step: .c, octave: 4), Pitch(step: .d, octave: 3), Pitch(step: .c, octave: 5)])
  }

  @Test func overlayIsAPaddedVoice() {
    let (tune, diagnostics) = Parse.tune("A B c d & E F | G4", header: "M:4/4\nL:1/8\nK:C")
    #expect(diagnostics.isEmpty)
    #expect(tune?.voices.map(\.id) == ["1", "1&1"])
    #expect(tune?.voices.last?.overlayOf == "1")
    let overlay = tune.map { ScoreDumper.dump($0) }?.split(separator: "\n").drop {
      !$0.hasPrefix("voice 1&1")
    }
    #expect(Array(overlay ?? []) == ["voice 1&1 clef=treble overlay=1", "0 note 1/8 E4", "1/8 note 1/8 F4"])
  }

  @Test func overlayInALaterBarIsPaddedToTheBarStart() {
    let (tune, _) = Parse.tune("A4 | B2 c2 & d4 |", header: "M:4/4\nL:1/8\nK:C")
    let overlay = tune?.voices.last?.elements ?? []
    guard case .rest(let padding) = overlay.first else {
      Issue.record("no padding")
      return
    }
    #expect(!padding.isVisible)
    #expect(padding.duration == Rational(1, 2))
    #expect(overlay.count == 2)
  }

  @Test func overlayAcrossALine() {
    let (tune, _) = Parse.tune("A2 B2 | c2 d2 &\\\nE2 F2 | G2 A2 |\nB8", header: "M:2/4\nL:1/8\nK:C")
    #expect(tune?.voices.count == 2)
    let overlayNotes = tune?.voices.last?.elements.filter { $0.duration > .zero }.count
    #expect(overlayNotes == 4)
    let hostBars = tune?.voices.first?.elements.filter(\.isBarLine).count
    #expect(hostBars == 2)
  }

  static let scores: [(String, String)] = [
    ("%%score (S A) (T B)", "score (S A) (T B)"),
    ("%%score [S A] | {RH LH}", "score [S A]| {RH LH}"),
    // Under %%staves bar lines join unless a `|` parts the staves (abcm2ps).
    ("%%staves {(RH1 RH2) | LH}", "score {(RH1 RH2) LH}"),
    ("%%staves {(RH1 RH2) LH}", "score {(RH1 RH2) LH}|"),
    ("%%score 1 2 3", "score 1 2 3"),
    ("%%score [(S A) {RH LH}] [Vn Vc]", "score [(S A) {RH LH}] [Vn Vc]"),
    ("%%score [{[A B] C} D]", "score [{[A B] C} D]"),
  ]

  @Test(arguments: scores)
  func scoreDirectives(directive: String, expected: String) {
    let (tune, _) = Parse.tune("A", header: "\(directive)\nK:C")
    let line = tune.map { ScoreDumper.dump($0) }?.split(separator: "\n").dropFirst().first
    #expect(line.map(String.init) == expected)
  }

  @Test func scoreGroupsKeepBracketKinds() {
    let (tune, _) = Parse.tune("A", header: "%%score [S A] {RH LH}\nK:C")
    #expect(tune?.staffGroups?.map(\.bracket) == [.bracket, .brace])
    #expect(tune?.staffGroups?.last?.staves == [["RH"], ["LH"]])
  }

  @Test func nestedBracketsAreKeptInsideTheirGroup() {
    let (tune, diagnostics) = Parse.tune("A", header: "%%score [(S A) {RH LH} Vn]\nK:C")
    #expect(diagnostics.isEmpty)
    let group = tune?.staffGroups?.first
    #expect(group?.bracket == .bracket)
    #expect(group?.staves == [["S", "A"], ["RH"], ["LH"], ["Vn"]])
    #expect(group?.inner == [StaffGroup.Inner(bracket: .brace, staves: 1..<3)])
  }
}

extension VoiceElement {
  /// True for bar lines (test helper).
  var isBarLine: Bool {
    if case .bar = self { return true }
    return false
  }
}

@Suite struct ExplicitClefTests {
  @Test func explicitClefsAreRecorded() {
    let named = Parse.book("X:1\nK:C bass\nC\n").tunebook.tunes[0].voices[0]
    #expect(named.hasExplicitClef)
    let voiceClef = Parse.book("X:1\nK:C\nV:1 clef=treble\nC\n").tunebook.tunes[0].voices[0]
    #expect(voiceClef.hasExplicitClef)
    let plain = Parse.book("X:1\nK:C\nC\n").tunebook.tunes[0].voices[0]
    #expect(!plain.hasExplicitClef)
  }
}

/// abcm2ps's directive forms of voice parameters: `%%stemdir`, `%%stafflines`.
@Suite struct VoiceDirectiveTests {
  @Test func stemdirAndStafflinesSetTheCurrentVoice() {
    let (tune, diagnostics) = Parse.tune(
      "V:1\n%%stemdir down\n%%stafflines 1\nC\nV:2\n%%stemdir sideways\nD", header: "L:1/8\nK:C")
    #expect(tune?.voices.map(\.stemDirection) == [.down, .auto])
    #expect(tune?.voices.map(\.staffLines) == [1, 5])
    #expect(diagnostics.map(\.message) == ["bad %%stemdir value 'sideways'; expected up, down or auto"])
    let (header, _) = Parse.tune("V:1\nC\nV:2\nD", header: "L:1/8\n%%stafflines 3\nK:C")
    #expect(header?.voices.map(\.staffLines) == [3, 3])
  }
}
