import ABCParser
import DisplayList
import Layout
import ScoreModel
import Testing

/// The binary records a layout cache keeps: a tune read back places exactly as laid out.
@Suite struct LayoutRecordTests {
  static let rich = """
    X:7
    T:Record
    T:Second Title
    C:Someone
    M:6/8
    L:1/8
    Q:3/8=120
    K:D
    %%newpage
    "D"!p!(ABc) d2e|"G"f3- f2 z|[DFA]3 !fermata!a3|]
    w:la la la li le lo
    %%newpage
    V:2 clef=bass
    D,3 F,3|A,6|D,6|]
    W:Words under the tune
    """

  func engraved(_ abc: String) throws -> (EngravedTune, Engraver) {
    let parsed = ABCParser.parse(abc, file: "test.abc")
    let tune = try #require(parsed.tunebook.tunes.first)
    let engraver = Engraver(
      font: try LayoutFixture.font(), measurer: ApproximateTextMeasurer(), setup: .a4,
      options: LayoutOptions())
    return (engraver.engrave(tune: tune), engraver)
  }

  func pages(_ tune: EngravedTune, _ engraver: Engraver) -> [DisplayPage] {
    let composer = BookComposer(engraver: engraver, matter: BookMatter())
    composer.add(tune)
    composer.add(tune)
    let end = composer.finish()
    return composer.takePages() + end.lastBodyPages
  }

  @Test func aTuneReadBackPlacesExactlyAsLaidOut() throws {
    let (tune, engraver) = try engraved(Self.rich)
    let record = try #require(tune.encoded(firstLine: 1))
    let back = try #require(EngravedTune(encoded: record, firstLine: 1))
    #expect(back.titles == tune.titles)
    #expect(back.contentsTitle == tune.contentsTitle)
    #expect(back.systemCount == tune.systemCount)
    let fresh = pages(tune, engraver)
    #expect(fresh.count >= 2)  // the tune's %%newpage still breaks the page
    #expect(pages(back, engraver) == fresh)
  }

  @Test func sourceLinesFollowTheTuneWhereverItNowStarts() throws {
    let (tune, engraver) = try engraved(Self.rich)
    let record = try #require(tune.encoded(firstLine: 1))
    // The same tune, moved ten lines down its file by an edit above it.
    let moved = try #require(EngravedTune(encoded: record, firstLine: 11))
    let lines = pages(tune, engraver).flatMap(\.items).map { $0.source?.line }
    let movedLines = pages(moved, engraver).flatMap(\.items).map { $0.source?.line }
    #expect(lines.contains { $0 != nil })
    #expect(movedLines == lines.map { $0.map { $0 + 10 } })
  }

  @Test func damagedRecordsReadAsMissing() throws {
    let (tune, _) = try engraved(Self.rich)
    let record = try #require(tune.encoded(firstLine: 1))
    // Every cut short record is refused, never read as a shorter tune or a trap.
    for length in stride(from: 0, to: record.count, by: max(1, record.count / 500)) {
      #expect(EngravedTune(encoded: Array(record[..<length]), firstLine: 1) == nil)
    }
    #expect(EngravedTune(encoded: record + [0], firstLine: 1) == nil)
    // Flipped bytes either read as some tune or are refused; none traps.
    var generator = SystemRandomNumberGenerator()
    for _ in 0..<300 {
      var damaged = record
      damaged[Int.random(in: 0..<damaged.count, using: &generator)] ^= UInt8.random(
        in: 1...255, using: &generator)
      _ = EngravedTune(encoded: damaged, firstLine: 1)
    }
  }

  @Test func aTuneMadeLineByLineIsNotStored() throws {
    let lines = (1...60).map { _ in "CDEF GABc|" }.joined(separator: "\n")
    let (tune, _) = try engraved("X:1\nT:Long\nL:1/8\nK:C\n\(lines)\n")
    #expect(tune.systemCount == 60)
    #expect(tune.encoded(firstLine: 1) == nil)
  }

  @Test func bytesRoundTripExactly() {
    var writer = ByteWriter()
    let doubles = [0.1, -0.0, .pi, 1e300, -.infinity, .leastNonzeroMagnitude]
    for value in doubles { writer.double(value) }
    for value in [0, -1, 1, Int.max, Int.min, 300] { writer.int(value) }
    writer.string("noteheadBlack")
    writer.string("é♯")
    writer.string("noteheadBlack")
    writer.double(nil as Double?)
    var reader = ByteReader(writer.bytes)
    #expect(doubles.map { _ in reader.double()!.bitPattern } == doubles.map(\.bitPattern))
    #expect((0..<6).map { _ in reader.int() } == [0, -1, 1, Int.max, Int.min, 300])
    #expect([reader.string(), reader.string(), reader.string()] == ["noteheadBlack", "é♯", "noteheadBlack"])
    #expect(reader.optionalDouble() == .some(nil))
    #expect(reader.isAtEnd)
    #expect(reader.uint() == nil)
  }
}
