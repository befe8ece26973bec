import ABCParser
import Book
import DisplayList
import Layout
import ScoreModel
import Testing

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
    let tune = try #require(ABCParser.parse(Self.abc).tunebook.tunes.first)
    var format = FormatDirectives(setup: .a4, options: LayoutOptions())
    format.apply(tune: tune)
    let style = (format.setup, format.options)
    let engraver = Engraver(font: try BookFixture.font(), measurer: ApproximateTextMeasurer(), setup: .a4)
    let list = engraver.engrave(book: [.tune(tune)], matter: BookMatter(), tuneStyle: { _ in style })
    let page = try #require(list.pages.first)
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
  @Test func aScaleInsideTheMusicIsSaidToApplyToTheWholeTune() throws {
    let tune = try #require(
      ABCParser.parse("X:1\nL:1/4\nK:C\nCDEF|\n%%scale 0.6\nGABc|\n").tunebook.tunes.first)
    var format = FormatDirectives(setup: .a4, options: LayoutOptions())
    format.apply(tune: tune)
    #expect(format.warnings.map(\.message) == ["%%scale inside the music applies to the whole tune"])
    #expect(abs(format.setup.staffSpace - 6 * 0.6) < 0.001)
  }
}
