import ABCParser
import ScoreModel
import Testing

@Suite struct TunebookStructureTests {
  @Test func versionLineFileHeaderAndTwoTunes() {
    let text = """
      %abc-2.1
      M:6/8
      C:Trad.
      %%scale 0.8

      This is free text, ignored.
      A: not a header field because this block is free text

      X:1
      T:One
      K:G
      GAB

      X:2
      T:Two
      M:3/4
      K:D
      DEF
      """
    let (book, diagnostics) = Parse.book(text)
    #expect(diagnostics.isEmpty)
    #expect(book.headerFields.map(\.label) == ["M", "C"])
    #expect(book.headerFields.map(\.value) == ["6/8", "Trad."])
    #expect(
      book.headerDirectives == [
        Directive(name: "scale", arguments: "0.8", range: book.headerDirectives[0].range)
      ])
    #expect(book.tunes.map(\.referenceNumber) == [1, 2])
    #expect(book.tunes.map(\.title) == ["One", "Two"])
    // The header meter and composer are inherited; tune 2 overrides the meter.
    #expect(book.tunes[0].initialMeter == .fraction(numerators: [6], denominator: 8))
    #expect(book.tunes[0].metadata.composers == ["Trad."])
    #expect(book.tunes[1].initialMeter == .fraction(numerators: [3], denominator: 4))
  }

  @Test func headerUnitLengthIsInherited() {
    let (book, _) = Parse.book("L:1/4\n\nX:1\nK:C\nC\n")
    #expect(book.tunes.first?.unitNoteLength == Rational(1, 4))
    let note = book.tunes.first?.voices.first?.elements.first
    #expect(note?.duration == Rational(1, 4))
  }

  @Test func fragmentWithoutXIsReadAsOneTuneWithDefaults() {
    // ABC 2.1 §2.3.1: music with no X: line, read with the default settings.
    let (book, diagnostics) = Parse.book("M:3/4\nCDE|FGA|\nK:G\n\nfga|\n")
    #expect(diagnostics.isEmpty)
    #expect(book.tunes.count == 1)
    #expect(book.headerFields.isEmpty)
    let tune = book.tunes[0]
    #expect(tune.initialMeter == .fraction(numerators: [3], denominator: 4))
    #expect(tune.voices[0].elements.filter { $0.duration > .zero }.count == 9)
    let keys = tune.voices[0].elements.compactMap { element -> KeySignature? in
      if case .keyChange(let key, _) = element { return key }
      return nil
    }
    #expect(keys.map(\.fifths) == [1])
  }

  @Test func freeTextAloneIsNotAFragment() {
    let (book, diagnostics) = Parse.book("%%scale 0.8\nT:Book title\n\n")
    #expect(book.tunes.isEmpty)
    #expect(diagnostics.isEmpty)
  }

  @Test func tuneEndsAtEmptyLineAndFreeTextFollows() {
    let (book, diagnostics) = Parse.book("X:1\nK:C\nCDE\n   \nfree text here\nmore text\n")
    #expect(diagnostics.isEmpty)
    #expect(book.tunes.count == 1)
    #expect(book.tunes[0].voices[0].elements.filter { $0.duration > .zero }.count == 3)
  }

  @Test func commentsAreStrippedButNotInsideStrings() {
    let notes = Parse.notes("C \"50% off\" D % E F G\n% a whole comment line\nA")
    #expect(notes.map(\.heads[0].pitch.step) == [.c, .d, .a])
  }

  @Test func commentLineDoesNotEndTheTuneOrBreakTheLine() {
    let elements = Parse.elements("C\n% comment\nD")
    let breaks = elements.filter { if case .lineBreak = $0 { true } else { false } }
    #expect(breaks.count == 2)
    #expect(elements.count == 4)
  }

  @Test func directivesAreKeptInTheTune() {
    let (book, _) = Parse.book("X:1\n%%titlefont Times 20\nK:C\nC\n%%vskip 10\nD\n")
    let names = book.tunes.first?.directives.map(\.name)
    #expect(names == ["titlefont", "vskip"])
    #expect(book.tunes.first?.directives.first?.arguments == "Times 20")
  }

  @Test func metadataFields() {
    let text = """
      X:7
      T:Main title
      T:Subtitle
      C:Composer
      O:Ireland
      A:Leitrim
      R:reel
      B:Book
      S:Source
      N:A note
      Z:Me
      H:History line
      +:continued
      G:Group
      P:AABB
      D:Disc
      F:http://x
      K:C
      """
    let (book, diagnostics) = Parse.book(text)
    #expect(diagnostics.isEmpty)
    guard let tune = book.tunes.first else {
      Issue.record("no tune")
      return
    }
    let metadata = tune.metadata
    #expect(tune.referenceNumber == 7)
    #expect(metadata.titles == ["Main title", "Subtitle"])
    #expect(metadata.composers == ["Composer"])
    #expect(metadata.origins == ["Ireland", "Leitrim"])
    #expect(metadata.rhythm == "reel")
    #expect(metadata.book == "Book")
    #expect(metadata.source == "Source")
    #expect(metadata.notes == ["A note"])
    #expect(metadata.transcription == "Me")
    #expect(metadata.history == ["History line continued"])
    #expect(metadata.group == "Group")
    #expect(metadata.parts == "AABB")
    #expect(String(metadata.fields.map(\.label)) == "XTTCOARBSNZHGPDFK")
    #expect(metadata.fields.first(where: { $0.label == "F" })?.value == "http://x")
  }

  @Test func backslashContinuesAFieldLine() {
    let (book, _) = Parse.book("X:1\nT:new fea\\\ntures\nK:C\n")
    #expect(book.tunes.first?.title == "new features")
  }

  @Test func textBlocksMayHoldEmptyLines() {
    let (book, diagnostics) = Parse.book("X:1\nK:C\n%%begintext\nSome text\n\nMore text\n%%endtext\nCDE\n")
    #expect(diagnostics.isEmpty)
    #expect(book.tunes.first?.voices.first?.elements.filter { $0.duration > .zero }.count == 3)
  }

  @Test func tuneRangeCoversItsLines() {
    let (book, _) = Parse.book("\nX:1\nK:C\nCDE\n\n")
    #expect(book.tunes.first?.range.start == SourceLocation(line: 2, column: 1))
    #expect(book.tunes.first?.range.end == SourceLocation(line: 4, column: 4))
  }

  @Test func windowsLineEndings() {
    let (book, diagnostics) = Parse.book("X:1\r\nT:Crlf\r\nK:D\r\nDEF\r\n\r\nX:2\r\nK:C\r\nC\r\n")
    #expect(diagnostics.isEmpty)
    #expect(book.tunes.map(\.title) == ["Crlf", ""])
  }

  @Test func fileNameGoesIntoDiagnostics() {
    let result = ABCParser.parse("X:one\nK:C\n", file: "tunes.abc")
    #expect(result.tunebook.file == "tunes.abc")
    #expect(
      result.diagnostics.first?.description == "tunes.abc:1:3: error: X: reference number must be a number")
  }
}
