import ABCParser
import DisplayList
import Foundation
import ScoreModel
import Testing

/// abcm2ps's grace slur: a small slur from grace notes to their main note, on by default.
@Suite struct GraceSlurTests {
  func slurs(_ abc: String) throws -> [DisplayItem] {
    try LayoutFixture.engrave(abc).pages.flatMap(\.items).filter { $0.role == .slur }
  }

  @Test func graceNotesAreSlurredToTheirNote() throws {
    let all = try LayoutFixture.engrave("X:1\nL:1/8\nK:G\n({A}G3) B2|{c}B4|]\n").pages.flatMap(\.items)
    let slurs = all.filter { $0.role == .slur }
    // One per grace group (the written slur from the grace to G is that same curve).
    #expect(slurs.count == 2)
    let heads = all.filter { $0.role == .notehead }.sorted { $0.box.minX < $1.box.minX }
    let first = try #require(slurs.min { $0.box.minX < $1.box.minX })
    // From under the grace note to the main note's head.
    #expect(first.box.minX >= heads[0].box.minX - 0.5 && first.box.maxX <= heads[1].box.maxX + 0.5)
  }

  @Test func graceslursZeroTurnsThemOff() throws {
    #expect(try slurs("X:1\nL:1/8\n%%graceslurs 0\nK:G\n{A}G3 B2|{c}B4|]\n").isEmpty)
  }

  @Test func graceNotesStandBeforeTheArpeggio() throws {
    // A lone flagged grace note before an arpeggiated chord: the arpeggio stands between
    // them, its line clear of the grace's head, stem, flag and slash.
    let all = try LayoutFixture.engrave("X:1\nL:1/4\n%%graceslurs 0\nK:C\n{/^F}!arpeggio![EGce] c|]\n").pages
      .flatMap(\.items)
    let arpeggio = try #require(all.first { $0.role == .decoration })
    let grace = all.filter {
      ($0.source.map { $0.line == 5 && $0.column < 6 } ?? false) && $0.role != .decoration
    }
    #expect(grace.count >= 4, "head, accidental, stem, flag")
    #expect(grace.allSatisfy { $0.box.maxX < arpeggio.box.minX }, "the grace note ends before the arpeggio")
  }

  /// `A4{g}|B`: the grace note stands at the end of the bar, before the bar line, with no
  /// slur (abcm2ps); the model keeps it with the note after the bar for playing.
  @Test func graceNotesBeforeABarLineEndTheBar() throws {
    let abc = "X:1\nL:1/8\nK:D\nB2GB A4{g}|a2fa g4|]\n"
    let tune = try #require(ABCParser.parse(abc).tunebook.tunes.first)
    let graced = tune.voices[0].elements.compactMap { element -> GraceGroup? in
      if case .note(let note) = element { note.graceNotes } else { nil }
    }
    #expect(graced.count == 1)
    #expect(graced.first?.standsBeforeBar == true)
    #expect(graced.first?.isSlurred == false)
    let all = try LayoutFixture.engrave(abc).pages.flatMap(\.items)
    #expect(all.filter { $0.role == .slur }.isEmpty)
    // The grace's head (the small one) is left of the bar line after it, that bar line
    // left of the main note `a`.
    let heads = all.filter { $0.role == .notehead }
    let graceHead = try #require(heads.min { $0.box.height < $1.box.height })
    #expect(graceHead.box.height < 4)
    let mainHead = try #require(
      heads.filter { $0.box.minX > graceHead.box.maxX }.min { $0.box.minX < $1.box.minX })
    let bars = all.filter { $0.role == .barLine }.map(\.box.minX).sorted()
    let bar = try #require(bars.first { $0 > graceHead.box.maxX })
    #expect(bar < mainHead.box.minX)
    // Without the bar line between, the grace is slurred to its note as usual.
    let plain = try LayoutFixture.engrave("X:1\nL:1/8\nK:D\nB2GB A4|{g}a2fa g4|]\n").pages.flatMap(\.items)
    #expect(plain.filter { $0.role == .slur }.count == 1)
  }
}
