import ScoreModel
import Testing

@testable import MIDIExport

@Suite struct PlaybackTests {
  let builder = PerformanceBuilder()

  @Test func simpleRepeatPlaysTwice() throws {
    let tune = try #require(Make.parse("|:C D:|E F|"))
    #expect(builder.build(tune).keys == [60, 62, 60, 62, 64, 65])
  }

  @Test func repeatWithoutStartGoesBackToTheStartThenToThePreviousRepeat() throws {
    let tune = try #require(Make.parse("C D :| E F :| G|"))
    #expect(builder.build(tune).keys == [60, 62, 60, 62, 64, 65, 64, 65, 67])
  }

  @Test func doubleColonEndsOneSectionAndStartsAnother() throws {
    let tune = try #require(Make.parse("|:C:: D:|"))
    #expect(builder.build(tune).keys == [60, 60, 62, 62])
  }

  @Test func tripleRepeatPlaysThreeTimes() throws {
    let tune = try #require(Make.parse("|::C D::|E|"))
    #expect(builder.build(tune).keys == [60, 62, 60, 62, 60, 62, 64])
    let endOnly = try #require(Make.parse("C ::| D|"))
    #expect(builder.build(endOnly).keys == [60, 60, 60, 62])
  }

  @Test func fourColonsRepeatBothSectionsThreeTimes() throws {
    let tune = try #require(Make.parse("|:C:::: D::|"))
    #expect(builder.build(tune).keys == [60, 60, 60, 62, 62, 62])
  }

  @Test func firstAndSecondEndings() throws {
    let tune = try #require(Make.parse("|:C D|1 E:|2 F|]"))
    #expect(builder.build(tune).keys == [60, 62, 64, 60, 62, 65])
  }

  @Test func variantEndingListsGiveThreePasses() throws {
    let tune = try #require(Make.parse("|:C|[1,3 D:|[2 E:|"))
    #expect(builder.build(tune).keys == [60, 62, 60, 64, 60, 62])
  }

  /// ABC 2.1 §4.8–4.9, as a new user writes them: each with its hand-written play order.
  static let repeatSweep: [(abc: String, played: String)] = [
    // Endings after a section without `|:`: the commonest folk layout.
    ("C D E F :|\nG A B c |1 d e f g :|2 c B A G |]", "CDEF CDEF GABc defg GABc cBAG"),
    // A `:|` with no `|:` goes back to the latest double bar, whether or not it closed an ending.
    ("C4 :| D4 || E4 :| F4 |]", "C C D E E F"),
    ("|: C4 |1 D4 :|2 E4 || F4 || G4 |1 A4 :|2 B4 |]", "C D C E F G A G B"),
    // A double bar inside a section opened by `|:` does not move its start.
    ("|: C4 || D4 :| E4 |]", "C D C D E"),
    // `::` ends one section and opens the next; endings on both.
    ("|: C |1 D :|2 E :: F |1 G :|2 A |]", "C D C E F G F A"),
    // Endings across a line break, and `[1` / `[2` with a space.
    ("|: C D |1 E F :|\n|2 G A |]", "C D E F C D G A"),
    ("|: C [1 D :| [2 E |]", "C D C E"),
    // Three passes: `[1,3`, `|1-2` ranges.
    ("|: C |1,3 D :|2 E :|", "C D C E C D"),
    ("|: C |1-2 D :|3 E |]", "C D C D C E"),
    // `A :| B :|` plays each twice; a trailing section after the last repeat once.
    ("C :| D :| E |]", "C C D D E"),
    // An ending group closed by `||`, then plain music.
    ("|: C |1 D :|2 E || F |]", "C D C E F"),
    // Endings straight after a `:|` whose section had none: the next section's, its body
    // empty (abc2midi plays the same).
    ("C D E F :| [1 G A B c :|[2 c B A G |]", "CDEF CDEF GABc cBAG"),
    ("|: C :| [1 D :| [2 E |]", "C C D E"),
  ]

