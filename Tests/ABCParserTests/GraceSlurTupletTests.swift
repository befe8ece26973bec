import ABCParser
import ScoreModel
import Testing

@Suite struct GraceNoteTests {
  @Test func graceGroupWithLengthsRelativeToTheUnit() {
    let note = Parse.notes("{g2a/}A", header: "L:1/16\nK:C").first
    #expect(note?.graceNotes?.notes.map(\.duration) == [Rational(1, 8), Rational(1, 32)])
    #expect(
      note?.graceNotes?.notes.map { $0.heads[0].pitch } == [
        Pitch(step: .g, octave: 5), Pitch(step: .a, octave: 5),
      ])
    #expect(note?.graceNotes?.isAcciaccatura == false)
    #expect(note?.duration == Rational(1, 16))
  }

  @Test func acciaccaturaAndChordGraces() {
    let note = Parse.notes("{/[ce]}A").first
    #expect(note?.graceNotes?.isAcciaccatura == true)
    #expect(note?.graceNotes?.notes.first?.heads.count == 2)
  }

  @Test func gracesTakeNoTimeAndBrokenRhythmSkipsThem() {
    let notes = Parse.notes("A>{g}B {/a}c")
    #expect(notes.map(\.duration) == [Rational(3, 16), Rational(1, 16), Rational(1, 8)])
    #expect(notes[1].graceNotes?.notes.count == 1)
    #expect(Parse.dump("{ga}A") == "0 note 1/8 A4 {G5 1/8 A5 1/8}\n1/8 break")
  }

  @Test func graceAccidentalsCountForTheBar() {
    let notes = Parse.notes("{^f}f f|f")
    #expect(notes.map { $0.heads[0].soundingAlter } == [1, 1, 0])
  }

  @Test func emptyAndUnterminatedGraces() {
    let input = MarkedInput("X:1\nK:C\n1️⃣{}A 2️⃣{ga\n")
    let (_, diagnostics) = ABCParser.parse(input.text)
    #expect(diagnostics.map(\.range.start) == [input[1], input[2]])
    #expect(diagnostics.map(\.severity) == [.warning, .error])
  }
}

@Suite struct SlurAndTieTests {
  @Test func slursPairByIdAndNest() {
    let notes = Parse.notes("(A (B c) d)")
    #expect(notes[0].slurStarts.map(\.id) == [1])
    #expect(notes[1].slurStarts.map(\.id) == [2])
    #expect(notes[2].slurEnds.map(\.id) == [2])
    #expect(notes[3].slurEnds.map(\.id) == [1])
    #expect(Parse.dump("(AB)") == "0 note 1/8 A4 (1\n1/8 note 1/8 B4 beamed )1\n1/4 break")
  }

  @Test func dottedSlursAndTies() {
    let notes = Parse.notes(".(A.-A) [C.-E-]C")
    #expect(notes[0].slurStarts.first?.isDotted == true)
    #expect(notes[0].heads[0].isTiedToNext && notes[0].heads[0].isTieDotted)
    #expect(notes[1].slurEnds.first?.isDotted == true)
    #expect(notes[2].heads.map(\.isTieDotted) == [true, false])
    #expect(notes[2].heads.map(\.isTiedToNext) == [true, true])
    #expect(notes[0].decorations.isEmpty)
  }

  @Test func slursAcrossLinesAndBars() {
    let notes = Parse.notes("(AB|\ncd)")
    #expect(notes.first?.slurStarts.map(\.id) == [1])
    #expect(notes.last?.slurEnds.map(\.id) == [1])
  }

  @Test func unbalancedSlursWarnWithPositions() {
    let input = MarkedInput("X:1\nK:C\nA1️⃣) 2️⃣(B C\n")
    let (_, diagnostics) = ABCParser.parse(input.text)
    #expect(diagnostics.map(\.range.start) == [input[1], input[2]])
    #expect(diagnostics.map(\.severity) == [.warning, .warning])
  }

  @Test func slursPairWithinEachVoice() {
    let (tune, diagnostics) = Parse.tune("V:1\n(AB\nV:2\n(cd)\nV:1\nc)")
    #expect(diagnostics.isEmpty)
    let lastOfVoice1 = tune?.voices.first?.elements.compactMap {
      if case .note(let n) = $0 { n } else { nil }
    }.last
    #expect(lastOfVoice1?.slurEnds.map(\.id) == [1])
  }

  @Test func slurIntoGraceNotes() {
    let note = Parse.notes("{(AB}c)").first
    #expect(note?.graceNotes?.notes.first?.slurStarts.map(\.id) == [1])
    #expect(note?.slurEnds.map(\.id) == [1])
  }
}

