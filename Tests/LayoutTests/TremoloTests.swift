import DisplayList
import Foundation
import Testing

/// Tremolos: strokes across a stem, and two-note tremolos shown at twice their value.
@Suite struct TremoloTests {
  func items(_ body: String) throws -> [DisplayItem] {
    try LayoutFixture.engrave("X:1\nL:1/4\nK:C\n\(body)\n").pages.flatMap(\.items)
  }

  func glyphNames(_ items: [DisplayItem], role: Role) -> [String] {
    items.filter { $0.role == role }.compactMap { if case .glyph(let g) = $0.shape { g.name } else { nil } }
  }

  @Test func stemStrokesCrossTheStem() throws {
    let all = try items("c !/!c !//!c !///!c|]")
    #expect(glyphNames(all, role: .beam) == ["tremolo1", "tremolo2", "tremolo3"])
    for stroke in all.filter({ $0.role == .beam }) {
      let stems = all.filter { $0.role == .stem }
      let stem = try #require(
        stems.min { abs($0.box.midX - stroke.box.midX) < abs($1.box.midX - stroke.box.midX) })
      // Centred on the stem, within its length.
      #expect(abs(stroke.box.midX - stem.box.midX) < 0.6)
      #expect(stroke.box.minY >= stem.box.minY - 0.5 && stroke.box.maxY <= stem.box.maxY + 0.5)
    }
  }

  @Test func twoNoteTremoloShowsTwiceTheValueJoinedByStrokes() throws {
    // Two crotchets in time, written as two minims joined by two strokes.
    let all = try items("C!trem2!c z2|]")
    #expect(glyphNames(all, role: .notehead) == ["noteheadHalf", "noteheadHalf"])
    let strokes = all.filter { $0.role == .beam }
    #expect(strokes.count == 2)
    let stems = all.filter { $0.role == .stem }.map(\.box.midX).sorted()
    #expect(stems.count == 2)
    for stroke in strokes {
      #expect(stroke.box.minX <= stems[0] + 0.5 && stroke.box.maxX >= stems[1] - 0.5, "from stem to stem")
    }
  }

  @Test func wholeNoteTremoloStrokesFloatBetweenTheHeads() throws {
    let all = try items("C2!trem1!c2|]")
    #expect(glyphNames(all, role: .notehead) == ["noteheadWhole", "noteheadWhole"])
    #expect(all.filter { $0.role == .stem }.isEmpty)
    let heads = all.filter { $0.role == .notehead }.sorted { $0.box.minX < $1.box.minX }
    let stroke = try #require(all.first { $0.role == .beam })
    #expect(stroke.box.minX > heads[0].box.maxX && stroke.box.maxX < heads[1].box.minX)
  }
}

/// `!beambr1!` / `!beambr2!` break the secondary beams before a note.
@Suite struct BeamBreakTests {
  func beams(_ body: String) throws -> [DisplayItem] {
    try LayoutFixture.engrave("X:1\nL:1/8\nK:C\n\(body)\n").pages.flatMap(\.items).filter { $0.role == .beam }
  }

  @Test func secondaryBeamsBreakWhereAsked() throws {
    // Eight semiquavers: one primary and one secondary beam; with the break, two secondaries.
    #expect(try beams("C/D/E/F/G/A/B/c/").count == 2)
    #expect(try beams("C/D/E/F/!beambr1!G/A/B/c/").count == 3)
    // Demisemiquavers: !beambr2! keeps two beams running and breaks the third.
    #expect(try beams("C//D//E//F//G//A//B//c//").count == 3)
    #expect(try beams("C//D//E//F//!beambr2!G//A//B//c//").count == 4)
    #expect(try beams("C//D//E//F//!beambr1!G//A//B//c//").count == 5)
  }

  @Test func beamonCarriesTheBeamAcrossABarLine() throws {
    // Without it each bar has its own beam; with it one beam spans the bar line.
    let plain = try beams("M:2/4\nabcd|efga|]")
    #expect(plain.count == 2)
    let joined = try beams("M:2/4\nabcd!beamon!|efga|]")
    #expect(joined.count == 1)
    let bar = try #require(
      LayoutFixture.engrave("X:1\nL:1/8\nM:2/4\nK:C\nabcd!beamon!|efga|]\n").pages.flatMap(\.items)
        .first { $0.role == .barLine })
    #expect(joined[0].box.minX < bar.box.minX && joined[0].box.maxX > bar.box.maxX)
  }

  @Test func beamonStopsAtALineBreak() throws {
    // The bar ends a score line: the beam cannot run on to the next line.
    #expect(try beams("M:2/4\nabcd!beamon!|\nefga|]").count == 2)
  }
}
