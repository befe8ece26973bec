import ABCParser
import ScoreModel
import Testing

@Suite struct NoteTests {
  static let pitches: [(String, Step, Int)] = [
    ("C", .c, 4), ("c", .c, 5), ("B", .b, 4), ("b", .b, 5), ("C,", .c, 3), ("C,,", .c, 2),
    ("c'", .c, 6), ("c''", .c, 7), ("G,", .g, 3), ("a'", .a, 6),
  ]

  @Test(arguments: pitches)
  func pitch(text: String, step: Step, octave: Int) {
    let notes = Parse.notes(text)
    #expect(notes.count == 1)
    #expect(notes.first?.heads.first?.pitch == Pitch(step: step, octave: octave))
  }

  @Test func middleCIsMIDI60() {
    #expect(Parse.notes("C").first?.heads.first?.midiKey == 60)
    #expect(Parse.notes("c").first?.heads.first?.midiKey == 72)
  }

  static let accidentals: [(String, Accidental, Int)] = [
    ("^C", .sharp, 1), ("^^C", .doubleSharp, 2), ("_B", .flat, -1), ("__B", .doubleFlat, -2),
    ("=F", .natural, 0),
  ]

  @Test(arguments: accidentals)
  func accidental(text: String, accidental: Accidental, alter: Int) {
    let head = Parse.notes(text, header: "L:1/8\nK:F").first?.heads.first
    #expect(head?.accidental == accidental)
    #expect(head?.soundingAlter == alter)
  }

  static let lengths: [(String, Rational)] = [
    ("A", Rational(1, 8)), ("A2", Rational(1, 4)), ("A/2", Rational(1, 16)), ("A/", Rational(1, 16)),
    ("A//", Rational(1, 32)), ("A3/2", Rational(3, 16)), ("A3/", Rational(3, 16)), ("A4", Rational(1, 2)),
    ("A3", Rational(3, 8)), ("A/4", Rational(1, 32)), ("A16", Rational(2)),
  ]

  @Test(arguments: lengths)
  func length(text: String, duration: Rational) {
    let (tune, diagnostics) = Parse.tune(text)
    #expect(diagnostics.isEmpty)
    #expect(tune?.voices.first?.elements.first?.duration == duration)
  }

  static let brokenRhythms: [(String, [Rational])] = [
    ("A>B", [Rational(3, 16), Rational(1, 16)]),
    ("A<B", [Rational(1, 16), Rational(3, 16)]),
    ("A>>B", [Rational(7, 32), Rational(1, 32)]),
    ("A<<B", [Rational(1, 32), Rational(7, 32)]),
    ("A2>B2", [Rational(3, 8), Rational(1, 8)]),
    ("A > B", [Rational(3, 16), Rational(1, 16)]),
    ("A>B C", [Rational(3, 16), Rational(1, 16), Rational(1, 8)]),
    ("[CE]>z", [Rational(3, 16), Rational(1, 16)]),
  ]

  @Test(arguments: brokenRhythms)
  func brokenRhythm(text: String, durations: [Rational]) {
    let elements = Parse.elements(text).filter { $0.duration > .zero }
    #expect(elements.map(\.duration) == durations)
  }

  @Test func rests() {
    let rests = Parse.rests("z z2 x/2 x")
    #expect(rests.map(\.duration) == [Rational(1, 8), Rational(1, 4), Rational(1, 16), Rational(1, 8)])
    #expect(rests.map(\.isVisible) == [true, true, false, false])
    #expect(rests.allSatisfy { $0.measureCount == nil })
  }

  @Test func multiMeasureRests() {
    let rests = Parse.rests("Z4 | X | Z", header: "M:3/4\nL:1/8\nK:C")
    #expect(rests.map(\.measureCount) == [4, 1, 1])
    #expect(rests.map(\.duration) == [Rational(3), Rational(3, 4), Rational(3, 4)])
    #expect(rests.map(\.isVisible) == [true, false, true])
  }

