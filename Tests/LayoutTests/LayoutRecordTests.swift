import ABCParser
import DisplayList
import Layout
import ScoreModel
import Synchronization
import Testing

/// Counts calls from any thread.
final class Counter: Sendable {
  private let value = Mutex(0)
  func add() { value.withLock { $0 += 1 } }
  var count: Int { value.withLock { $0 } }
}

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

  /// The record of a tune, items unpacked as they are, no renderings.
  func record(_ tune: EngravedTune, firstLine: Int = 1) -> [UInt8]? {
    var tune = tune
    return tune.encoded(firstLine: firstLine, pack: { $0 }, rendering: { _ in nil })
  }

  func read(_ record: [UInt8], firstLine: Int = 1) -> EngravedTune? {
    EngravedTune(encoded: record, firstLine: firstLine, unpack: { $0 }, rendering: { _ in nil })
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
    let stored = try #require(record(tune))
    let back = try #require(read(stored))
    #expect(back.titles == tune.titles)
    #expect(back.contentsTitle == tune.contentsTitle)
    #expect(back.systemCount == tune.systemCount)
    let fresh = pages(tune, engraver)
    #expect(fresh.count >= 2)  // the tune's %%newpage still breaks the page
    #expect(pages(back, engraver).map(\.items) == fresh.map(\.items))
    #expect(pages(back, engraver).map(\.groups.count) == fresh.map(\.groups.count))
  }

  @Test func sourceLinesFollowTheTuneWhereverItNowStarts() throws {
    let (tune, engraver) = try engraved(Self.rich)
    let stored = try #require(record(tune))
    // The same tune, moved ten lines down its file by an edit above it.
    let moved = try #require(read(stored, firstLine: 11))
    let lines = pages(tune, engraver).flatMap(\.items).map { $0.source?.line }
    let movedLines = pages(moved, engraver).flatMap(\.items).map { $0.source?.line }
    #expect(lines.contains { $0 != nil })
    #expect(movedLines == lines.map { $0.map { $0 + 10 } })
  }

  @Test func damagedRecordsReadAsMissing() throws {
    let (tune, engraver) = try engraved(Self.rich)
    let stored = try #require(record(tune))
    // Every cut short record is refused, never read as a shorter tune or a trap.
    for length in stride(from: 0, to: stored.count, by: max(1, stored.count / 500)) {
      #expect(read(Array(stored[..<length])) == nil)
    }
    #expect(read(stored + [0]) == nil)
    // Flipped bytes either read as some tune or are refused; none traps.
    var generator = SystemRandomNumberGenerator()
    for _ in 0..<300 {
      var damaged = stored
      damaged[Int.random(in: 0..<damaged.count, using: &generator)] ^= UInt8.random(
        in: 1...255, using: &generator)
      _ = read(damaged).map { pages($0, engraver).map(\.items) }
    }
  }

  @Test func aTuneMadeLineByLineIsNotStored() throws {
    let lines = (1...60).map { _ in "CDEF GABc|" }.joined(separator: "\n")
    let (tune, _) = try engraved("X:1\nT:Long\nL:1/8\nK:C\n\(lines)\n")
    #expect(tune.systemCount == 60)
    #expect(record(tune) == nil)
  }

  @Test func piecesKeepTheirRenderingsAndUnpackOnlyWhenAsked() throws {
    var (tune, engraver) = try engraved(Self.rich)
    let kept = tune.keptGroups()
    let groups = try #require(kept)
    #expect(groups.count >= 1 + tune.systemCount + 1)  // heading, systems, the W: lines
    for (index, group) in groups.enumerated() { group.rendering = [UInt8(index)] }
    // A one-backend record: pieces with a rendering are stored without their items.
    let leanRecord = tune.encoded(
      firstLine: 1, pack: { $0 }, rendering: { $0.rendering as? [UInt8] }, itemsNeeded: false)
    let fullRecord = tune.encoded(firstLine: 1, pack: { $0 }, rendering: { $0.rendering as? [UInt8] })
    let lean = try #require(leanRecord)
    let full = try #require(fullRecord)
    #expect(lean.count * 3 < full.count)
    let unpacked = Counter()
    let read = EngravedTune(
      encoded: full, firstLine: 1,
      unpack: { bytes in
        unpacked.add()
        return bytes
      },
      rendering: { $0 })
    let back = try #require(read)
    let placed = pages(back, engraver)
    #expect(unpacked.count == 0)  // placing needs no items
    // Pieces are placed with their renderings (empty ones, a paragraph's gap, are not placed).
    let drawn = groups.indices.filter { !groups[$0].isEmpty }
    let renderings = placed.flatMap(\.groups).map { $0.group.rendering as? [UInt8] }
    #expect(renderings.prefix(drawn.count) == drawn.map { [UInt8($0)] }[...])
    #expect(placed.map(\.items) == pages(tune, engraver).map(\.items))
    #expect(unpacked.count == drawn.count)
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

  /// Short texts are written out each time and long ones interned: in any mix, every text
  /// reads back as written (the reader numbers short ones as the writer does).
  @Test func shortAndInternedTextsReadBackInAnyMix() {
    let texts = ["G", "Am", "", "abcd", "abcde", "é", "é♯", "noteheadBlack", "\u{E0A4}", "Fine"]
    var generator = SystemRandomNumberGenerator()
    let order = (0..<500).map { _ in texts.randomElement(using: &generator)! }
    var writer = ByteWriter()
    for text in order { writer.string(text) }
    var reader = ByteReader(writer.bytes)
    #expect(order.map { _ in reader.string() } == order)
    #expect(reader.isAtEnd)
  }
}
