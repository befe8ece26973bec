import ABCParser
import DisplayList
import Foundation
import ScoreModel
import Testing

/// `%%tuplets` / `I:tuplets` (abcm2ps): when brackets are drawn, their shape, the number.
@Suite struct TupletStyleTests {
  func tuplets(_ body: String) throws -> [DisplayItem] {
    try LayoutFixture.engrave("X:1\nL:1/8\nK:C\n\(body)\n").pages.flatMap(\.items).filter {
      $0.role == .tuplet
    }
  }

  func glyphs(_ items: [DisplayItem]) -> [String] {
    items.compactMap { if case .glyph(let g) = $0.shape { g.name } else { nil } }
  }

  func lines(_ items: [DisplayItem]) -> Int {
    items.filter { if case .line = $0.shape { true } else { false } }.count
  }

  @Test func theStyleIsReadAndKeptOnEachTuplet() throws {
    let parsed = ABCParser.parse(
      "X:1\nL:1/8\n%%tuplets 2 1 2 1\nK:C\n(3ABc [I:tuplets 1 0 0](3ABc [I:tuplets 5]\n")
    let tuplets = parsed.tunebook.tunes.first?.voices.first?.elements.compactMap { element -> Tuplet? in
      if case .tupletStart(let tuplet, _) = element { tuplet } else { nil }
    }
    #expect(
      tuplets?.map(\.style) == [
        TupletStyle(when: .always, shape: .slur, number: .ratio, side: .above),
        TupletStyle(when: .never, shape: .bracket, number: .count, side: .above),
      ])
    #expect(parsed.diagnostics.map(\.message) == ["bad tuplets value '5'; expected 0, 1 or 2"])
  }

  @Test func beamedTupletsShowTheNumberOnlyByDefault() throws {
    let items = try tuplets("(3ABc")
    #expect(glyphs(items) == ["tuplet3"])
    #expect(lines(items) == 0)
  }

  @Test func neverDrawsNothingAndAlwaysDrawsTheBracket() throws {
    #expect(try tuplets("[I:tuplets 1 0 0](3ABc (3A2B2c2").isEmpty)
    let always = try tuplets("[I:tuplets 2 0 0](3ABc")
    #expect(glyphs(always) == ["tuplet3"])
    #expect(lines(always) == 4, "two halves of the bracket and two hooks")
  }

  @Test func aRatioAndASlurShape() throws {
    let ratio = try tuplets("[I:tuplets 0 0 2](3ABc")
    #expect(glyphs(ratio) == ["tuplet3", "tupletColon", "tuplet2"])
    let slur = try tuplets("[I:tuplets 2 1 1](3ABc")
    #expect(glyphs(slur).isEmpty)
    #expect(slur.contains { if case .path = $0.shape { true } else { false } })
  }
}