  @Test(arguments: repeatSweep)
  func repeatsAndEndingsPlayAsTheStandardSays(abc: String, played: String) throws {
    let tune = try #require(Make.parse(abc))
    let names = [
      "C": 60, "D": 62, "E": 64, "F": 65, "G": 67, "A": 69, "B": 71, "c": 72, "d": 74, "e": 76, "f": 77,
      "g": 79,
    ]
    let expected = played.compactMap { names[String($0)] }
    #expect(builder.build(tune).keys == expected, "\(abc)")
  }

  @Test func partsPlayTheirRepeats() throws {
    let tune = try #require(Make.parse("P:A\n|: C :|\nP:B\nD :| E |]", header: "M:4/4\nL:1/4\nP:BA\nK:C\n"))
    // Part B first: its `:|` goes back to the part's start, not into part A.
    #expect(builder.build(tune).keys == [62, 62, 64, 60, 60])
  }

  @Test func endingRangeLabel() {
    let voice = Voice(elements: [
      Make.bar(start: true), Make.note(.c), Make.bar(ending: "1-3"), Make.note(.d), Make.bar(end: true),
      Make.bar(ending: "4"), Make.note(.e), Make.bar(.thinThick),
    ])
    #expect(builder.build(Make.tune([voice])).keys == [60, 62, 60, 62, 60, 62, 60, 64])
    #expect(EndingLabel("1-3,5")?.passes == [1, 2, 3, 5])
    #expect(EndingLabel("x") == nil)
  }

  @Test func onsetsAreExactAcrossRepeats() throws {
    let tune = try #require(Make.parse("|:C2 D:|"))
    let notes = try #require(builder.build(tune).tracks.first?.notes)
    #expect(notes.map(\.onset) == [.zero, Rational(1, 2), Rational(3, 4), Rational(5, 4)])
    #expect(builder.build(tune).length == Rational(3, 2))
  }

  @Test func tiesAcrossBarsMergeIntoOneNote() throws {
    let tune = try #require(Make.parse("C2 D2-|D2 E2|"))
    #expect(builder.build(tune).melody == ["60@0+1/2", "62@1/2+1", "64@3/2+1/2"])
  }

  @Test func tieIntoARepeatedSectionIsSilentOnTheRepeatAsInAbc2midi() throws {
    let tune = try #require(Make.parse("G A-|:A B:|"))
    // Pass 1: A tied into A (one note); pass 2: the tied-into A stays silent, B sounds.
    #expect(builder.build(tune).melody == ["67@0+1/4", "69@1/4+1/2", "71@3/4+1/4", "71@5/4+1/4"])
  }

  @Test func chordsSoundEveryHeadOnce() throws {
    let tune = try #require(Make.parse("[CEG]2 [cc]|"))
    let notes = try #require(builder.build(tune).tracks.first?.notes)
    #expect(notes.map(\.key) == [60, 64, 67, 72])
    #expect(notes.prefix(3).allSatisfy { $0.onset == .zero && $0.duration == Rational(1, 2) })
  }