@Suite struct TupletTests {
  @Test func tupletStartAndWrittenDurations() {
    let elements = Parse.elements("(3abc d")
    guard case .tupletStart(let tuplet, _) = elements.first else {
      Issue.record("no tuplet start")
      return
    }
    #expect(tuplet == Tuplet(p: 3, q: 2, r: 3))
    let notes = Parse.notes("(3abc d")
    #expect(notes.map(\.duration) == [Rational(1, 12), Rational(1, 12), Rational(1, 12), Rational(1, 8)])
    #expect(notes.map(\.writtenDuration) == [Rational(1, 8), Rational(1, 8), Rational(1, 8), nil])
    #expect(notes.map(\.displayDuration) == Array(repeating: Rational(1, 8), count: 4))
  }

  static let forms: [(String, String, Tuplet)] = [
    ("(2ab", "M:6/8", Tuplet(p: 2, q: 3, r: 2)), ("(5abcde", "M:6/8", Tuplet(p: 5, q: 3, r: 5)),
    ("(5abcde", "M:4/4", Tuplet(p: 5, q: 2, r: 5)), ("(3:2:4abcd", "M:4/4", Tuplet(p: 3, q: 2, r: 4)),
    ("(3::2ab", "M:4/4", Tuplet(p: 3, q: 2, r: 2)), ("(4abcd", "M:4/4", Tuplet(p: 4, q: 3, r: 4)),
  ]

  @Test(arguments: forms)
  func tupletForms(text: String, meter: String, expected: Tuplet) {
    let elements = Parse.elements(text, header: "\(meter)\nL:1/8\nK:C")
    guard case .tupletStart(let tuplet, _) = elements.first else {
      Issue.record("no tuplet start")
      return
    }
    #expect(tuplet == expected)
  }

  @Test func nestedTupletsMultiplyAndTheOuterCountsTheInnerNotes() {
    // An eighth triplet whose middle eighth is a sixteenth triplet (abcm2ps's counting).
    let parsed = Parse.tune("(3:2:5 c (3d/e/f/ g A2 |", header: "M:2/4\nL:1/8\nK:C")
    #expect(parsed.diagnostics.isEmpty)
    let elements = parsed.tune?.voices.first?.elements ?? []
    let tuplets = elements.compactMap { if case .tupletStart(let t, _) = $0 { t } else { nil } }
    #expect(tuplets == [Tuplet(p: 3, q: 2, r: 5), Tuplet(p: 3, q: 2, r: 3)])
    let notes = elements.compactMap { if case .note(let n) = $0 { n } else { nil } }
    #expect(
      notes.map(\.duration) == [
        Rational(1, 12), Rational(1, 36), Rational(1, 36), Rational(1, 36), Rational(1, 12), Rational(1, 4),
      ])
    #expect(notes.map(\.displayDuration) == [1, 2, 2, 2, 1].map { Rational(1, 8 * $0) } + [Rational(1, 4)])
  }

  @Test func aTupletLongerThanWhatTheOuterHasLeftEndsTheOuterOne() {
    // (3ab then (3cde: the first triplet was miscounted; it ends at b.
    let parsed = Parse.tune("(3ab (3cde f", header: "M:4/4\nL:1/8\nK:C")
    #expect(
      parsed.diagnostics.map(\.message) == [
        "this tuplet of 3 notes starts where the tuplet before has 1 left; that one ends here"
      ])
    let elements = parsed.tune?.voices.first?.elements ?? []
    let tuplets = elements.compactMap { if case .tupletStart(let t, _) = $0 { t } else { nil } }
    #expect(tuplets.map(\.r) == [2, 3])
    let notes = elements.compactMap { if case .note(let n) = $0 { n } else { nil } }
    #expect(notes.map(\.duration) == Array(repeating: Rational(1, 12), count: 5) + [Rational(1, 8)])
  }

  @Test func tupletsNestAtMostFourDeep() {
    let parsed = Parse.tune("(2:1:5 (2:1:4 (2:1:3 (2:1:2 (2 a b c d e f", header: "L:1/8\nK:C")
    #expect(parsed.diagnostics.map(\.message) == ["tuplets nested more than 4 deep; ignored"])
    let notes = Parse.notes("(2:1:5 (2:1:4 (2:1:3 (2:1:2 (2 a b c d e f")
    #expect(notes.map(\.duration).first == Rational(1, 128))
  }

  @Test func restsCountAndBrokenRhythmKeepsTheWrittenLook() {
    let elements = Parse.elements("(3z>ab")
    let rest = elements.compactMap { if case .rest(let r) = $0 { r } else { nil } }.first
    #expect(rest?.duration == Rational(1, 8))
    #expect(rest?.writtenDuration == Rational(3, 16))
  }
}
