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

  @Test func anOuterTupletIsBracketedOutsideTheInnerOne() throws {
    // Everything beamed: the inner triplet shows its number only, the outer one a
    // bracket beyond the inner number.
    let items = try tuplets("(3:2:5 c/ (3d/4e/4f/4 g/ A2")
    #expect(glyphs(items) == ["tuplet3", "tuplet3"])
    #expect(lines(items) == 4)
    let numbers = items.filter { if case .glyph = $0.shape { true } else { false } }
    let bracket = items.filter { if case .line = $0.shape { true } else { false } }
    // Both sit on the same side; the bracket and its number are further from the staff.
    let bracketTop = bracket.map(\.box.y).min() ?? 0
    let bracketBottom = bracket.map { $0.box.y + $0.box.height }.max() ?? 0
    let numberCentres = numbers.map { $0.box.y + $0.box.height / 2 }.sorted()
    // One number lies outside the bracket's band (the inner one), one inside it.
    #expect(numberCentres.filter { $0 >= bracketTop && $0 <= bracketBottom }.count == 1)
    let spanOfBracket = (bracket.map(\.box.x).min() ?? 0, bracket.map { $0.box.x + $0.box.width }.max() ?? 0)
    #expect(numbers.allSatisfy { $0.box.x > spanOfBracket.0 && $0.box.x < spanOfBracket.1 })
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
