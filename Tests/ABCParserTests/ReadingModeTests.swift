import ABCParser
import ScoreModel
import Testing

/// Strict or loose reading chosen by the `%abc-2.1` line and `I:abc-version` (ABC 2.1 §2.1, §12).
@Suite struct ReadingModeTests {
  @Test(arguments: [
    ("2.1", ReadingMode.strict), ("2.2", .strict), ("3", .strict), ("2.1.1", .strict),
    ("2.0", .loose), ("1.6", .loose), ("new", .loose), ("", .loose),
  ])
  func versionSelectsTheMode(version: String, mode: ReadingMode) {
    #expect(ReadingMode(version: version) == mode)
  }

  @Test func noVersionIsLoose() {
    #expect(ReadingMode(version: nil) == .loose)
    let (book, _) = ABCParser.parse("X:1\nK:C\nA\n")
    #expect(book.readingMode == .loose)
    #expect(book.abcVersion == nil)
    #expect(book.tunes.first?.readingMode == .loose)
  }

  @Test func versionLineSelectsStrictReading() {
    let (book, diagnostics) = ABCParser.parse("%abc-2.1\n\nX:1\nK:C\nA\n\nX:2\nK:G\nB\n")
    #expect(diagnostics.isEmpty)
    #expect(book.abcVersion == "2.1")
    #expect(book.readingMode == .strict)
    #expect(book.tunes.map(\.readingMode) == [.strict, .strict])
    #expect(book.tunes.map(\.abcVersion) == ["2.1", "2.1"])
  }

  @Test(arguments: ["%abc\n", "%abc-2.0\n", "%abc-1.6\n", "% abc-2.1\n", "X:0\n%abc-2.1\n"])
  func otherFirstLinesReadLoosely(firstLine: String) {
    let (book, _) = ABCParser.parse(firstLine + "\nX:1\nK:C\nA\n")
    #expect(book.readingMode == .loose)
    #expect(book.tunes.last?.readingMode == .loose)
  }

  @Test func byteOrderMarkBeforeTheVersionLineIsSkipped() {
    let (book, _) = ABCParser.parse("\u{FEFF}%abc-2.1\nX:1\nK:C\nA\n")
    #expect(book.readingMode == .strict)
  }

  @Test func fileHeaderVersionFieldAppliesToEveryTune() {
    let (book, diagnostics) = ABCParser.parse("I:abc-version 2.1\n\nX:1\nK:C\nA\n\nX:2\nK:C\nB\n")
    #expect(diagnostics.isEmpty)
    #expect(book.readingMode == .strict)
    #expect(book.tunes.map(\.readingMode) == [.strict, .strict])
  }

  @Test func tuneHeaderVersionFieldAppliesToThatTuneOnly() {
    let text = "%abc-2.1\n\nX:1\nI:abc-version 2.0\nK:C\nA\n\nX:2\nK:C\nB\n\nX:3\n%%abc-version 2.1\nK:C\nc\n"
    let (book, _) = ABCParser.parse(text)
    #expect(book.tunes.map(\.readingMode) == [.loose, .strict, .strict])
    #expect(book.tunes.map(\.abcVersion) == ["2.0", "2.1", "2.1"])
    let (loose, _) = ABCParser.parse("X:1\nK:C\nA\n\nX:2\nI:abc-version 2.1\nK:C\nB\n")
    #expect(loose.tunes.map(\.readingMode) == [.loose, .strict])
    #expect(loose.readingMode == .loose)
  }

  @Test func badVersionValueKeepsTheModeAndWarns() {
    let input = MarkedInput("%abc-2.1\nX:1\nI:abc-version 1️⃣two\nK:C\nA\n")
    let (book, diagnostics) = ABCParser.parse(input.text)
    #expect(diagnostics.map(\.range.start) == [input[1]])
    #expect(book.tunes.first?.readingMode == .strict)
  }
}
