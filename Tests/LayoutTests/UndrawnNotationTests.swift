import ABCParser
import Layout
import ScoreModel
import Testing

/// Notation the engraver reads but does not draw is reported, once per kind and tune.
@Suite struct UndrawnNotationTests {
  func warnings(_ body: String, header: String = "L:1/8\nK:C") -> [Diagnostic] {
    let parsed = ABCParser.parse("X:1\n\(header)\n\(body)\n")
    guard let tune = parsed.tunebook.tunes.first else { return [] }
    return UndrawnNotation.warnings(for: tune, file: "t.abc")
  }

  @Test func eachUndrawnDecorationIsReportedOnceAtItsFirstPlace() {
    let found = warnings("C!gmark!c C!gmark!c !slap!D|!trill!E")
    #expect(
      found.map(\.message) == [
        "'!gmark!' is not drawn yet (1 more in this tune)", "'!slap!' is not drawn yet",
      ])
    #expect(found.map { "\($0.range.start.line):\($0.range.start.column)" } == ["4:2", "4:21"])
    #expect(found.allSatisfy { $0.severity == .warning && $0.file == "t.abc" })
  }

  @Test func drawnAndUnknownDecorationsAreNotReportedHere() {
    // !trill!, staccato and tremolos are drawn; !Segno! is unknown, which the parser
    // reports itself.
    #expect(warnings("!trill!C .D !Segno!E !/!F G!trem1!A !head-triangle!B !beamon!|c").isEmpty)
  }

  @Test func headsNoOneCanDrawAreReported() {
    let found = warnings("V:1 style=blob\nC D", header: "L:1/8\n%%map m C heads=star\nK:C")
    #expect(
      found.map(\.message) == [
        "the note head 'star' (%%map) is not drawn yet", "the note head style 'blob' is not drawn yet",
      ])
  }
}
