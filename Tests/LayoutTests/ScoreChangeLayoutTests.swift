import ABCParser
import DisplayList
import Foundation
import Layout
import Testing

/// Mid-tune `%%score`: staves change from the bar where the directive stands.
@Suite struct ScoreChangeLayoutTests {
  func items(_ abc: String) throws -> [DisplayItem] {
    try LayoutFixture.engrave(abc + "\n").pages.flatMap(\.items)
  }

  /// Staff lines per system, and the staves (distinct `staff` numbers) drawn in each.
  func staves(_ items: [DisplayItem]) -> [Int: Set<Int>] {
    var staves: [Int: Set<Int>] = [:]
    for item in items where item.role == .staffLine {
      staves[item.context.line ?? -1, default: []].insert(item.context.staff ?? -1)
    }
    return staves
  }

  @Test func theStavesChangeFromTheDirectivesBar() throws {
    // The example, kept as a golden dump too.
    let abc = try #require(GoldenDumpTests.tunes.first { $0.name == "mid-tune-score" }).abc
    let all = try items(abc)
    #expect(staves(all) == [0: [0, 1], 1: [0]])
    #expect(all.contains { if case .glyph(let glyph) = $0.shape { glyph.name == "brace" } else { false } })
    // The bass voice's notes are all on the first system; the second has A's four notes.
    let heads = all.filter { $0.role == .notehead }
    #expect(heads.filter { $0.context.line == 0 }.count == 8)
    #expect(heads.filter { $0.context.line == 1 }.count == 4)
    #expect(heads.filter { $0.context.line == 1 }.allSatisfy { $0.source?.line == 13 })
  }

  @Test func aVoiceThatJoinsLaterHasNoStaffBeforeIt() throws {
    // As sample4 X:2: one voice, then `%%staves 1 2` brings in a bass voice.
    let all = try items(
      """
      X:2
      T:joining
      M:4/4
      L:1/4
      K:C
      CDEF|GABc|
      %%staves 1 2
      V:1
      cBAG|
      V:2 bass
      C,D,E,F,|]
      """)
    #expect(staves(all) == [0: [0], 1: [0, 1]])
    let bass = all.filter { $0.role == .notehead && $0.source?.line == 11 }
    #expect(bass.count == 4)
    #expect(bass.allSatisfy { $0.context.line == 1 && $0.context.staff == 1 })
  }

  /// The x (points) where each staff's lines of `line` end, by staff number.
  func staffLineEnds(_ items: [DisplayItem], line: Int) -> [Int: Double] {
    var ends: [Int: Double] = [:]
    for item in items where item.role == .staffLine && item.context.line == line {
      ends[item.context.staff ?? -1] = max(ends[item.context.staff ?? -1] ?? 0, item.box.maxX)
    }
    return ends
  }

  /// The xs of the bar lines drawn on a staff of a line.
  func barXs(_ items: [DisplayItem], line: Int, staff: Int) -> [Double] {
    items.filter { $0.role == .barLine && $0.context.line == line && $0.context.staff == staff }.map(
      \.box.midX
    )
    .sorted()
  }

  @Test func anAutomaticLineCrossesAChangeAndTheLeavingStaffStopsAtItsBar() throws {
    let all = try items(
      """
      X:3
      T:joined lines
      M:4/4
      L:1/4
      %%linebreak <none>
      %%score (A B) C
      K:C
      V:A
      CDEF|
      V:B
      C,D,E,F,|
      V:C clef=bass
      C,,D,,E,,F,,|
      %%score (A B)
      V:A
      GABc|]
      """)
    // One line, both staves on it: the bass staff only up to the bar where it leaves.
    #expect(staves(all) == [0: [0, 1]])
    let ends = staffLineEnds(all, line: 0)
    let bar = try #require(barXs(all, line: 0, staff: 0).first)
    #expect(abs((ends[1] ?? 0) - bar) < 1.5, "the bass staff's lines end at the first bar line")
    #expect((ends[0] ?? 0) > bar + 50, "the top staff runs on to the end")
    // No bar line joins the two staves after the bass staff has left.
    let bottomOfTop = all.filter { $0.role == .staffLine && $0.context.staff == 0 }.map(\.box.maxY).max() ?? 0
    let joins = all.filter {
      $0.role == .barLine && $0.box.minY >= bottomOfTop - 0.5 && $0.box.midX > bar + 1
    }
    #expect(joins.isEmpty)
    #expect(all.filter { $0.role == .notehead }.count == 16)
  }

  @Test func aLineContinuedPastAChangeStaysOneLine() throws {
    // sample5's "Romance sans paroles": the melody's staff goes on alone after `\`.
    let all = try items(
      """
      X:2
      M:4/4
      L:1/4
      %%staves {M A}
      K:C
      V:M
      z4|\\
      V:A clef=bass
      C,D,E,F,|\\
      %%staves M
      V:M
      cdef|gfed|c4|]
      """)
    #expect(staves(all) == [0: [0, 1]])
    let ends = staffLineEnds(all, line: 0)
    let bar = try #require(barXs(all, line: 0, staff: 0).first)
    #expect(abs((ends[1] ?? 0) - bar) < 1.5)
    #expect((ends[0] ?? 0) > bar + 100)
    // The brace and the bass clef stand at the line's start only.
    let clefs = all.filter { $0.role == .clef }
    #expect(clefs.count == 2)
    #expect(clefs.allSatisfy { $0.box.maxX < bar })
  }

