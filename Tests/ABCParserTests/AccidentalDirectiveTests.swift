import ABCParser
import ScoreModel
import Testing

/// `%%writeout-accidentals` and `%%propagate-accidentals` (ABC 2.1 §11.3).
@Suite struct AccidentalDirectiveTests {
  @Test func defaults() {
    let tune = Parse.tune("A").tune
    #expect(tune?.accidentalWriteout == AccidentalWriteout.none)
    #expect(tune?.accidentalPropagation == .octave)
  }

  @Test(arguments: [
    ("none", AccidentalWriteout.none), ("added", .added), ("all", .all), ("ALL", .all),
  ])
  func writeoutValues(value: String, expected: AccidentalWriteout) {
    let (tune, diagnostics) = Parse.tune("A", header: "%%writeout-accidentals \(value)\nK:C")
    #expect(diagnostics.isEmpty)
    #expect(tune?.accidentalWriteout == expected)
  }

  @Test func writeoutFromTheFileHeaderAndAsAnInstruction() {
    let (book, _) = ABCParser.parse(
      "%%writeout-accidentals all\n\nX:1\nK:C\nA\n\nX:2\nI:writeout-accidentals added\nK:C\nB\n")
    #expect(book.tunes.map(\.accidentalWriteout) == [.all, .added])
  }

  @Test func badWriteoutValueWarnsAndKeepsTheDefault() {
    let input = MarkedInput("X:1\n%%writeout-accidentals 1️⃣some\nK:C\nA\n")
    let (book, diagnostics) = ABCParser.parse(input.text)
    #expect(diagnostics.map(\.range.start) == [input[1]])
    #expect(diagnostics.first?.message == "%%writeout-accidentals expects one of: none, added, all")
    #expect(book.tunes.first?.accidentalWriteout == AccidentalWriteout.none)
  }

  @Test func writeoutDoesNotChangeTheSound() {
    let plain = Parse.notes("^F f", header: "K:G").map { $0.heads[0].soundingAlter }
    let all = Parse.notes("^F f", header: "%%writeout-accidentals all\nK:G").map { $0.heads[0].soundingAlter }
    #expect(plain == all)
  }

  @Test(arguments: [
    ("not", AccidentalPropagation.not, 0), ("octave", .octave, 0), ("pitch", .pitch, 1),
  ])
  func propagationValues(value: String, expected: AccidentalPropagation, alterOfHighC: Int) {
    let (tune, diagnostics) = Parse.tune("^C c|", header: "%%propagate-accidentals \(value)\nK:C")
    #expect(diagnostics.isEmpty)
    #expect(tune?.accidentalPropagation == expected)
    let notes = tune?.voices.first?.elements.compactMap { if case .note(let note) = $0 { note } else { nil } }
    #expect(notes?.last?.heads[0].soundingAlter == alterOfHighC)
  }

  @Test func badPropagationValueWarns() {
    let input = MarkedInput("X:1\nI:propagate-accidentals 1️⃣bar\nK:C\nA\n")
    let (book, diagnostics) = ABCParser.parse(input.text)
    #expect(diagnostics.map(\.range.start) == [input[1]])
    #expect(diagnostics.first?.message == "%%propagate-accidentals expects one of: not, octave, pitch")
    #expect(book.tunes.first?.accidentalPropagation == .octave)
  }
}
