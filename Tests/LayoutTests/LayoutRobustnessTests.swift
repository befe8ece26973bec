import ABCParser
import DisplayList
import Foundation
import Layout
import Testing

/// Layout never crashes or hangs, whatever the parser hands it: deterministic pseudo-random
/// tunes built from ABC's tokens (notes, chords, bars, endings, ties, slurs, tuplets, graces,
/// decorations, chord symbols, lyrics, inline fields, voices, overlays) engrave to pages.
@Suite struct LayoutRobustnessTests {
  static let tokens = [
    "C", "D,", "e'", "^f", "_B", "=c", "z", "x", "Z2", "y", "A2", "B/", "c3/2", "d>", "e<", "[CEG]", "[DD]",
    "[c2e]", "-", ".-", "(", ")", ".(", "(3", "(5:4:3", "{g}", "{/ag}", "~", ".", "T", "!trill!", "!fermata!",
    "!p!", "!crescendo(!", "!crescendo)!", "!segno!", "!D.C.!", "\"G\"", "\"^text\"", "\"_below\"",
    "\"<(\"", "\">)\"", "|", "||", "|]", "[|", "|:", ":|", "::", "|1", ":|2", "[1,3", "\n", "\n", " ", " ",
    "[K:D]", "[M:3/4]", "[L:1/16]", "[K:clef=bass]", "[Q:1/4=90]", "[P:B]", "&", "$", "\\\n",
    "\nw:la la-la _ *\n", "\nV:2\n", "\nV:1\n", "\nT:Section\n", "\nK:Bb\n", "\nM:C|\n",
  ]

  /// A small linear congruential generator, so failures reproduce.
  struct Generator {
    var state: UInt64
    mutating func next(_ bound: Int) -> Int {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int((state >> 33) % UInt64(bound))
    }
  }

  @Test func randomTunesEngraveWithoutCrashing() throws {
    let engraver = Engraver(font: try LayoutFixture.font(), measurer: ApproximateTextMeasurer())
    var generator = Generator(state: 20_261_129)
    // ABCPRESS_FUZZ_ROUNDS raises the count for a longer hunt; 400 keeps `make test` quick.
    let rounds = ProcessInfo.processInfo.environment["ABCPRESS_FUZZ_ROUNDS"].flatMap(Int.init) ?? 400
    for round in 0..<rounds {
      var body = ""
      for _ in 0..<(20 + generator.next(120)) {
        body += Self.tokens[generator.next(Self.tokens.count)]
      }
      let header = ["", "%%score (1 2)\n", "%%score {1 2}\n", "%%measurenb 1\n", "%%stretchlast 1\n"][
        round % 5]
      let abc =
        "X:\(round)\nT:Random \(round)\nM:\(["4/4", "6/8", "3/4", "C", "none"][round % 5])\n"
        + "L:1/8\n\(header)K:\(["C", "G", "Dm", "F#", "Bb clef=bass"][generator.next(5)])\n\(body)\n"
      let parsed = ABCParser.parse(abc)
      let list = engraver.engrave(parsed.tunebook)
      #expect(!list.pages.isEmpty, "round \(round)")
      for item in list.pages.flatMap(\.items) {
        #expect(item.box.x.isFinite && item.box.y.isFinite && item.box.width.isFinite, "round \(round)")
      }
    }
  }
}