  @Test func anOssiaEnteringMidLineStartsAtItsBarWithoutAClef() throws {
    let all = try items(
      """
      X:4
      M:4/4
      L:1/4
      %%staves O | M
      K:C
      V:O
      %%staffscale 0.8
      V:M
      CDEF|\\
      %%staves O | M
      V:O
      |cBAG|\\
      V:M
      |cdef|\\
      %%staves M
      V:M
      GABc|]
      """)
    #expect(staves(all) == [0: [0, 1]])
    let ossia = all.filter { $0.role == .staffLine && $0.context.staff == 0 }
    let main = all.filter { $0.role == .staffLine && $0.context.staff == 1 }
    let bars = barXs(all, line: 0, staff: 1)
    #expect(bars.count >= 3)
    let ossiaStart = try #require(ossia.map(\.box.minX).min())
    let ossiaEnd = try #require(ossia.map(\.box.maxX).max())
    #expect(abs(ossiaStart - bars[0]) < 1.5, "the ossia starts at the first bar line")
    #expect(abs(ossiaEnd - bars[1]) < 1.5, "and ends at the second")
    // Smaller than the main staff, and with no clef of its own.
    let span = { (lines: [DisplayItem]) in
      (lines.map(\.box.midY).max() ?? 0) - (lines.map(\.box.midY).min() ?? 0)
    }
    #expect(abs(span(ossia) / span(main) - 0.8) < 0.01)
    #expect(!all.contains { $0.role == .clef && $0.context.staff == 0 })
    #expect(all.filter { $0.role == .notehead && $0.context.staff == 0 }.count == 4)
  }

  @Test func aVoiceWaitingInPaddingDoesNotHoldBarsTogether() throws {
    // The fugue of sample5: a voice that first plays after a later `%%staves` is padded up
    // to it; its padding must not make the bars before unbreakable (the line broke mid-bar).
    var body = ""
    for _ in 0..<6 { body += "c/d/e/f/ g/a/b/c'/ c'/b/a/g/ f/e/d/c/|\\\n" }
    let all = try items(
      """
      X:5
      M:4/4
      L:1/4
      %%staves 1
      K:C
      V:1
      \(body)%%staves 1 | 2
      V:1
      cdef|]
      V:2 clef=bass
      C,D,E,F,|]
      """)
    let lines = Set(all.compactMap(\.context.line))
    #expect(lines.count >= 2)
    // Every line but the last ends on a bar line: no notehead right of its last bar.
    for line in lines.sorted().dropLast() {
      let lastBar = try #require(barXs(all, line: line, staff: 0).last)
      let heads = all.filter { $0.role == .notehead && $0.context.line == line }
      #expect(heads.allSatisfy { $0.box.maxX < lastBar }, "line \(line) ends mid-bar")
    }
  }
}

/// Staves with nothing to play in a line, and tunes with margins of their own.
@Suite struct StaffVisibilityTests {
  @Test func aStaffWhoseVoiceHasNotBegunIsLeftOut() throws {
    // As sample5's fugue: an ossia voice is declared at the start but only plays after a
    // later %%staves.
    let abc = """
      X:1
      M:4/4
      L:1/4
      %%score O | M
      K:C
      V:O name="Ossia"
      V:M
      CDEF|GABc|
      %%score O | M
      V:O
      cBAG|
      V:M
      cdef|]

      """
    let items = try LayoutFixture.engrave(abc).pages.flatMap(\.items)
    let lines = Dictionary(grouping: items.filter { $0.role == .staffLine }, by: { $0.context.line ?? -1 })
    #expect(lines[0]?.count == 5, "one staff before the ossia plays")
    #expect(lines[1]?.count == 10, "two staves once it does")
    #expect(
      !items.contains {
        if case .text(let t) = $0.shape { t.text == "Ossia" && $0.context.line == 0 } else { false }
      })
  }

  @Test func aTunesOwnMarginsKeepItsMusicOnThePage() throws {
    let abc = "X:1\nM:4/4\nL:1/4\nK:C\nCDEF|GABc|CDEF|GABc|\ncdef|]\n"
    let tune = try #require(ABCParser.parse(abc).tunebook.tunes.first)
    // The page has the template's margins; the tune sets its own (as `%%leftmargin 0.5cm`
    // and `%%rightmargin 0.5cm` in it do).
    let margin = 0.5 / 2.54 * 72
    var own = PageSetup.a4
    own.marginLeft = margin
    own.marginRight = margin
    let engraver = Engraver(font: try LayoutFixture.font(), measurer: ApproximateTextMeasurer(), setup: .a4)
    let list = engraver.engrave(
      book: [.tune(tune)], matter: BookMatter(), tuneStyle: { _ in (own, LayoutOptions()) })
    let page = try #require(list.pages.first)
    let staffLines = page.items.filter { $0.role == .staffLine }
    #expect(staffLines.count == 10)
    // Every line starts at the tune's margin; the full first line ends at its right margin.
    #expect(
      staffLines.allSatisfy { abs($0.box.minX - margin) < 0.5 && $0.box.maxX <= page.width - margin + 0.5 })
    #expect(
      staffLines.filter { $0.context.line == 0 }.allSatisfy { abs($0.box.maxX - (page.width - margin)) < 0.5 }
    )
  }
}
