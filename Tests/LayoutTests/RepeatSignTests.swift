import ABCParser
import DisplayList
import Foundation
import Layout
import ScoreModel
import Testing

/// abcm2ps's `%%repeat`: written-out bars and notes drawn as repeat signs.
@Suite struct RepeatSignTests {
  func items(_ abc: String) throws -> [DisplayItem] {
    try LayoutFixture.engrave(abc + "\n").pages.flatMap(\.items)
  }

  func glyphs(_ items: [DisplayItem], role: Role) -> [String] {
    items.filter { $0.role == role }.compactMap { if case .glyph(let g) = $0.shape { g.name } else { nil } }
  }

  static let measures = "X:1\nM:4/4\nL:1/8\nK:G\nGABc dedB|\n%%repeat 1 3\nGABc dedB|GABc dedB|GABc dedB|d8|]"

  @Test func theDirectiveIsKeptWithTheVoiceAndTheMusicStillPlays() throws {
    let tune = try #require(ABCParser.parse(Self.measures + "\n").tunebook.tunes.first)
    let sign = try #require(tune.voices.first?.repeatSigns.first)
    #expect(sign.count == 1 && sign.times == 3 && sign.repeatsBars)
    // The written-out notes stay in the score model (MIDI plays them).
    let notes = tune.voices[0].elements.filter { if case .note = $0 { true } else { false } }
    #expect(notes.count == 33)
    let bad = ABCParser.parse("X:1\nK:C\nC4|\n%%repeat 3\nC4|C4|C4|]\n")
    #expect(bad.diagnostics.contains { $0.message.hasPrefix("bad %%repeat values") })
  }

  @Test func eachRepeatedBarIsOneCentredSignNumberedFromTheThird() throws {
    let all = try items(Self.measures)
    #expect(glyphs(all, role: .rest).filter { $0 == "repeat1Bar" }.count == 3)
    // Only the first bar's notes and the last bar's are drawn.
    #expect(all.filter { $0.role == .notehead }.count == 9)
    // Numbers 3 and 4 over the second and third signs.
    #expect(glyphs(all, role: .rest).filter { $0.hasPrefix("tuplet") } == ["tuplet3", "tuplet4"])
    // Each sign sits in the middle of its bar.
    let bars = all.filter { $0.role == .barLine }.map(\.box.midX).sorted()
    let between = all.filter { $0.role == .rest && $0.box.width > 5 }.compactMap {
      sign -> (Double, Double, Double)? in
      guard let left = bars.last(where: { $0 < sign.box.midX }),
        let right = bars.first(where: { $0 > sign.box.midX })
      else { return nil }
      return (left, sign.box.midX, right)
    }
    #expect(between.count >= 2)
    for (left, middle, right) in between { #expect(abs(middle - (left + right) / 2) < 2) }
  }

  @Test func aTwoBarRepeatStandsOnTheBarLineBetweenItsBars() throws {
    let all = try items("X:1\nM:2/4\nL:1/4\nK:C\nCD|EF|\n%%repeat 2\nCD|EF|G2|]")
    #expect(glyphs(all, role: .rest) == ["repeat2Bars"])
    let sign = try #require(all.first { $0.role == .rest })
    let bars = all.filter { $0.role == .barLine }.map(\.box.midX).sorted()
    #expect(bars.contains { abs($0 - sign.box.midX) < 0.8 })
    #expect(all.filter { $0.role == .notehead }.count == 5)
  }

  @Test func aSequenceRepeatDrawsASlashPerGroup() throws {
    let all = try items("X:1\nM:4/4\nL:1/8\nK:C\nABcd\n%%repeat 4 1\nABcd|G8|]")
    #expect(glyphs(all, role: .rest) == ["repeatBarSlash"])
    #expect(all.filter { $0.role == .notehead }.count == 5)
  }
}
