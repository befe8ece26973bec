import ABCParser
import ScoreModel
import Testing

@Suite struct AnnotationTests {
  static let placements: [(String, String, TextPlacement)] = [
    ("\"Am7\"", "Am7", .chordSymbol), ("\"C/E\"", "C/E", .chordSymbol), ("\"G(Em)\"", "G(Em)", .chordSymbol),
    ("\"^above\"", "above", .above), ("\"_below\"", "below", .below), ("\"<left\"", "left", .left),
    ("\">right\"", "right", .right), ("\"@-5,10 free\"", "free", .free(x: -5, y: 10)),
    ("\"@text\"", "text", .free(x: 0, y: 0)), ("\"B♭\"", "B♭", .chordSymbol),
  ]

  @Test(arguments: placements)
  func placementFromFirstCharacter(text: String, expected: String, placement: TextPlacement) {
    let annotation = Parse.notes(text + "A").first?.annotations.first
    #expect(annotation?.text == expected)
    #expect(annotation?.placement == placement)
  }

  @Test func annotationsStackInWrittenOrder() {
    let note = Parse.notes("\"G\"\"^one\"\"^two\"A").first
    #expect(note?.annotations.map(\.text) == ["G", "one", "two"])
  }

  static let escapes: [(String, String)] = [
    ("Caf\\'e", "Café"), ("\\`a", "à"), ("\\^o", "ô"), ("M\\\"uller", "Müller"), ("\\~n", "ñ"),
    ("\\cc", "ç"), ("\\aa", "å"), ("\\AA", "Å"), ("Stra\\ss e", "Straß e"), ("\\ae\\oe", "æœ"),
    ("\\/o", "ø"), ("\\vs", "š"), ("\\u00e9t\\u00e9", "été"), ("&eacute;&egrave;", "éè"),
    ("&amp; &lt;", "& <"), ("&#233;&#xE9;", "éé"), ("&Ouml;", "Ö"), ("plain & simple", "plain & simple"),
    ("back\\\\slash", "back\\slash"), ("\\q", "\\q"), ("日本", "日本"),
  ]

  @Test(arguments: escapes)
  func escapesInTitlesAndAnnotations(written: String, expected: String) {
    let (tune, diagnostics) = Parse.tune("\"^\(written)\"A", header: "T:\(written)\nC:\(written)\nK:C")
    #expect(diagnostics.isEmpty)
    #expect(tune?.title == expected)
    #expect(tune?.metadata.composers == [expected])
    let note = tune?.voices.first?.elements.compactMap { if case .note(let n) = $0 { n } else { nil } }.first
    #expect(note?.annotations.first?.text == expected)
  }

  @Test func wordsAndVoiceNamesAreDecoded() {
    let (tune, _) = Parse.tune("A", header: "W:D\\'ej\\`a vu\nV:1 name=\"J\\\"org\"\nK:C")
    #expect(tune?.words == ["Déjà vu"])
    #expect(tune?.voices.first?.name == "Jörg")
  }

  @Test func replacementCharactersWarnOnce() {
    let input = MarkedInput("X:1\nT:Caf1️⃣\u{FFFD} \u{FFFD}\nK:C\nA\n")
    let (_, diagnostics) = ABCParser.parse(input.text)
    #expect(diagnostics.map(\.range.start) == [input[1]])
    #expect(diagnostics.first?.severity == .warning)
  }

  @Test func charsetAndVersionInstructions() {
    let (_, good) = Parse.tune("A", header: "I:abc-charset utf-8\nI:abc-version 2.1\nK:C")
    #expect(good.isEmpty)
    let input = MarkedInput("X:1\nI:abc-charset 1️⃣klingon\nI:abc-version 2️⃣new\nK:C\nA\n")
    let (_, bad) = ABCParser.parse(input.text)
    #expect(bad.map(\.range.start) == [input[1], input[2]])
    #expect(bad.map(\.severity) == [.warning, .warning])
  }

  @Test func versionLineIsAccepted() {
    let (book, diagnostics) = ABCParser.parse("%abc-2.1\n\nX:1\nK:C\nA\n")
    #expect(diagnostics.isEmpty)
    #expect(book.tunes.count == 1)
  }
}
