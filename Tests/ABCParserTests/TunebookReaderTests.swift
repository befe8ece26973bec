import ABCParser
import ScoreModel
import Testing

/// The streaming reader: the same tune book whatever the chunks, bounded lines and tunes.
@Suite struct TunebookReaderTests {
  static let book = """
    %abc-2.1
    M:6/8
    %%text A heading

    X:1\r
    T:One\r
    K:G\r
    %%begintext
    Words inside the tune.

    More words.
    %%endtext
    GAB|\r

    X:2
    T:Two
    K:D
    DEF|
    X:3
    T:Three
    K:A
    ABc|
    """

  /// The events of `text` fed in chunks of `size` bytes.
  static func events(_ text: String, chunk size: Int) -> [TunebookEvent] {
    var reader = TunebookReader(file: "book.abc")
    let bytes = Array(text.utf8)
    var start = 0
    while start < bytes.count {
      let end = min(bytes.count, start + size)
      bytes[start..<end].withUnsafeBytes { reader.feed($0) }
      start = end
    }
    reader.finish()
    return reader.takeEvents()
  }

  static func summary(_ events: [TunebookEvent]) -> [String] {
    events.map { event in
      switch event {
      case .header(let header): "header \(header.fields.map(\.value))"
      case .tune(let tune):
        "tune \(tune.referenceNumber ?? -1) at \(tune.startLine): \(tune.parse().tune?.title ?? "?")"
      case .outside(let line): "outside \(line.line)"
      case .diagnostics(let found): "problems \(found.map(\.message))"
      }
    }
  }

  @Test func chunkSizesDoNotChangeTheEvents() {
    let whole = Self.summary(Self.events(Self.book, chunk: 1 << 20))
    #expect(whole.contains("header [\"6/8\"]"))
    #expect(
      whole.filter { $0.hasPrefix("tune ") } == [
        "tune 1 at 5: One", "tune 2 at 15: Two", "tune 3 at 19: Three",
      ])
    // One byte at a time splits every \r\n; odd sizes split UTF-8 and lines anywhere.
    for size in [1, 2, 3, 7, 64] {
      #expect(Self.summary(Self.events(Self.book, chunk: size)) == whole, "chunk size \(size)")
    }
  }

  @Test func textBlocksInsideATuneAreKeptAndTheEmptyLineInsideThemDoesNotEndIt() {
    let tunes = Self.events(Self.book, chunk: 100).compactMap { event -> TuneSource? in
      if case .tune(let tune) = event { return tune }
      return nil
    }
    let texts = tunes[0].directiveLines.map(\.text)
    #expect(texts.first == "%%begintext")
    #expect(texts.contains("More words."))
    #expect(texts.last == "%%endtext")
  }

  @Test func aTuneWithoutAnEmptyLineBeforeTheNextIsClosedWithAWarning() {
    let problems = Self.events(Self.book, chunk: 10).flatMap { event -> [Diagnostic] in
      if case .diagnostics(let found) = event { return found }
      return []
    }
    #expect(problems.contains { $0.message.contains("without an empty line") && $0.range.start.line == 19 })
  }

  @Test func linesAreDecodedOneByOneAsUTF8OrLatin1() {
    // A Latin-1 title between UTF-8 lines: each line keeps its own reading.
    let bytes: [UInt8] =
      Array("X:1\nT:Caf".utf8) + [0xE9] + Array("\nT:Noël\nK:C\nC|\n".utf8)
    var reader = TunebookReader(file: nil)
    bytes.withUnsafeBytes { reader.feed($0) }
    reader.finish()
    let titles = reader.takeEvents().compactMap { event -> [String]? in
      if case .tune(let tune) = event { return tune.parse().tune?.metadata.titles }
      return nil
    }
    #expect(titles == [["Café", "Noël"]])
  }

  /// The reader's own problems and its tunes (unparsed) for `text` read in one piece.
  static func read(_ text: String) -> (problems: [Diagnostic], tunes: [TuneSource]) {
    var problems: [Diagnostic] = []
    var tunes: [TuneSource] = []
    for event in events(text, chunk: 1 << 20) {
      if case .diagnostics(let found) = event { problems += found }
      if case .tune(let tune) = event { tunes.append(tune) }
    }
    return (problems, tunes)
  }

  @Test func anOverlongLineIsCutWithAnError() {
    let long = String(repeating: "C", count: Limits.maxLineBytes + 100)
    let (problems, tunes) = Self.read("X:1\nK:C\n" + long + "|\n")
    #expect(problems.contains { $0.severity == .error && $0.message.contains("longer than") })
    #expect(tunes.count == 1)
    #expect(tunes[0].size <= Limits.maxLineBytes + 10)
  }

  @Test func aTuneTooLongIsCutWithAnErrorAndTheNextTuneIsRead() {
    let line = String(repeating: "CDEF ", count: 200) + "|\n"
    let lines = Limits.maxTuneScalars / line.count + 10
    let text = "X:1\nK:C\n" + String(repeating: line, count: lines) + "\nX:2\nT:After\nK:C\nC|\n"
    let (problems, tunes) = Self.read(text)
    #expect(problems.contains { $0.severity == .error && $0.message.contains("tune longer than") })
    #expect(tunes.count == 2)
    #expect(tunes[0].size <= Limits.maxTuneScalars)
    #expect(tunes[1].parse().tune?.title == "After")
  }

  @Test func aFragmentIsOneTuneAtTheEnd() {
    let events = Self.events("M:3/4\nCDE|FGA|\n", chunk: 4)
    let tunes = events.compactMap { event -> TuneSource? in
      if case .tune(let tune) = event { return tune }
      return nil
    }
    #expect(tunes.count == 1)
    #expect(tunes[0].referenceNumber == nil)
    #expect(tunes[0].parse().tune?.voices.first?.elements.isEmpty == false)
  }

  @Test func diagnosticsOfManyTunesShareTheFilesBudget() {
    // Each tune reports 40 problems; the file's budget ends in the middle of tune 251.
    let tune = "K:C\n" + String(repeating: "C] ", count: 40) + "\n"
    var text = ""
    for number in 1...300 { text += "X:\(number)\n" + tune + "\n" }
    let (book, diagnostics) = ABCParser.parse(text, file: "many.abc")
    #expect(book.tunes.count == 300)
    #expect(diagnostics.count == Limits.diagnosticsPerFile + 1)
    #expect(diagnostics.last?.message == "too many problems: 2000 more after the first 10000 not reported")
    #expect(diagnostics.last?.severity == .error)
  }
}
