import ABCParser
import ScoreModel
import Testing

@Suite struct InlineAndBodyFieldTests {
  @Test func inlineTempoPartTitleAndRemarks() {
    let dump = Parse.dump("A[Q:\"Presto\" 1/4=160][P:B][r:remark][I:linebreak $]B\nT:Trio\nP:C\nQ:1/2=60\nc")
    let expected = """
      0 note 1/8 A4
      1/8 tempo "Presto" 1/4=160
      1/8 part B
      1/8 note 1/8 B4
      1/4 title Trio
      1/4 part C
      1/4 tempo 1/2=60
      1/4 note 1/8 C5
      """
    #expect(dump == expected)
  }

  @Test func inlineVoiceSwitchMidLine() {
    let (tune, _) = Parse.tune("[V:1]AB [V:2]cd|")
    #expect(tune?.voices.map { $0.elements.filter { $0.duration > .zero }.count } == [2, 2])
  }

  @Test func partsPlayOrderIsValidated() {
    for good in ["P:ABAB", "P:A2B", "P:(AB)3", "P:A.B.C", "P:((AB)2C)2"] {
      #expect(Parse.tune("A", header: "\(good)\nK:C").diagnostics.isEmpty, "\(good)")
    }
    let input = MarkedInput("X:1\nP:A(B1️⃣?)\nK:C\nA\n")
    let unclosed = MarkedInput("X:1\nP:1️⃣(AB\nK:C\nA\n")
    let stray = MarkedInput("X:1\nP:AB1️⃣)\nK:C\nA\n")
    #expect(ABCParser.parse(unclosed.text).diagnostics.map(\.range.start) == [unclosed[1]])
    #expect(ABCParser.parse(stray.text).diagnostics.map(\.range.start) == [stray[1]])
    let (book, bad) = ABCParser.parse(input.text)
    #expect(bad.map(\.range.start) == [input[1]])
    #expect(bad.map(\.severity) == [.warning])
    #expect(book.tunes.first?.metadata.parts == "A(B?)")
  }

  @Test func staticAndTransposingMacros() {
    let header = "L:1/8\nm: ~G3 = G{A}G{F}G\nm: ~n2 = (3o/n/m/ n\nK:C"
    let notes = Parse.notes("~G3 ~c2", header: header)
    #expect(notes.map { $0.heads[0].pitch.description } == ["G4", "G4", "G4", "D5", "C5", "B4", "C5"])
    #expect(notes[1].graceNotes?.notes.first?.heads[0].pitch == Pitch(step: .a, octave: 4))
    #expect(Parse.tune("~G3", header: header).diagnostics.isEmpty)
  }

  @Test func columnsOnAMacroLinePointAtTheWrittenText() {
    // The macro's four notes come from `~G3` (columns 1–4); what follows keeps its written
    // columns although the expanded line is longer.
    let input = MarkedInput("X:1\nL:1/8\nm: ~G3 = G{A}G{F}G\nK:C\n1️⃣~G3 2️⃣A 3️⃣4 B4️⃣|\n")
    let (book, diagnostics) = ABCParser.parse(input.text)
    #expect(diagnostics.map(\.range.start) == [input[3]])
    #expect(diagnostics.map(\.range.end.column) == [input[3].column + 1])
    let elements = book.tunes.first?.voices.first?.elements ?? []
    let notes = elements.compactMap { if case .note(let note) = $0 { note } else { nil } }
    #expect(notes.count == 5)
    #expect(
      notes.prefix(3).allSatisfy { $0.range.start == input[1] && $0.range.end.column == input[1].column + 3 })
    #expect(notes[3].range.start == input[2])
    let bar = elements.compactMap { if case .bar(let bar) = $0 { bar } else { nil } }.first
    #expect(bar?.range.start == input[4])
  }

  @Test func macroInsideAStringIsNotExpanded() {
    let notes = Parse.notes("\"~G3\"A", header: "L:1/8\nm: ~G3 = GGG\nK:C")
    #expect(notes.count == 1)
    #expect(notes.first?.annotations.first?.text == "~G3")
  }

  static let propagation: [(String, [Int])] = [
    ("", [1, 1, 0]), ("%%propagate-accidentals octave\n", [1, 1, 0]),
    ("%%propagate-accidentals pitch\n", [1, 1, 1]), ("%%propagate-accidentals not\n", [1, 0, 0]),
  ]

  @Test(arguments: propagation)
  func propagateAccidentals(directive: String, alters: [Int]) {
    let notes = Parse.notes("^c c C", header: "\(directive)L:1/8\nK:C")
    #expect(notes.map { $0.heads[0].soundingAlter } == alters)
  }

  @Test func highlandPipesSoundSharpWithoutASignature() {
    let (tune, _) = Parse.tune("f c g", header: "K:HP")
    #expect(tune?.initialKey.writtenAccidentals.isEmpty == true)
    let alters = tune?.voices.first?.elements.compactMap {
      if case .note(let n) = $0 { n.heads[0].soundingAlter } else { nil }
    }
    #expect(alters == [1, 1, 0])
    let (pipes, _) = Parse.tune("f g", header: "K:Hp")
    #expect(pipes?.initialKey.writtenAccidentals.map(\.step) == [.f, .c])
  }

  static let clefs: [(String, Clef)] = [
    ("treble", .treble), ("alto", .alto), ("tenor", .tenor), ("bass", .bass),
    ("perc", Clef(shape: .percussion)),
    ("none", Clef(shape: .none)), ("bass3", Clef(shape: .bass, line: 3)),
    ("alto1", Clef(shape: .alto, line: 1)),
    ("alto2", Clef(shape: .alto, line: 2)), ("treble+8", Clef(shape: .treble, octaveShift: 1)),
    ("treble-8", Clef(shape: .treble, octaveShift: -1)), ("clef=bass-8", Clef(shape: .bass, octaveShift: -1)),
  ]

  @Test(arguments: clefs)
  func everyClef(text: String, clef: Clef) {
    #expect(Parse.tune("A", header: "K:C \(text)").tune?.voices.first?.clef == clef)
    #expect(Parse.tune("A", header: "V:1 \(text)\nK:C").tune?.voices.first?.clef == clef)
  }

  @Test func keyStaffParameters() {
    let (tune, diagnostics) = Parse.tune("c", header: "K:C clef=bass octave=1 transpose=2 stafflines=1")
    #expect(diagnostics.isEmpty)
    #expect(tune?.voices.first?.transpose == 2)
    #expect(tune?.voices.first?.staffLines == 1)
    let pitch = tune?.voices.first?.elements.compactMap {
      if case .note(let n) = $0 { n.heads[0].pitch } else { nil }
    }.first
    #expect(pitch == Pitch(step: .c, octave: 6))
  }
}
