import ABCParser
import ScoreModel
import Testing

@Suite struct DecorationTests {
  static let names: [(String, String)] = [
    ("!trill!", "trill"), ("!>!", "accent"), ("!emphasis!", "accent"), ("!accent!", "accent"),
    ("!<(!", "crescendo("), ("!<)!", "crescendo)"), ("!>(!", "diminuendo("), ("!>)!", "diminuendo)"),
    ("!+!", "plus"), ("!fermata!", "fermata"), ("!D.S.!", "D.S."), ("!3!", "3"), ("!pppp!", "pppp"),
    ("!sfz!", "sfz"), ("!invertedturnx!", "invertedturnx"), ("!longphrase!", "longphrase"),
    ("+trill+", "trill"), ("+<(+", "crescendo("),
  ]

  @Test(arguments: names)
  func bangAndPlusNamesAreCanonical(text: String, name: String) {
    let (tune, diagnostics) = Parse.tune(text + "A")
    #expect(diagnostics.isEmpty)
    let note = Parse.notes(text + "A").first
    #expect(note?.decorations.map(\.name) == [name])
    #expect(tune?.voices.count == 1)
  }

  static let shortcuts: [(String, String)] = [
    (".", "staccato"), ("~", "roll"), ("H", "fermata"), ("L", "accent"), ("M", "lowermordent"),
    ("O", "coda"), ("P", "uppermordent"), ("S", "segno"), ("T", "trill"), ("u", "upbow"), ("v", "downbow"),
  ]

  @Test(arguments: shortcuts)
  func shortcutsResolveToNames(text: String, name: String) {
    #expect(Parse.notes(text + "c").first?.decorations.map(\.name) == [name])
  }

  @Test func severalDecorationsStackInOrderWithRanges() {
    let note = Parse.notes("!p!.~T!fermata!A").first
    #expect(note?.decorations.map(\.name) == ["p", "staccato", "roll", "trill", "fermata"])
    #expect(note?.decorations.first?.range.start == SourceLocation(line: 4, column: 1))
    #expect(note?.decorations.first?.range.end == SourceLocation(line: 4, column: 4))
  }

  @Test func userSymbolsRedefineAndUnassign() {
    let header = "L:1/8\nU:T = !upbow!\nU:w = !fermata!\nU:W = \"^tutti\"\nU:~ = !nil!\nK:C"
    let notes = Parse.notes("TA wB WC ~D", header: header)
    #expect(notes.map { $0.decorations.map(\.name) } == [["upbow"], ["fermata"], [], []])
    #expect(notes[2].annotations.map(\.text) == ["tutti"])
    #expect(notes[2].annotations.first?.placement == .above)
    #expect(Parse.tune("TA", header: header).diagnostics.isEmpty)
  }

  @Test func inlineAndBodyUserSymbols() {
    let notes = Parse.notes("[U:h = !trill!]hA\nU:h = +fermata+\nhB")
    #expect(notes.map { $0.decorations.map(\.name) } == [["trill"], ["fermata"]])
  }

  @Test func badUserSymbolIsReported() {
    let input = MarkedInput("X:1\nU:1️⃣A = !trill!\nK:C\nA\n")
    let (_, diagnostics) = ABCParser.parse(input.text)
    #expect(diagnostics.map(\.range.start) == [input[1]])
    #expect(diagnostics.map(\.severity) == [.warning])
  }

  @Test func decorationDialectInstruction() {
    let (tune, diagnostics) = Parse.tune("+trill+A !p!B", header: "L:1/8\nI:decoration +\nK:C")
    #expect(diagnostics.isEmpty)
    let notes = tune?.voices.first?.elements.compactMap { if case .note(let n) = $0 { n } else { nil } }
    #expect(notes?.map { $0.decorations.map(\.name) } == [["trill"], ["p"]])
  }

  @Test func decorationsOnChordsRestsBarsAndSpacers() {
    let elements = Parse.elements("!f![CEG] !fermata!z !segno!\"^Fine\"| !breath!y A")
    guard elements.count >= 5, case .note(let chord) = elements[0], case .rest(let rest) = elements[1],
      case .bar(let bar) = elements[2], case .spacer(let spacer) = elements[3]
    else {
      Issue.record("unexpected elements \(elements.map(ScoreDumperProbe.kind))")
      return
    }
    #expect(chord.decorations.map(\.name) == ["f"])
    #expect(rest.decorations.map(\.name) == ["fermata"])
    #expect(bar.decorations.map(\.name) == ["segno"])
    #expect(bar.annotations.map(\.text) == ["Fine"])
    #expect(spacer.decorations.map(\.name) == ["breath"])
  }

  @Test func decorationsInsideAChordBelongToIt() {
    let note = Parse.notes("[!marcato!C\"Am\"E.G]").first
    #expect(note?.decorations.map(\.name) == ["marcato", "staccato"])
    #expect(note?.annotations.first?.placement == .chordSymbol)
    #expect(note?.heads.count == 3)
  }

  @Test func unknownDecorationIsAWarningOncePerTune() {
    let input = MarkedInput("X:1\nK:C\n1️⃣!wibble!A !wibble!B\n")
    let (book, diagnostics) = ABCParser.parse(input.text)
    #expect(diagnostics.map(\.range.start) == [input[1]])
    #expect(diagnostics.map(\.severity) == [.warning])
    #expect(diagnostics.first?.message == "unknown decoration '!wibble!'; it is not drawn")
    #expect(book.tunes.first?.voices.first?.elements.count == 3)
  }

  @Test func aMisspeltDecorationIsGivenTheNameMeant() {
    let (_, diagnostics) = ABCParser.parse("X:1\nK:C\n!trilll!A +fermatta+B !uppermordent!c\n")
    #expect(
      diagnostics.map(\.message) == [
        "unknown decoration '!trilll!'; did you mean '!trill!'?",
        "unknown decoration '!fermatta!'; did you mean '!fermata!'?",
      ])
    // A name the file defines is known.
    let (_, defined) = ABCParser.parse("X:1\n%%deco trilll 3 dsh 0 0 0\nK:C\n!trilll!A\n")
    #expect(!defined.contains { $0.message.contains("unknown decoration") })
  }

  @Test func undefinedLowercaseSymbolWarnsOnce() {
    let input = MarkedInput("X:1\nK:C\n1️⃣kA kB\n")
    let (_, diagnostics) = ABCParser.parse(input.text)
    #expect(diagnostics.map(\.range.start) == [input[1]])
    #expect(diagnostics.map(\.severity) == [.warning])
  }

  @Test func symbolLinesLineUpLikeLyrics() {
    let notes = Parse.notes("A B z C | D E\ns: !p! * \"^x\" | T")
    #expect(notes.map { $0.decorations.map(\.name) } == [["p"], [], [], ["trill"], []])
    #expect(notes[2].annotations.map(\.text) == ["x"])
    #expect(Parse.tune("A B z C | D E\ns: !p! * \"^x\" | T").diagnostics.isEmpty)
  }

  @Test func symbolLineWithTooManySymbolsWarns() {
    let input = MarkedInput("X:1\nK:C\nA\ns: !p! 1️⃣!f!\n")
    let (_, diagnostics) = ABCParser.parse(input.text)
    #expect(diagnostics.map(\.range.start) == [input[1]])
  }

  @Test func dumpShowsDecorationsAndTexts() {
    #expect(Parse.dump("!trill!\"Am\"\"_low\"A") == "0 note 1/8 A4 !trill! \"Am\" \"_low\"\n1/8 break")
  }
}
