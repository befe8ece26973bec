import ABCParser
import ScoreModel
import Testing

@Suite struct HeaderFieldTests {
  static let meters: [(String, Meter)] = [
    ("4/4", .fraction(numerators: [4], denominator: 4)),
    ("6/8", .fraction(numerators: [6], denominator: 8)),
    ("C", .common),
    ("C|", .cut),
    ("none", .none),
    ("", .none),
    ("2+3/8", .fraction(numerators: [2, 3], denominator: 8)),
    ("(2+3+2)/8", .fraction(numerators: [2, 3, 2], denominator: 8)),
    ("2", .numeral(2)),  // Early music: a lone number, counted in minims (abcm2ps).
    ("3", .numeral(3)),
  ]

  @Test func numeralMeterCountsInMinims() {
    #expect(Meter.numeral(3).barLength == Rational(3, 2))
    #expect(Meter.numeral(2).terms?.denominator == 2)
    #expect(
      Parse.tune("", header: "M:2+3\nK:C").diagnostics.map(\.message) == [
        "meter '2+3' has no denominator; ignored"
      ])
  }

  @Test(arguments: meters)
  func meter(value: String, expected: Meter) {
    let (tune, diagnostics) = Parse.tune("", header: "M:\(value)\nK:C")
    #expect(diagnostics.isEmpty)
    #expect(tune?.initialMeter == expected)
  }

  static let unitLengths: [(String, String, Rational)] = [
    ("", "M:4/4", Rational(1, 8)),
    ("", "M:3/4", Rational(1, 8)),
    ("", "M:2/4", Rational(1, 16)),
    ("", "M:none", Rational(1, 8)),
    ("", "M:C|", Rational(1, 8)),
    ("L:1/4", "M:2/4", Rational(1, 4)),
    ("L:1", "", Rational(1)),
    ("L:1/16", "", Rational(1, 16)),
  ]

  @Test(arguments: unitLengths)
  func unitNoteLength(field: String, meter: String, expected: Rational) {
    let header = [field, meter, "K:C"].filter { !$0.isEmpty }.joined(separator: "\n")
    let (tune, diagnostics) = Parse.tune("C", header: header)
    #expect(diagnostics.isEmpty)
    #expect(tune?.unitNoteLength == expected)
    #expect(tune?.voices.first?.elements.first?.duration == expected)
  }

  @Test func badUnitLengthIsAnErrorAndKeepsTheDefault() {
    let input = MarkedInput("X:1\nL:1️⃣1/x\nK:C\nC\n")
    let (book, diagnostics) = Parse.book(input.text)
    #expect(Parse.locations(diagnostics, severity: .error) == [input[1]])
    #expect(book.tunes.first?.unitNoteLength == Rational(1, 8))
  }

  static let tempos: [(String, Tempo)] = [
    ("1/4=120", Tempo(beats: [Rational(1, 4)], beatsPerMinute: 120)),
    ("\"Allegro\" 1/4=120", Tempo(text: "Allegro", beats: [Rational(1, 4)], beatsPerMinute: 120)),
    ("120", Tempo(beatsPerMinute: 120)),
    ("3/8=60", Tempo(beats: [Rational(3, 8)], beatsPerMinute: 60)),
    (
      "1/4 3/8 1/4 3/8=40",
      Tempo(beats: [Rational(1, 4), Rational(3, 8), Rational(1, 4), Rational(3, 8)], beatsPerMinute: 40)
    ),
    ("\"Slowly\"", Tempo(text: "Slowly")),
    ("1/2=60 \"ca.\"", Tempo(beats: [Rational(1, 2)], beatsPerMinute: 60, trailingText: "ca.")),
  ]

  @Test(arguments: tempos)
  func tempo(value: String, expected: Tempo) {
    let (tune, diagnostics) = Parse.tune("", header: "Q:\(value)\nK:C")
    #expect(diagnostics.isEmpty)
    #expect(tune?.tempo == expected)
  }

  @Test func unknownFieldLetterIsAWarning() {
    let input = MarkedInput("X:1\n1️⃣J:what\nK:C\n")
    let (book, diagnostics) = Parse.book(input.text)
    #expect(diagnostics.map(\.severity) == [.warning])
    #expect(Parse.locations(diagnostics) == [input[1]])
    #expect(book.tunes.first?.metadata.fields.map(\.label).contains("J") == true)
  }

  @Test func badReferenceNumber() {
    let input = MarkedInput("X:1️⃣abc\nK:C\n")
    let (book, diagnostics) = Parse.book(input.text)
    #expect(Parse.locations(diagnostics, severity: .error) == [input[1]])
    #expect(book.tunes.count == 1)
  }

  @Test func missingKeyIsAWarningAndCMajorIsAssumed() {
    let input = MarkedInput("1️⃣X:1\nT:No key\n")
    let (book, diagnostics) = Parse.book(input.text)
    #expect(diagnostics.map(\.severity) == [.warning])
    #expect(Parse.locations(diagnostics) == [input[1]])
    #expect(book.tunes.first?.initialKey == .cMajor)
  }

  @Test func musicBeforeTheKeyIsAnErrorButParsingGoesOn() {
    let input = MarkedInput("X:1\nT:t\n1️⃣CDE|\nK:G\nF\n")
    let (book, diagnostics) = Parse.book(input.text)
    #expect(diagnostics.map(\.severity) == [.error])
    #expect(Parse.locations(diagnostics) == [input[1]])
    let elements = book.tunes.first?.voices.first?.elements ?? []
    // C D E, bar, break, key change, F (sharp in G), break.
    #expect(elements.count == 8)
    if case .keyChange(let key, _) = elements[5] {
      #expect(key.fifths == 1)
    } else {
      Issue.record("expected a key change, got \(elements[5])")
    }
    if case .note(let note) = elements[6] {
      #expect(note.heads[0].soundingAlter == 1)
    } else {
      Issue.record("expected a note")
    }
  }

  @Test func voiceFieldNamesTheOnlyVoice() {
    let (tune, diagnostics) = Parse.tune("V:T1\nCDE", header: "V:T1 name=\"Tenor 1\" clef=bass\nK:C")
    #expect(diagnostics.isEmpty)
    #expect(tune?.voices.count == 1)
    #expect(tune?.voices.first?.id == "T1")
    #expect(tune?.voices.first?.name == "Tenor 1")
    #expect(tune?.voices.first?.clef == .bass)
  }

  @Test func eachVoiceIsItsOwnVoiceInOrderOfAppearance() {
    let (book, diagnostics) = Parse.book("X:1\nK:C\nV:1\nCDE|\nV:2\nEFG|\nV:1\nc\n")
    #expect(diagnostics.isEmpty)
    let voices = book.tunes.first?.voices ?? []
    #expect(voices.map(\.id) == ["1", "2"])
    #expect(voices.map { $0.elements.filter { $0.duration > .zero }.count } == [4, 3])
  }
}

@Suite struct TempoPlacementTests {
  @Test func bodyTempoDoesNotReplaceTheHeaderTempo() {
    let (tune, _) = Parse.tune("A\nQ:1/4=60\nB", header: "Q:1/4=120\nK:C")
    #expect(tune?.tempo?.beatsPerMinute == 120)
  }
}
