import ABCParser
import Book
import DisplayList
import Layout
import ScoreModel
import Testing

/// The first page of a tune engraved as `book` does: its own directives applied first.
func firstPage(of abc: String) throws -> DisplayPage {
  let tune = try #require(ABCParser.parse(abc).tunebook.tunes.first)
  var format = FormatDirectives(setup: .a4, options: LayoutOptions())
  format.apply(tune: tune)
  let style = (format.setup, format.options)
  let engraver = Engraver(font: try BookFixture.font(), measurer: ApproximateTextMeasurer(), setup: .a4)
  let list = engraver.engrave(book: [.tune(tune)], matter: BookMatter(), tuneStyle: { _ in style })
  return try #require(list.pages.first)
}

/// Margin directives between a tune's music lines apply to the lines after them.
@Suite struct MidTuneMarginTests {
  static let abc = """
    X:1
    T:Margins in the music
    M:4/4
    L:1/4
    %%rightmargin 2cm
    K:C
    CDEF|GABc|CDEF|GABc|
    %%leftmargin 5cm
    CDEF|GABc|
    %%rightmargin 5cm
    CDEF|GABc|
    %%leftmargin 1.78cm
    %%rightmargin 2cm
    CDEF|GABc|CDEF|GABc|]

    """

  func cm(_ value: Double) -> Double { value / 2.54 * 72 }

  @Test func theDirectivesBecomeChangesFromTheirLines() throws {
    let tune = try #require(ABCParser.parse(Self.abc).tunebook.tunes.first)
    var format = FormatDirectives(setup: .a4, options: LayoutOptions())
    format.apply(tune: tune)
    #expect(abs(format.setup.marginRight - cm(2)) < 0.01, "a header directive holds for the whole tune")
    #expect(format.options.marginChanges.map(\.sourceLine) == [8, 10, 12, 13])
    #expect(abs(format.options.marginChanges[1].left - cm(5)) < 0.01)
    #expect(abs(format.options.marginChanges[1].right - cm(5)) < 0.01)
    #expect(format.warnings.isEmpty)
  }

  @Test func eachLineIsSetBetweenItsOwnMargins() throws {
    let page = try firstPage(of: Self.abc)
    let staffLines = page.items.filter { $0.role == .staffLine }
    func edges(_ line: Int) -> (Double, Double)? {
      let lines = staffLines.filter { $0.context.line == line }
      guard let left = lines.map(\.box.minX).min(), let right = lines.map(\.box.maxX).max() else {
        return nil
      }
      return (left, right)
    }
    let start = PageSetup.a4.marginLeft / 72 * 2.54
    let expected = [(start, 2.0), (5.0, 2.0), (5.0, 5.0), (1.78, 2.0)]
    for (line, (left, right)) in expected.enumerated() {
      let found = try #require(edges(line))
      #expect(abs(found.0 - cm(left)) < 0.5, "line \(line) starts at \(left) cm")
      #expect(abs(found.1 - (page.width - cm(right))) < 0.5, "line \(line) ends \(right) cm from the edge")
    }
  }
}

@Suite struct MidTuneScaleTests {
  static let abc = """
    X:1
    L:1/4
    %%scale 0.8
    K:C
    CDEF|GABc|CDEF|GABc|
    %%scale 1.2
    CDEF|GABc|
    """

  @Test func aScaleInsideTheMusicHoldsFromItsLine() throws {
    let tune = try #require(ABCParser.parse(Self.abc + "\n").tunebook.tunes.first)
    var format = FormatDirectives(setup: .a4, options: LayoutOptions())
    format.apply(tune: tune)
    #expect(format.warnings.isEmpty)
    #expect(abs(format.setup.staffSpace - 6 * 0.8) < 0.001, "the tune's own scale")
    #expect(format.options.marginChanges.map(\.sourceLine) == [6])
    #expect(abs(format.options.marginChanges[0].scale - 1.5) < 0.001)
  }

  @Test func linesAfterItAreDrawnLargerAndStillFitThePage() throws {
    for voices in [1, 2] {
      var abc = Self.abc
      if voices == 2 { abc += "V:2\nC4|C4|C4|C4|C4|C4|" }
      let page = try firstPage(of: abc + "\n")
      let lines = page.items.filter { $0.role == .staffLine && $0.context.staff == 0 }
      let first = Dictionary(grouping: lines, by: { $0.context.line ?? 0 })
      func space(_ line: Int) -> Double {
        let ys = Set((first[line] ?? []).map { ($0.box.midY * 100).rounded() / 100 }).sorted()
        return ys.count > 1 ? (ys[1] - ys[0]) : 0
      }
      let last = try #require(first.keys.max())
      #expect(abs(space(0) - 4.8) < 0.05, "\(voices) voice(s): the tune's scale before")
      #expect(abs(space(last) - 7.2) < 0.05, "\(voices) voice(s): half as large again after")
      for item in page.items where item.role == .staffLine {
        #expect(item.box.maxX <= page.width - PageSetup.a4.marginRight + 0.5)
      }
    }
  }
}
