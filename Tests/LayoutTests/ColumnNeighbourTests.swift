import DisplayList
import Foundation
import Layout
import Testing

/// What stands beside a note in its column or at its line's edge keeps clear of it: the
/// other voice's second, an arpeggio, a tie into it, the clef before the first word, the
/// courtesy signatures at the margin, a run of fermatas over notes and rests.
@Suite struct ColumnNeighbourTests {
  func items(_ abc: String, options: LayoutOptions = LayoutOptions()) throws -> [DisplayItem] {
    try LayoutFixture.engrave(abc + "\n", options: options).pages.flatMap(\.items)
  }

  func glyphs(_ items: [DisplayItem], _ name: String) -> [DisplayItem] {
    items.filter { if case .glyph(let glyph) = $0.shape { glyph.name == name } else { false } }
  }

  /// Two voices on one staff, the lower a chord with a second (its G left of its stem).
  static func duet(upper: String, lower: String) -> String {
    """
    X:1
    L:1/4
    %%score (V1 V2)
    K:C
    V:V1
    \(upper) |]
    V:V2
    \(lower) |]
    """
  }

  @Test func aLowerChordsSecondOnTheUpperNoteIsOneHead() throws {
    // V1's G (stem up) and V2's G of [GA] (stem down, set left of the stem): one head.
    let all = try items(Self.duet(upper: "G2", lower: "[GA]2"))
    let heads = all.filter { $0.role == .notehead }
    #expect(heads.count == 3)
    let upper = try #require(heads.first { $0.context.voice == 0 })
    let shared = heads.filter { $0.context.voice == 1 && abs($0.box.midY - upper.box.midY) < 0.1 }
    #expect(shared.count == 1)
    #expect(abs((shared.first?.box.minX ?? 0) - upper.box.minX) < 0.05, "drawn on the upper head")
  }

  @Test func anUpperAccidentalStandsLeftOfTheLowerChordsSecond() throws {
    // V1's ^c is a third above V2's A: no clash, one column; V2's G stands left of its
    // stem, under the sharp's reach.
    let all = try items(Self.duet(upper: "^c2", lower: "!arpeggio![GA]2"))
    let sharp = try #require(all.first { $0.role == .accidental && $0.context.voice == 0 })
    let heads = all.filter { $0.role == .notehead && $0.context.voice == 1 }
    let displaced = try #require(heads.min { $0.box.minX < $1.box.minX })
    #expect(sharp.box.maxX <= displaced.box.minX + 0.01, "the sharp left of the G")
    // The lower chord's arpeggio stands left of both.
    let arpeggio = try #require(all.first { $0.role == .decoration && $0.context.voice == 1 })
    #expect(arpeggio.box.maxX <= sharp.box.minX + 0.01)
  }

  @Test func aTieIntoAnArpeggiatedChordEndsBeforeTheArpeggio() throws {
    // Six bars fill the line: each tie has room to stop short of the arpeggio.
    let bar = "[CEG]2- !arpeggio![CEG]2"
    let all = try items(
      "X:1\nM:4/4\nL:1/4\nK:C\n" + Array(repeating: bar, count: 6).joined(separator: " | ") + " |]")
    let arpeggios = all.filter { $0.role == .decoration }
    let ties = all.filter { $0.role == .tie }
    #expect(arpeggios.count == 6 && ties.count == 18)
    for tie in ties {
      let next = try #require(
        arpeggios.filter { $0.box.minX > tie.box.minX }.min { $0.box.minX < $1.box.minX })
      #expect(tie.box.maxX <= next.box.minX + 0.01)
    }
    // Set tight, the tie runs to the heads rather than vanish.
    let tight = try items("X:1\nL:1/4\nK:C\n" + bar + " |]")
    #expect(tight.filter { $0.role == .tie }.count == 3)
  }

  @Test func theFirstSyllableOfALineStandsClearOfTheClef() throws {
    let all = try items(
      """
      X:1
      L:1/4
      K:C clef=treble
      C D E F |]
      w: Schwalbenflug-ge-fie-der
      """)
    let clef = try #require(all.first { $0.role == .clef })
    let first = try #require(all.filter { $0.role == .lyric }.min { $0.box.minX < $1.box.minX })
    #expect(first.box.minX >= clef.box.maxX - 0.01)
  }

  @Test func courtesySignaturesStayWithinTheMargin() throws {
    // Lines set end to end (optimal breaks): wherever one ends before a meter or key
    // change, the courtesy signs at its end keep inside the right margin.
    // Every bar changes meter and key, so every line ends announcing the next one's (a
    // piano's two staves, as in the songs where the signs ran past the margin).
    let right = (0..<40).map { $0 % 2 == 0 ? "[M:3/4][K:Eb]cdefga" : "[M:2/4][K:A]c'bag" }
    let left = (0..<40).map { $0 % 2 == 0 ? "[M:3/4][K:Eb]C,6" : "[M:2/4][K:A]C,4" }
    let abc =
      "X:1\nM:2/4\nL:1/8\n%%score {RH LH}\nV:RH\nV:LH clef=bass\nK:C\n[V:RH] "
      + right.joined(separator: " | ")
      + " |]\n[V:LH] " + left.joined(separator: " | ") + " |]"
    let all = try items(abc, options: LayoutOptions(lineBreaks: .optimal))
    let margin = PageSetup.a4.width - PageSetup.a4.marginRight
    let signs = all.filter { $0.role == .timeSignature || $0.role == .keySignature }
    #expect(!signs.isEmpty)
    var courtesy = 0
    for line in Set(all.compactMap(\.context.line)) {
      let bars = all.filter { $0.context.line == line && $0.role == .barLine && $0.context.staff == 0 }
      guard let lastBar = bars.map(\.box.maxX).max() else { continue }
      courtesy += signs.filter { $0.context.line == line && $0.box.minX > lastBar }.count
    }
    #expect(courtesy > 0, "some line ends with courtesy signatures")
    for sign in signs { #expect(sign.box.maxX <= margin + 0.01) }
  }

  @Test func fermatasOverANoteAndTheRestAfterItShareARow() throws {
    let all = try items(
      """
      X:1
      L:1/4
      K:C
      C D !fermata!a' !fermata!z |]
      """)
    let fermatas = glyphs(all, "fermataAbove")
    #expect(fermatas.count == 2)
    #expect(abs(fermatas[0].box.maxY - fermatas[1].box.maxY) < 0.01)
  }

  @Test func restsOfTwoVoicesAtOneTimeStandApart() throws {
    // An eighth rest in V1 and a quarter rest in V2 on beat one: not one on the other.
    let all = try items(Self.duet(upper: "z/ c/ c c c", lower: "z F G A"))
    let rests = all.filter { $0.role == .rest }
    let upper = try #require(rests.first { $0.context.voice == 0 })
    let lower = try #require(rests.first { $0.context.voice == 1 })
    #expect(upper.box.maxY <= lower.box.minY + 0.25, "the upper voice's rest above the lower's")
  }
}
