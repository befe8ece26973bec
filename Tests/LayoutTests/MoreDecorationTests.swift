import ABCParser
import DisplayList
import Foundation
import Layout
import ScoreModel
import Testing

/// Decorations abcm2ps defines beyond the common ones: fermatas, pedal, octave lines,
/// glissandos, editorial accidentals, invisible and stemless notes.
@Suite struct MoreDecorationTests {
  func items(_ body: String) throws -> [DisplayItem] {
    try LayoutFixture.engrave("X:1\nL:1/4\nK:C\n\(body)\n").pages.flatMap(\.items)
  }

  func glyphs(_ items: [DisplayItem]) -> Set<String> {
    Set(items.compactMap { if case .glyph(let g) = $0.shape { g.name } else { nil } })
  }

  func texts(_ items: [DisplayItem]) -> [String] {
    items.compactMap { if case .text(let t) = $0.shape { t.text } else { nil } }
  }

  @Test func marksAndWordsAreDrawn() throws {
    let all = try items(
      "!shortfermata!c !longfermata!d !verylongfermata!e !caesura!f|!ped!C !ped-up!E !sfp!G !tr!c|"
        + "!cresc!C !dim!D !D.C.alfine!E !invertedshortfermata!F|]")
    let names = glyphs(all)
    for name in [
      "fermataShortAbove", "fermataLongAbove", "fermataVeryLongAbove", "caesura", "keyboardPedalPed",
      "keyboardPedalUp", "dynamicSforzandoPiano", "ornamentTrill", "fermataShortBelow",
    ] {
      #expect(names.contains(name), "\(name) drawn")
    }
    #expect(Set(texts(all)).isSuperset(of: ["cresc.", "dim.", "D.C. al Fine"]))
    let tune = try #require(
      ABCParser.parse("X:1\nK:C\n!shortfermata!c !ped!C !8va(!c !8va)!d !-(!C !-)!c !editorial!^c|]\n")
        .tunebook.tunes.first)
    #expect(UndrawnNotation.warnings(for: tune).isEmpty)
  }

  @Test func aMarcatoThatPointsOneWayKeepsItsSideWhateverTheStem() throws {
    // C (stem up) with !umarcato!: above, past the stem's tip; c' (stem down) with
    // !dmarcato!: below, past the stem's tip.
    let all = try items("!umarcato!C !dmarcato!c' !marcato!C|]")
    func mark(_ name: String) -> [DisplayItem] {
      all.filter { if case .glyph(let g) = $0.shape { g.name == name } else { false } }
    }
    let stems = all.filter { $0.role == .stem }.sorted { $0.box.minX < $1.box.minX }
    #expect(stems.count == 3)
    let up = try #require(mark("articMarcatoAbove").first)
    let down = try #require(mark("articMarcatoBelow").sorted { $0.box.minX < $1.box.minX }.first)
    // Just past the tip: within a staff space.
    #expect(up.box.maxY <= stems[0].box.minY && stems[0].box.minY - up.box.maxY < 5)
    #expect(down.box.minY >= stems[1].box.maxY && down.box.minY - stems[1].box.maxY < 5)
    // A plain marcato goes opposite the stem (below the up-stemmed C).
    #expect(mark("articMarcatoBelow").count == 2)
  }

  @Test func anOctaveLineDrawsItsNotesAnOctaveAwayUnderASign() throws {
    /// Heads' y below the top staff line, and the staff space.
    func heads(_ items: [DisplayItem]) -> (ys: [Double], space: Double) {
      let lines = items.filter { $0.role == .staffLine }.map(\.box.midY)
      let top = lines.min() ?? 0
      return (items.filter { $0.role == .notehead }.map { $0.box.midY - top }, ((lines.max() ?? 0) - top) / 4)
    }
    let plain = heads(try items("c' d' e' f'|]"))
    let all = try items("!8va(!c' d' e' !8va)!f'|]")
    let shifted = heads(all)
    // Seven steps: three and a half staff spaces lower.
    #expect(shifted.ys.count == 4)
    for (a, b) in zip(plain.ys, shifted.ys) { #expect(abs((b - a) - 3.5 * plain.space) < 0.6) }
    let shiftedHeads = all.filter { $0.role == .notehead }
    #expect(glyphs(all).contains("ottavaAlta"))
    let dashed = all.filter {
      if case .line(let line) = $0.shape { line.dash != nil } else { false }
    }
    #expect(dashed.count == 1)
    let dash = try #require(dashed.first)
    #expect(dash.box.maxY < shiftedHeads.map(\.box.minY).min()!, "the line is above the notes")
    // 8vb: below the staff, notes drawn higher.
    let low = try items("!8vb(!C, !8vb)!D,|]")
    #expect(glyphs(low).contains("ottavaBassaVb"))
  }

  @Test func octaveAndTrillLinesCarryOverEveryScoreLineTheySpan() throws {
    let all = try LayoutFixture.engrave(
      """
      X:1
      L:1/8
      K:C
      !8va(!cdef gabc'|
      cdef gabc'|
      cdef !8va)!gabc'|
      !trill(!c8|
      c8|
      c8 !trill)!|]

      """
    ).pages.flatMap(\.items)
    func glyphLines(_ name: String) -> [Int] {
      all.filter { if case .glyph(let g) = $0.shape { g.name == name } else { false } }.compactMap(
        \.context.line)
    }
    // The octave line's sign begins each of the three lines it spans, once.
    #expect(glyphLines("ottavaAlta").sorted() == [0, 1, 2])
    // The trill line runs through three lines, one row of wiggles in each (not two rows
    // where it closes).
    let wiggles = all.filter { if case .glyph(let g) = $0.shape { g.name == "wiggleTrill" } else { false } }
    #expect(Set(wiggles.compactMap(\.context.line)) == [3, 4, 5])
    for line in 3...5 {
      let rows = Set(wiggles.filter { $0.context.line == line }.map { ($0.box.minY * 10).rounded() })
      #expect(rows.count == 1, "line \(line): \(rows.count) rows of wiggles")
    }
  }

  @Test func glissandosJoinTheirHeads() throws {
    let straight = try items("!-(!C !-)!c|]")
    let heads = straight.filter { $0.role == .notehead }
    let line = try #require(straight.first { $0.role == .decoration })
    #expect(line.box.minX > heads[0].box.maxX && line.box.maxX < heads[1].box.minX)
    let wavy = try items("!~(!C !~)!c|]")
    #expect(wavy.contains { $0.role == .decoration && $0.shape.kind == "path" })
  }

  @Test func accidentalsEditorialOrCourtesy() throws {
    let editorial = try items("!editorial!^c|]")
    let sharp = try #require(editorial.first { $0.role == .accidental })
    let head = try #require(editorial.first { $0.role == .notehead })
    #expect(sharp.box.maxY < head.box.minY, "above the note, not beside it")
    let courtesy = glyphs(try items("!courtesy!=c|]"))
    #expect(courtesy.contains("accidentalParensLeft") && courtesy.contains("accidentalNatural"))
  }

  /// A chord's accidentals in columns: a narrow one left of a wide one keeps clear of it
  /// (the next column starts left of the widest in the column to its right).
  @Test(arguments: ["[=A^c]", "[_A^c]", "[=A^c=e]", "[^F=A^c]", "[_B,=D^F]"])
  func chordAccidentalsNeverOverlap(chord: String) throws {
    let accidentals = try items("\(chord)2|]").filter { $0.role == .accidental }
    #expect(accidentals.count == chord.filter { "^_=".contains($0) }.count)
    for (n, a) in accidentals.enumerated() {
      for b in accidentals[(n + 1)...] {
        #expect(!a.box.intersects(b.box, tolerance: 0.02), "\(a.box) and \(b.box)")
      }
    }
  }

  @Test func invisibleAndStemlessNotes() throws {
    let all = try items("C !invisible!D E !stemless!F|!invisible!z4|]")
    #expect(all.filter { $0.role == .notehead }.count == 3)
    #expect(all.filter { $0.role == .stem }.count == 2)
    #expect(all.filter { $0.role == .rest }.isEmpty)
  }

  @Test func voltaEndsWhereRbstopOrRbendSays() throws {
    func volta(_ mark: String) throws -> (bracket: [DisplayItem], bars: [Double]) {
      let all = try items("|: A B |1 c d \(mark)| e f :|2 g a |]")
      let bars = all.filter { $0.role == .barLine }.map(\.box.midX).sorted()
      // The first ending's lines: those in the column of its "1".
      let label = all.first {
        if case .text(let text) = $0.shape { $0.role == .volta && text.text == "1" } else { false }
      }
      return (
        all.filter {
          $0.role == .volta && $0.shape.kind != "text" && $0.context.column == label?.context.column
        },
        bars
      )
    }
    let plain = try volta("")
    let stopped = try volta("!rbstop!")
    let ended = try volta("!rbend!")
    let plainRight = try #require(plain.bracket.map(\.box.maxX).max())
    let stopRight = try #require(stopped.bracket.map(\.box.maxX).max())
    #expect(stopRight < plainRight - 5, "the first ending stops a bar early")
    // !rbend! closes it with a hook: one more vertical stroke than !rbstop!.
    let hooks = { (items: [DisplayItem]) in items.filter { $0.box.height > $0.box.width }.count }
    #expect(hooks(ended.bracket) == hooks(stopped.bracket) + 1)
  }

  @Test func abcjsBarRepeatSignsSitOnTheStaff() throws {
    let all = try items("A4|!repeatbar!z4|!repeatbar2!z4|]")
    #expect(glyphs(all).isSuperset(of: ["repeat1Bar", "repeat2Bars"]))
  }

  @Test func aRunOfTheSameOrnamentStandsInOneRow() throws {
    let all = try LayoutFixture.engrave("X:1\nL:1/8\nK:C\n(MgMfMeMd) (TcTBTATG)|\n").pages.flatMap(\.items)
    for name in ["ornamentMordent", "ornamentTrill"] {
      let marks = all.filter {
        if case .glyph(let g) = $0.shape { g.name == name } else { false }
      }.sorted { $0.box.minX < $1.box.minX }
      #expect(marks.count == 4)
      // One baseline (not a staircase), and neighbours clear of each other.
      let bottoms = Set(marks.map { ($0.box.maxY * 100).rounded() })
      #expect(bottoms.count == 1, "\(name): \(bottoms)")
      for (a, b) in zip(marks, marks.dropFirst()) { #expect(a.box.maxX <= b.box.minX + 0.01) }
    }
  }
}
