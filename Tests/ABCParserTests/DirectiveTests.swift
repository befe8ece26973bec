import ScoreModel
import Testing

@testable import ABCParser

@Suite struct DirectiveTests {
  static let wellFormed = [
    "%%scale 0.8", "%%pagewidth 21cm", "%%leftmargin 1.5cm", "%%staffsep 60", "%%topspace 0.5in",
    "%%titlefont Times-Bold 20", "%%gchordfont * 12", "%%setfont-1 Helvetica-Oblique 10",
    "%%landscape", "%%landscape 1", "%%continueall true", "%%barsperstaff 4", "%%measurenb 0",
    "%%writeout-accidentals added", "%%text free text here", "%%MIDI program 1 73",
    "%%someunknowndirective with whatever", "%%deco mydeco 3 dyn 8 0 0 mp", "I:scale 0.7",
    "%%linebreak <EOL> $", "%%linebreak <none>",
  ]

  @Test(arguments: wellFormed)
  func wellFormedAndUnknownDirectivesGiveNoDiagnostic(line: String) {
    let (tune, diagnostics) = Parse.tune("A", header: "\(line)\nK:C")
    #expect(diagnostics.isEmpty, "\(diagnostics)")
    if line.hasPrefix("%%") { #expect(tune?.directives.count == 1) }
  }

  static let malformed = [
    "%%scale 1️⃣big", "%%pagewidth 1️⃣wide", "%%barsperstaff 1️⃣four", "%%landscape 1️⃣maybe",
    "%%titlefont 1️⃣", "%%titlefont 1️⃣Times -3", "%%propagate-accidentals 1️⃣sometimes",
    "%%writeout-accidentals 1️⃣most", "I:linebreak 1️⃣<foo>",
  ]

  @Test(arguments: malformed)
  func malformedValuesOfKnownDirectivesWarnAtTheArgument(line: String) {
    let input = MarkedInput("X:1\n\(line)\nK:C\nA\n")
    let (_, diagnostics) = ABCParser.parse(input.text)
    #expect(diagnostics.map(\.range.start) == [input[1]], "\(diagnostics)")
    #expect(diagnostics.map(\.severity) == [.warning])
  }

  @Test func fileHeaderDirectivesAreKeptAndInherited() {
    let (book, diagnostics) = ABCParser.parse("%%score (1 2)\n%%scale 0.9\nm: ~A = AAA\n\nX:1\nK:C\n~A\n")
    #expect(diagnostics.isEmpty)
    #expect(book.headerDirectives.map(\.name) == ["score", "scale"])
    #expect(book.tunes.first?.staffGroups?.first?.staves == [["1", "2"]])
    #expect(book.tunes.first?.voices.first?.elements.filter { $0.duration > .zero }.count == 3)
  }

  static let lineBreaks: [(String, [String])] = [
    ("I:linebreak $", ["note", "break", "note", "note"]),
    ("I:linebreak <EOL>", ["note", "note", "break", "note", "break"]),
    ("I:linebreak <EOL> $", ["note", "break", "note", "break", "note", "break"]),
    ("I:linebreak !", ["note", "note", "note", "break"]),
    ("I:linebreak <none>", ["note", "note", "note"]),
    ("%%linebreak $ !", ["note", "break", "note", "note", "break"]),
  ]

  @Test(arguments: lineBreaks)
  func lineBreakCombinations(policy: String, kinds: [String]) {
    let elements = Parse.elements("A$B\nC!", header: "L:1/8\n\(policy)\nK:C")
    #expect(elements.map(ScoreDumperProbe.kind) == kinds)
  }

  static let meters: [(String, Meter)] = [
    ("M:(2+3+2)/8", .fraction(numerators: [2, 3, 2], denominator: 8)),
    ("M:2+3+2/8", .fraction(numerators: [2, 3, 2], denominator: 8)), ("M:C|", .cut), ("M:C", .common),
    ("M:none", .none),
  ]

  @Test(arguments: meters)
  func meterForms(field: String, meter: Meter) {
    #expect(Parse.tune("A", header: "\(field)\nK:C").tune?.initialMeter == meter)
  }

  static let tempos: [(String, Tempo)] = [
    ("Q:1/4=120", Tempo(beats: [Rational(1, 4)], beatsPerMinute: 120)),
    ("Q:\"Allegro\" 1/4=120", Tempo(text: "Allegro", beats: [Rational(1, 4)], beatsPerMinute: 120)),
    (
      "Q:1/4 3/8 1/4 3/8=40",
      Tempo(beats: [Rational(1, 4), Rational(3, 8), Rational(1, 4), Rational(3, 8)], beatsPerMinute: 40)
    ),
    ("Q:\"Andante\"", Tempo(text: "Andante")), ("Q:120", Tempo(beatsPerMinute: 120)),
    ("Q:3/8=50 \"ca.\"", Tempo(beats: [Rational(3, 8)], beatsPerMinute: 50, trailingText: "ca.")),
  ]

  @Test(arguments: tempos)
  func tempoForms(field: String, tempo: Tempo) {
    #expect(Parse.tune("A", header: "\(field)\nK:C").tune?.tempo == tempo)
  }

  /// "About this fast", written the ways tune books write it, with no warning.
  @Test(arguments: ["Q:1/4=ca. 120", "Q:ca. 1/4=120", "Q:1/4=c.120", "Q:1/4=circa 120", "Q:1/4=Ca 120"])
  func approximateTempos(field: String) {
    let (tune, diagnostics) = Parse.tune("A", header: "\(field)\nK:C")
    #expect(diagnostics.isEmpty, "\(diagnostics)")
    var expected = Tempo(beats: [Rational(1, 4)], beatsPerMinute: 120)
    expected.isApproximate = true
    #expect(tune?.tempo == expected)
  }
}

/// A `% comment` after a directive's value is not part of it.
@Suite struct DirectiveCommentTests {
  @Test func trailingCommentsAreDropped() {
    let book = Parse.book(
      "X:1\n%%rightmargin 4cm\t% tab comment\n%%leftmargin 2cm % note\n%%text 50% off\nK:C\nC|]\n")
    let directives = book.tunebook.tunes.first?.directives ?? []
    #expect(directives.map(\.arguments) == ["4cm", "2cm", "50% off"])
    #expect(Directive.strippingComment("\"a % b\" % c") == "\"a % b\"")
    #expect(Directive.strippingComment("x \\% y") == "x \\% y")
  }

  @Test func abcm2psPostScriptTablatureIsSaidNotDrawn() {
    let (tune, diagnostics) = Parse.tune("C", header: "%%tablature 70 accordh accordn accordb\nK:C")
    #expect(tune?.tablatures.isEmpty == true)
    #expect(diagnostics.contains { $0.message.hasPrefix("abcm2ps's PostScript tablature") })
  }
}