  @Test func chordTakesFirstInnerLengthTimesOuterLength() {
    let notes = Parse.notes("[CEG] [C2E2]/2 [CE]3 [c'e^g]")
    #expect(notes.map(\.heads.count) == [3, 2, 2, 3])
    #expect(notes.map(\.duration) == [Rational(1, 8), Rational(1, 8), Rational(3, 8), Rational(1, 8)])
    #expect(
      notes[3].heads.map(\.pitch) == [
        Pitch(step: .c, octave: 6), Pitch(step: .e, octave: 5), Pitch(step: .g, octave: 5),
      ])
    #expect(notes[3].heads[2].soundingAlter == 1)
  }

  @Test func ties() {
    let notes = Parse.notes("A2-A [CE]-[CE] c- | c [C-E]")
    #expect(notes[0].heads[0].isTiedToNext)
    #expect(!notes[1].heads[0].isTiedToNext)
    #expect(notes[2].heads.allSatisfy { $0.isTiedToNext })
    #expect(notes[4].heads[0].isTiedToNext)
    #expect(notes[6].heads.map(\.isTiedToNext) == [true, false])
  }

  @Test func beamingFollowsAdjacency() {
    let notes = Parse.notes("ABc d`e`f g|a [CE]G z b \"Am\"B !trill!c {g}d (ef) g>a")
    let beamed = notes.map(\.isBeamedWithPrevious)
    // A B c | d e f | g | a | [CE] G | b | B | c | d | e f | g a
    #expect(
      beamed == [
        false, true, true, false, true, true, false, false, false, true, false, false, false, false, false,
        true, false, true,
      ])
  }

  @Test func beamsBreakAtLineEnds() {
    let notes = Parse.notes("AB\nCD")
    #expect(notes.map(\.isBeamedWithPrevious) == [false, true, false, true])
  }

  static let tuplets: [(String, String, [Rational])] = [
    ("(3abc d", "M:4/4", [Rational(1, 12), Rational(1, 12), Rational(1, 12), Rational(1, 8)]),
    ("(2ab c", "M:6/8", [Rational(3, 16), Rational(3, 16), Rational(1, 8)]),
    ("(5abcde", "M:4/4", Array(repeating: Rational(1, 20), count: 5)),
    ("(5abcde", "M:6/8", Array(repeating: Rational(3, 40), count: 5)),
    ("(3:2:2a2b c", "M:4/4", [Rational(1, 6), Rational(1, 12), Rational(1, 8)]),
    ("(3::2ab c", "M:4/4", [Rational(1, 12), Rational(1, 12), Rational(1, 8)]),
    ("(3 a z [ce]", "M:4/4", [Rational(1, 12), Rational(1, 12), Rational(1, 12)]),
    ("(3a>bc", "M:4/4", [Rational(1, 8), Rational(1, 24), Rational(1, 12)]),
    ("(4abcd", "M:4/4", Array(repeating: Rational(3, 32), count: 4)),
  ]

  @Test(arguments: tuplets)
  func tuplet(text: String, meter: String, durations: [Rational]) {
    let (tune, diagnostics) = Parse.tune(text, header: "\(meter)\nL:1/8\nK:C")
    #expect(diagnostics.isEmpty)
    let elements = tune?.voices.first?.elements.filter { $0.duration > .zero }
    #expect(elements?.map(\.duration) == durations)
  }

  @Test func decorationsAnnotationsGracesAndSlursDoNotBreakNotes() {
    let text = "!trill!A +fermata+B .c ~d He \"Am\"f \"^above\"g {ag}a (bc) .(de) u.A vB !p!!<(!C !<)!D y2 E"
    let (tune, diagnostics) = Parse.tune(text)
    #expect(diagnostics.isEmpty)
    let steps = tune?.voices.first?.elements.compactMap { element -> Step? in
      if case .note(let note) = element { note.heads[0].pitch.step } else { nil }
    }
    #expect(steps == [.a, .b, .c, .d, .e, .f, .g, .a, .b, .c, .d, .e, .a, .b, .c, .d, .e])
  }
}