  @Test func tupletsAndBrokenRhythmKeepExactTime() throws {
    let tune = try #require(Make.parse("(3CDE F>G|", header: "M:2/4\nL:1/8\nK:C\n"))
    #expect(
      builder.build(tune).melody == [
        "60@0+1/12", "62@1/12+1/12", "64@1/6+1/12", "65@1/4+3/16", "67@7/16+1/16",
      ])
  }

  @Test func graceNotesTakeAQuarterOfTheirLengthFromTheFollowingNote() {
    let graced = Make.note([(.a, 4, 0)], Rational(1, 4), grace: [Make.graceNote(.g), Make.graceNote(.a)])
    let tune = Make.tune([Voice(elements: [graced, Make.note(.b)])])
    #expect(builder.build(tune).melody == ["79@0+1/32", "81@1/32+1/32", "69@1/16+3/16", "71@1/4+1/4"])
  }

  @Test func graceNotesLongerThanTheirNoteAreDropped() {
    let graces = (0..<4).map { _ in Make.graceNote(.g) }
    let tune = Make.tune([Voice(elements: [Make.note([(.a, 4, 0)], Rational(1, 8), grace: graces)])])
    #expect(builder.build(tune).melody == ["69@0+1/8"])
    var options = PlaybackOptions()
    options.playsGraceNotes = false
    let graced = Make.note([(.a, 4, 0)], Rational(1, 4), grace: [Make.graceNote(.g)])
    #expect(PerformanceBuilder(options: options).build(Make.tune([Voice(elements: [graced])])).keys == [69])
  }

  @Test func staccatoSoundsForHalfItsLength() {
    guard case .note(var note) = Make.note(.c) else { return }
    note.decorations = [Decoration(name: "staccato", range: Make.here)]
    let tune = Make.tune([Voice(elements: [.note(note), Make.note(.d)])])
    #expect(builder.build(tune).melody == ["60@0+1/8", "62@1/4+1/4"])
  }

  @Test func tempoFromHeaderAndBodyChanges() {
    var tune = Make.tune([
      Voice(elements: [
        Make.note(.c, 4, Rational(1, 2)),
        .tempoChange(Tempo(beats: [Rational(3, 8)], beatsPerMinute: 40), Make.here),
        Make.note(.d),
      ])
    ])
    #expect(
      builder.build(tune).tempos == [
        TempoPoint(onset: .zero, quarterNotesPerMinute: Rational(120)),
        TempoPoint(onset: Rational(1, 2), quarterNotesPerMinute: Rational(60)),
      ])
    tune.tempo = Tempo(beats: [Rational(1, 4)], beatsPerMinute: 100)
    let tempos = builder.build(tune).tempos
    #expect(tempos.map(\.quarterNotesPerMinute) == [Rational(100), Rational(60)])
    #expect(tempos.map(\.onset) == [.zero, Rational(1, 2)])
    #expect(tempos.map(\.microsecondsPerQuarter) == [600_000, 1_000_000])
  }

  @Test func headerPartOrderPlaysBodyParts() {
    let voice = Voice(elements: [
      .partLabel("A", Make.here), Make.note(.c), Make.bar(end: true),
      .partLabel("B", Make.here), Make.note(.d), Make.bar(.thinThick),
    ])
    #expect(builder.build(Make.tune([voice], parts: "A2B")).keys == [60, 60, 60, 60, 62])
    #expect(builder.build(Make.tune([voice], parts: "(AB)3")).keys == [60, 60, 62, 60, 60, 62, 60, 60, 62])
    #expect(builder.build(Make.tune([voice], parts: "B.A")).keys == [62, 60, 60])
    #expect(builder.build(Make.tune([voice])).keys == [60, 60, 62])
  }

  @Test func partOrderGrammar() {
    #expect(PartOrder.parse("A2B") == ["A", "A", "B"])
    #expect(PartOrder.parse("(AB)3") == ["A", "B", "A", "B", "A", "B"])
    #expect(PartOrder.parse("A.(B.C)2 D") == ["A", "B", "C", "B", "C", "D"])
    #expect(PartOrder.parse("((AB)2C)2").count == 10)
    #expect(PartOrder.parse("").isEmpty)
  }

  @Test func everyVoiceGetsItsOwnTrack() {
    var second = Voice(id: "2", elements: [Make.note(.c, 3, Rational(1, 2)), Make.bar()])
    second.transpose = -12
    let tune = Make.tune([Voice(id: "1", elements: [Make.note(.e), Make.note(.f), Make.bar()]), second])
    let performance = builder.build(tune)
    #expect(performance.tracks.map(\.voiceID) == ["1", "2"])
    #expect(performance.tracks[1].notes.map(\.key) == [48])
    #expect(performance.tracks[1].transpose == -12)
    #expect(performance.length == Rational(1, 2))
  }

  @Test func velocitiesFollowTheBeat() throws {
    let tune = try #require(Make.parse("C D E F|"))
    #expect(builder.build(tune).tracks.first?.notes.map(\.velocity) == [105, 80, 95, 80])
  }
}
