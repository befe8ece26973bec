import ABCParser
import DisplayList
import Foundation
import Layout
import ScoreModel
import Testing

/// Percussion: the percussion clef reads like a treble staff, `stafflines=` staves, and
/// x note heads.
@Suite struct PercussionTests {
  func items(_ abc: String) throws -> [DisplayItem] {
    try LayoutFixture.engrave(abc + "\n").pages.flatMap(\.items)
  }

  func glyphNames(_ items: [DisplayItem], role: Role) -> [String] {
    items.filter { $0.role == role }.compactMap { if case .glyph(let g) = $0.shape { g.name } else { nil } }
  }

  @Test func aOneLineStaffCarriesItsNotesOnTheLine() throws {
    let all = try items("X:1\nL:1/4\nK:C clef=perc stafflines=1\nB B B B|B2 z2|]")
    let lines = all.filter { $0.role == .staffLine }
    #expect(lines.count == 1)
    let line = try #require(lines.first)
    for head in all.filter({ $0.role == .notehead }) {
      #expect(abs(head.box.midY - line.box.midY) < 0.6, "B sits on the single line")
    }
    // Bar lines span a staff space either side of the line, not a five-line staff.
    for bar in all.filter({ $0.role == .barLine }) {
      #expect(bar.box.height < 11 && bar.box.minY < line.box.midY && bar.box.maxY > line.box.midY)
    }
    #expect(glyphNames(all, role: .clef) == ["unpitchedPercussionClef1"])
  }

  @Test func otherLineCountsHangFromTheTopLine() throws {
    for count in [3, 6] {
      let all = try items("X:1\nL:1/4\nK:C stafflines=\(count)\nB d f B|]")
      let ys = all.filter { $0.role == .staffLine }.map(\.box.midY).sorted()
      #expect(ys.count == count)
      #expect(zip(ys, ys.dropFirst()).allSatisfy { abs($1 - $0 - 5) < 0.01 }, "a staff space apart")
      // The top line is the five-line staff's top line: f is on it.
      let f = try #require(all.filter { $0.role == .notehead }.dropFirst(2).first)
      #expect(abs(f.box.midY - ys[0]) < 0.6)
    }
  }

  @Test func xHeadsForBlackNotesAndCircledForLonger() throws {
    let all = try items("X:1\nL:1/8\nK:C clef=perc\n!x!g2 !head-x!g4 c2|]")
    #expect(glyphNames(all, role: .notehead) == ["noteheadXBlack", "noteheadCircleX", "noteheadBlack"])
  }
}

/// `%%percmap`: heads by written pitch, in chords too; heads that cannot be drawn are said.
@Suite struct PercussionMapTests {
  static let kit = """
    X:1
    M:4/4
    L:1/8
    %%percmap g closed-hi-hat x
    %%percmap F bass-drum-1
    %%percmap a crash circle-x
    %%percmap e low-tom triangle
    %%percmap B ride star
    K:C clef=perc
    [Fg]g a2 e4|]

    """

  @Test func headsFollowTheMapHeadByHead() throws {
    let items = try LayoutFixture.engrave(Self.kit).pages.flatMap(\.items)
    let heads = items.filter { $0.role == .notehead }.compactMap {
      if case .glyph(let g) = $0.shape { g.name } else { nil }
    }
    #expect(heads == ["noteheadBlack", "noteheadXBlack", "noteheadXBlack", "noteheadCircleX"])
    // The fonts have no triangle: the open triangle of the minim is drawn as a stroked outline.
    let outlines = items.filter { $0.role == .notehead }.compactMap {
      if case .path(let path) = $0.shape { path } else { nil }
    }
    #expect(outlines.count == 1 && outlines.first?.strokeWidth != nil)
  }

  @Test func theMapIsReadAndAnUndrawableHeadIsReported() throws {
    let tune = try #require(ABCParser.parse(Self.kit).tunebook.tunes.first)
    #expect(tune.percussionMap.map(\.drum) == ["closed-hi-hat", "bass-drum-1", "crash", "low-tom", "ride"])
    #expect(tune.percussionMap.first?.pitch == Pitch(step: .g, octave: 5))
    let warnings = UndrawnNotation.warnings(for: tune)
    #expect(warnings.map(\.message) == ["the percussion head 'star' (%%percmap) is not drawn yet"])
    #expect(warnings.first?.range.start.line == 8)
  }
}
