import ABCParser
import ScoreModel
import Testing

/// `%%score` / `%%staves` inside the music: a change from the time where it stands.
@Suite struct ScoreChangeTests {
  @Test func aScoreInTheMusicTakesEffectWhereItStands() {
    let header = "M:4/4\nL:1/4\n%%score {A B}\nK:C"
    let body = "V:A\nCDEF|\nV:B clef=bass\nC,D,E,F,|\n%%score A\nV:A\nGABc|]"
    let (tune, diagnostics) = Parse.tune(body, header: header)
    #expect(diagnostics.isEmpty)
    let groups = tune?.staffGroups ?? []
    #expect(groups.map(\.bracket) == [.brace])
    #expect(groups.first?.staves == [["A"], ["B"]])
    let changes = tune?.scoreChanges ?? []
    #expect(changes.map(\.time) == [Rational(1)])
    #expect(changes.first?.groups.first?.staves == [["A"]])
    #expect(changes.first?.range.start.line == 10)
  }

  @Test func aScoreBeforeAnyMusicSetsTheFirstStaves() {
    let (tune, _) = Parse.tune("%%score (S A)\nV:S\nc\nV:A\nA", header: "L:1/4\n%%score S A\nK:C")
    #expect(tune?.staffGroups?.first?.staves == [["S", "A"]])
    #expect(tune?.scoreChanges.isEmpty == true)
  }

  @Test func voicesGoOnTogetherFromAChange() {
    // Voice 1 has 3 beats, voice 2 one beat, when the change comes; voice 3 is new.
    let body = "V:1\nCDE\nV:2\nC,\n%%staves 1 2 3\nV:1\nF\nV:2\nD,\nV:3\nG"
    let (tune, _) = Parse.tune(body, header: "L:1/4\nK:C")
    let voices = tune?.voices ?? []
    #expect(voices.map(\.id) == ["1", "2", "3"])
    #expect(tune?.scoreChanges.map(\.time) == [Rational(3, 4)])
    func onsetOfLastNote(_ voice: Voice) -> Rational {
      var time = Rational.zero
      var last = Rational.zero
      for element in voice.elements {
        if case .note = element { last = time }
        time = time + element.duration
      }
      return last
    }
    // Every voice's music after the change starts at 3/4.
    #expect(voices.map(onsetOfLastNote) == [Rational(3, 4), Rational(3, 4), Rational(3, 4)])
    // The padding is invisible.
    guard case .rest(let padding)? = voices.last?.elements.first else {
      Issue.record("voice 3 starts with padding")
      return
    }
    #expect(!padding.isVisible && padding.duration == Rational(3, 4))
  }

  @Test func theScoreDumpShowsChanges() {
    let dump = Parse.dump("V:A\nCDEF|\n%%score A\nGABc|", header: "L:1/4\n%%score A B\nK:C")
    #expect(dump.contains("score at 1 A"))
  }
}

/// abcm2ps's `%%clef` in the music sets the current voice's clef.
@Suite struct ClefDirectiveTests {
  @Test func clefDirectiveBeforeMusicSetsTheVoicesClef() {
    let (tune, diagnostics) = Parse.tune("V:1\nV:2\n%%clef bass\n[V:1] c\n[V:2] C,", header: "L:1/4\nK:C")
    #expect(diagnostics.isEmpty)
    #expect(tune?.voices.map(\.clef) == [.treble, .bass])
  }

  @Test func clefDirectiveAfterMusicIsAClefChange() {
    let elements = Parse.elements("C D\n%%clef bass\nC, D,", header: "L:1/4\nK:C")
    #expect(elements.contains { if case .clefChange(.bass, _) = $0 { true } else { false } })
  }

  @Test func anUnknownClefIsReported() {
    let (_, diagnostics) = Parse.tune("C\n%%clef nonsense\nD", header: "L:1/4\nK:C")
    #expect(diagnostics.map(\.message) == ["unknown clef 'nonsense' in %%clef"])
  }
}

@Suite struct MergeVoiceParsingTests {
  @Test func mergeIsReadFromHeaderAndBodyVoiceFields() {
    let (tune, diagnostics) = Parse.tune(
      "[V:1] c\n[V:2] A\nV:3 merge\nE", header: "L:1/4\nV:1\nV:2 merge\nK:C")
    #expect(diagnostics.isEmpty)
    #expect(tune?.voices.map(\.mergesWithPrevious) == [false, true, true])
  }
}

/// Cross-staff notes are kept with their voice, where they move; a header `%%staff` is
/// said to mean nothing.
@Suite struct CrossStaffMoveTests {
  @Test func staffMovesAreKeptWhereTheyStand() {
    let (tune, diagnostics) = Parse.tune(
      "B c/[I:staff +1]C/[I:staff -1]G\nK:C staff=2\nC", header: "L:1/8\nK:C")
    #expect(diagnostics.isEmpty)
    let moves = tune?.voices.first?.staffMoves ?? []
    #expect(moves.map(\.target) == [.relative(1), .relative(-1), .absolute(2)])
    #expect(moves.map(\.elementIndex) == [2, 3, 6])
    let (_, header) = Parse.tune("C", header: "L:1/8\n%%staff 2\nK:C")
    #expect(header.contains { $0.message.hasPrefix("staff moves notes to another staff only in the music") })
  }
}
