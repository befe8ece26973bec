import ABCParser
import DisplayList
import Foundation
import Layout
import ScoreModel
import Testing

/// Note heads of other shapes: decorations, a voice's `style=`, abcm2ps's `%%map`.
@Suite struct NoteheadStyleTests {
  func items(_ abc: String) throws -> [DisplayItem] {
    try LayoutFixture.engrave(abc + "\n").pages.flatMap(\.items)
  }

  /// The heads in order: a glyph's name, or `outline` for a drawn one.
  func heads(_ items: [DisplayItem]) -> [String] {
    items.filter { $0.role == .notehead }.map {
      if case .glyph(let g) = $0.shape { g.name } else { "outline" }
    }
  }

  @Test func decorationsNameTheShapeFilledOrOpenByValue() throws {
    let all = try items(
      "X:1\nL:1/4\nK:C\n!head-diamond!C !head-diamond!D2 !head-square!E !head-square!F2|"
        + "!style=harmonic!G !head-plus!A !head-circle-x!B !style=normal!c|]")
    #expect(
      heads(all) == [
        "noteheadDiamondBlack", "noteheadDiamondHalf", "noteheadSquareBlack", "noteheadSquareWhite",
        "noteheadDiamondHalf", "noteheadPlusBlack", "noteheadCircleX", "noteheadBlack",
      ])
  }

  @Test func trianglesAreDrawnAndStemsMeetTheirBase() throws {
    let all = try items("X:1\nL:1/4\nK:C\n!head-triangle!D !head-triangle!c|]")
    let outlines = all.filter { $0.role == .notehead }
    #expect(heads(all) == ["outline", "outline"])
    let stems = all.filter { $0.role == .stem }
    #expect(stems.count == 2)
    // Up stem (D): at the triangle's right corner, starting at its base.
    #expect(abs(stems[0].box.midX - outlines[0].box.maxX) < 1)
    #expect(abs(stems[0].box.maxY - outlines[0].box.maxY) < 1)
    // Down stem (c): at its left corner.
    #expect(abs(stems[1].box.midX - outlines[1].box.minX) < 1)
  }

  @Test func aVoiceStyleShapesEveryHeadOfThatVoice() throws {
    let all = try items("X:1\nL:1/4\nK:C\nV:1\nCD E2|]\nV:2 style=x\nCD E2|]")
    #expect(
      heads(all).sorted()
        == [
          "noteheadBlack", "noteheadBlack", "noteheadCircleX", "noteheadHalf",
          "noteheadXBlack", "noteheadXBlack",
        ].sorted())
    let tune = try #require(ABCParser.parse("X:1\nK:C\nV:1 style=rhythm\nC|]\n").tunebook.tunes.first)
    #expect(tune.voices.first?.headStyle == "rhythm")
  }

  @Test func mapsChangeHeadsAndPrintedNotesOfTheVoicesUsingThem() throws {
    let abc = """
      X:1
      L:1/4
      %%map kit ^F heads=x
      %%map kit c print=e heads=triangle
      %%map kit octave,A heads=diamond
      %%map kit key,G heads=square
      K:C
      V:1 map=kit
      ^F c A a|G c2 z|]
      V:2
      ^F c A a|G c2 z|]
      """
    let tune = try #require(ABCParser.parse(abc + "\n").tunebook.tunes.first)
    #expect(tune.noteMaps.count == 4)
    #expect(tune.noteMaps[1].printed == Pitch(step: .e, octave: 5))
    #expect(tune.voices.map(\.noteMap) == ["kit", nil])
    let all = try items(abc)
    let mapped = all.filter { $0.role == .notehead && $0.context.voice == 0 }
    #expect(
      heads(mapped) == [
        "noteheadXBlack", "outline", "noteheadDiamondBlack", "noteheadDiamondBlack", "noteheadSquareBlack",
        "outline",
      ])
    // print=e: the c of voice 1 sits a third higher (one staff space more above its A)
    // than voice 2's c.
    let plain = all.filter { $0.role == .notehead && $0.context.voice == 1 }
    let mappedRise = mapped[2].box.midY - mapped[1].box.midY
    let plainRise = plain[2].box.midY - plain[1].box.midY
    #expect(abs(mappedRise - plainRise - 5) < 0.8)
  }

  @Test func voicemapInTheMusicAndUnknownHeadsAreReported() throws {
    let abc = "X:1\nL:1/4\n%%map m C heads=blob\nK:C\nC D|\n%%voicemap m\nC D|]\n"
    let tune = try #require(ABCParser.parse(abc).tunebook.tunes.first)
    #expect(tune.voices.first?.noteMap == "m")
    #expect(
      UndrawnNotation.warnings(for: tune).map(\.message) == ["the note head 'blob' (%%map) is not drawn yet"])
    let bad = ABCParser.parse("X:1\n%%map m\nK:C\nC|]\n")
    #expect(bad.diagnostics.contains { $0.message.hasPrefix("%%map needs a map name and a note") })
  }
}
