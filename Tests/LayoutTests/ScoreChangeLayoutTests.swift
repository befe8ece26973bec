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

  @Test func automaticBreaksAlsoEndTheLineAtAChange() throws {
    let all = try items(
      """
      X:3
      T:joined lines
      M:4/4
      L:1/4
      %%linebreak <none>
      %%score (A B)
      K:C
      V:A
      CDEF|
      V:B
      C,D,E,F,|
      %%score A
      V:A
      GABc|]
      """)
    #expect(staves(all).count == 2)
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
