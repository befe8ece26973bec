import DisplayList
import Foundation
import Testing

/// Voices sharing a staff: curves on each voice's side, rests merged, clashing heads
/// shifted, names stacked, one clef.
@Suite struct SharedStaffTests {
  func items(_ abc: String) throws -> [DisplayItem] {
    try LayoutFixture.engrave(abc + "\n").pages.flatMap(\.items)
  }

  static let duet = """
    X:1
    M:3/4
    L:1/8
    %%score (V1 V2)
    K:D
    V:V1
    (a3 g f e) | (d6 | d6) |]
    V:V2
    c4 c2 | A6- | A6 |]
    """

  @Test func eachVoicesCurvesStayOnItsSide() throws {
    let all = try items(Self.duet)
    let heads = all.filter { $0.role == .notehead }
    let upperTops = heads.filter { $0.source?.line == 7 }.map(\.box.minY)
    let lowerBottoms = heads.filter { $0.source?.line == 9 }.map(\.box.maxY)
    let upperTop = try #require(upperTops.min())
    let lowerBottom = try #require(lowerBottoms.max())
    let slurs = all.filter { $0.role == .slur }
    let ties = all.filter { $0.role == .tie }
    #expect(slurs.count == 2 && ties.count == 1)
    // The upper voice's slurs arch above all its heads; the lower voice's tie hangs below.
    for slur in slurs { #expect(slur.box.maxY < upperTop + 1, "slur above the upper voice") }
    for tie in ties { #expect(tie.box.minY > lowerBottom - 1, "tie below the lower voice") }
  }

  @Test func aSideTheSourceAsksForIsKeptWhereItRunsClear() throws {
    // The upper voice's curves go above unless the source says below (`(,`, `-,`): the
    // tie below its head is clear of the lower voice and kept; the slur below would run
    // through the lower voice's notes and stays above. Alone, the voice's slur goes below.
    let abc = Self.duet.replacingOccurrences(of: "(a3 g f e) | (d6 | d6)", with: "(,a3 g f e) | d6-, | d6")
    let all = try items(abc)
    let upper = all.filter { $0.role == .notehead && $0.source?.line == 7 }
    let slur = try #require(all.first { $0.role == .slur })
    let tie = try #require(all.first { $0.role == .tie && $0.source?.line == 7 })
    let upperTop = try #require(upper.map(\.box.minY).min())
    #expect(slur.box.maxY < upperTop + 1, "the slur stays above the upper voice")
    let d = try #require(upper.last { $0.box.maxX < tie.box.minX + 2 })
    #expect(tie.box.minY > d.box.midY, "the tie curves below its head")
    let alone = try items("X:1\nL:1/8\nK:D\n(,a3 g f e) |]")
    let heads = alone.filter { $0.role == .notehead }
    let lone = try #require(alone.first { $0.role == .slur })
    let headsBottom = try #require(heads.map(\.box.maxY).max())
    #expect(lone.box.maxY > headsBottom, "a single voice's slur asked below hangs below")
  }

  static let hymn = """
    X:2
    T:Hymn
    M:4/4
    L:1/4
    %%score [(S A) (T B)]
    K:G
    V:S name="Soprano"
    V:A name="Alto"
    V:T name="Tenor\\nTenore"
    V:B name="Bass" clef=bass
    [V:S] (B A) G2 | z4 | c d e2 |]
    [V:A] G F D2 | z4 | A B c2 |]
    [V:T] D D B,2 | z4 | E F G2 |]
    [V:B] G, D, G,,2 | z4 | C, D, C,2 |]
    """

  @Test func equalRestsOfAStaffAreOne() throws {
    let rests = try items(Self.hymn).filter { $0.role == .rest }
    #expect(rests.count == 2, "one whole-bar rest per staff")
    #expect(Set(rests.map { $0.context.staff }).count == 2)
  }

  @Test func namesOfSharedStavesAreStacked() throws {
    let names = try items(Self.hymn).filter { $0.role == .text }
    func text(_ item: DisplayItem) -> String? { if case .text(let t) = item.shape { t.text } else { nil } }
    #expect(names.compactMap(text) == ["Soprano", "Alto", "Tenor", "Tenore", "Bass"])
    let ys = names.map(\.box.minY)
    #expect(zip(ys, ys.dropFirst()).allSatisfy { $0 < $1 }, "each line below the one before")
  }

  @Test func aStaffsVoicesShareTheClefOneOfThemNames() throws {
    // T names no clef and lies high enough for treble, but shares B's bass staff.
    let clefs = try items(Self.hymn).filter { $0.role == .clef }
    func name(_ item: DisplayItem) -> String? { if case .glyph(let g) = item.shape { g.name } else { nil } }
    #expect(clefs.filter { $0.context.staff == 1 }.compactMap(name) == ["fClef"])
    #expect(clefs.filter { $0.context.staff == 0 }.compactMap(name) == ["gClef"])
  }

  static let seconds = """
    X:3
    M:4/4
    L:1/4
    %%score (S A)
    K:C
    V:S
    V:A
    [V:S] c d .e2 |]
    [V:A] c c .d2 |]
    """

  @Test func headsASecondApartAreSetSideBySide() throws {
    let all = try items(Self.seconds)
    let heads = all.filter { $0.role == .notehead }
    func head(_ line: Int, _ column: Int) throws -> DisplayItem {
      try #require(heads.first { $0.source?.line == line && $0.source?.column == column })
    }
    // Unison c/c shares one x; the seconds d/c and e/d put the lower head a head further right.
    #expect(abs(try head(8, 7).box.minX - head(9, 7).box.minX) < 0.01)
    for column in [9, 12] {
      let upper = try head(8, column)
      let lower = try head(9, column)
      #expect(abs(lower.box.minX - upper.box.maxX) < 0.3, "lower head just right of the upper")
      #expect(lower.box.minX > upper.box.minX + 1)
    }
    // Articulations go to each voice's side: the upper's above it, the lower's below.
    let dots = all.filter { $0.role == .decoration }
    #expect(dots.count == 2)
    let upperDot = try #require(dots.first { $0.source?.line == 8 })
    let lowerDot = try #require(dots.first { $0.source?.line == 9 })
    #expect(upperDot.box.maxY < (try head(8, 12)).box.minY)
    #expect(lowerDot.box.minY > (try head(9, 12)).box.maxY)
  }

  @Test func aUnisonBesideAChordsSecondSharesItsHead() throws {
    // The upper voice's chord [cd] has its d right of the up stem; the lower voice's c is
    // the chord's c, so it shares that head (its stem down on the left) instead of moving
    // right onto the d. With a sharp of its own, the lower c moves right as a second would.
    let abc = "X:6\nM:2/4\nL:1/4\n%%score (S A)\nK:C\nV:S\nV:A\n[V:S] [cd] [cd] |]\n[V:A] c ^c |]"
    let heads = try items(abc).filter { $0.role == .notehead }
    let upper = heads.filter { $0.source?.line == 8 }.sorted { $0.box.minX < $1.box.minX }
    let lower = heads.filter { $0.source?.line == 9 }.sorted { $0.box.minX < $1.box.minX }
    #expect(upper.count == 4 && lower.count == 2)
    guard upper.count == 4, lower.count == 2 else { return }
    let firstChordC = upper.filter { $0.box.minX < upper[2].box.minX - 5 }.max { $0.box.maxY < $1.box.maxY }
    #expect(abs(lower[0].box.minX - (firstChordC?.box.minX ?? -99)) < 0.01, "shared with the chord's c")
    let secondChordLeft = upper[2].box.minX
    #expect(lower[1].box.minX > secondChordLeft + 1, "a c sharp is not the chord's c: set beside it")
  }

  @Test func aChordDoubledInAnotherVoiceIsOneColumn() throws {
    // A harp's stemless arpeggiated chord [CEGceg] doubles the upper voice's [ceg]: the
    // heads both voices have are drawn once, in one column, with the arpeggio left of it.
    // [c^eg] is not the same chord (a sharp the other lacks), so it still moves right.
    let abc =
      "X:8\nM:2/4\nL:1/4\n%%score (S A)\nK:C\nV:S\nV:A\n[V:S] [ceg] [ceg] |]\n[V:A] !stemless!!arpeggio![CEGceg] !stemless![CEGc^eg] |]"
    let all = try items(abc)
    let heads = all.filter { $0.role == .notehead }
    let upper = heads.filter { $0.source?.line == 8 }.sorted { $0.box.minX < $1.box.minX }
    let lower = heads.filter { $0.source?.line == 9 }.sorted { $0.box.minX < $1.box.minX }
    #expect(upper.count == 6 && lower.count == 12)
    guard upper.count == 6, lower.count == 12 else { return }
    let firstColumn = Set(upper.prefix(3).map(\.box.minX))
    #expect(firstColumn.count == 1)
    #expect(lower.prefix(6).allSatisfy { abs($0.box.minX - upper[0].box.minX) < 0.01 }, "one column")
    let arpeggio = try #require(all.first { $0.role == .decoration && $0.source?.line == 9 })
    #expect(arpeggio.box.maxX <= upper[0].box.minX)
    #expect(
      lower.suffix(6).allSatisfy { $0.box.minX > upper[3].box.minX + 1 }, "a different chord moves right")
  }

  @Test func aLowerVoiceMovesPastTheUpperChordsSecond() throws {
    // The upper voice's [AB] sets its B right of the stem; the lower voice's half-note A
    // (not one head with the quarter A) moves right past that B, not onto it (0388).
    let abc = "X:9\nM:2/4\nL:1/4\n%%score (S A)\nK:C\nV:S\nV:A\n[V:S] [AB] z |]\n[V:A] A2 |]"
    let all = try items(abc)
    let upper = all.filter { $0.role == .notehead && $0.source?.line == 8 }
    let lower = try #require(all.first { $0.role == .notehead && $0.source?.line == 9 })
    #expect(upper.count == 2)
    #expect(Set(upper.map(\.box.minX)).count == 2, "a second: one head each side of the stem")
    let rightmost = try #require(upper.map(\.box.maxX).max())
    #expect(lower.box.minX >= rightmost - 0.3)
  }

  @Test func aVoiceAloneInABarTakesStemsByPitch() throws {
    // Bar 1 is shared: the upper voice's high e and f have stems up. In bar 2 the lower
    // voice only has invisible rests, so the same notes take stems down, as a single
    // voice's; in bar 3 it is back with a visible rest and the stems go up again.
    let abc =
      "X:7\nM:2/4\nL:1/4\n%%score (S A)\nK:C\nV:S\nV:A\n[V:S] e f | e f | e f |]\n[V:A] C D | x2 | z2 |]"
    let all = try items(abc)
    let heads = all.filter { $0.role == .notehead && $0.source?.line == 8 }.sorted {
      $0.box.minX < $1.box.minX
    }
    let stems = all.filter { $0.role == .stem && $0.source?.line == 8 }
    #expect(heads.count == 6 && stems.count == 6)
    func up(_ head: DisplayItem) -> Bool? {
      stems.first { $0.source == head.source }.map { $0.box.minY < head.box.minY - 1 }
    }
    #expect(heads.map(up) == [true, true, false, false, true, true])
  }

  @Test func twoVoicesOnAStaffAreSetAtLeastAsOpenlyAsEither() throws {
    func width(_ abc: String) throws -> Double {
      let all = try items(abc)
      let bars = all.filter { $0.role == .barLine }.map(\.box.minX).sorted()
      let heads = all.filter { $0.role == .notehead }.map(\.box.minX)
      let firstBar = try #require(bars.first)
      let firstHead = try #require(heads.min())
      return firstBar - firstHead
    }
    let upper = "c3 d e3 f | g8 |]"
    let lower = "E F G3 A B3 | E8 |]"
    let alone = try [upper, lower].map { try width("X:4\nM:4/4\nL:1/8\nK:C\n" + $0) }
    let together = try width(
      "X:4\nM:4/4\nL:1/8\n%%score (U L)\nK:C\nV:U\nV:L\n[V:U] \(upper)\n[V:L] \(lower)")
    #expect(together >= (alone.max() ?? 0) - 0.01)
  }
}

/// Nested `%%score` groups: every bracket and brace drawn, each inside its outer one.
@Suite struct NestedGroupTests {
  static let score = """
    X:5
    T:Nested
    M:3/4
    L:1/4
    %%score [(S A) {RH LH}] [Vn Vc]
    K:F
    V:S name="Voices"
    V:A
    V:RH name="Organ"
    V:LH clef=bass
    V:Vn name="Violin"
    V:Vc name="Cello" clef=bass
    [V:S] c d e |]
    [V:A] A B c |]
    [V:RH] F A c |]
    [V:LH] F, C, A,, |]
    [V:Vn] a g f |]
    [V:Vc] F, E, D, |]
    """

  @Test func everyBracketAndBraceIsDrawnInsideItsOuterGroup() throws {
    let all = try LayoutFixture.engrave(Self.score + "\n").pages.flatMap(\.items)
    func glyphs(_ name: String) -> [DisplayItem] {
      all.filter { if case .glyph(let glyph) = $0.shape { glyph.name == name } else { false } }
    }
    let tops = glyphs("bracketTop").sorted { $0.box.minY < $1.box.minY }
    let braces = glyphs("brace")
    #expect(tops.count == 2 && braces.count == 1)
    let outer = try #require(tops.first)
    let strings = try #require(tops.last)
    let brace = try #require(braces.first)
    // The organ's brace stands inside the outer bracket; the strings' bracket, with
    // nothing nested, stands next to its staves, right of the outer one.
    #expect(brace.box.minX > outer.box.minX + 3)
    #expect(strings.box.minX > outer.box.minX + 3)
    let staffLines = all.filter { $0.role == .staffLine }
    let staffTop = { (staff: Int) in
      staffLines.filter { $0.context.staff == staff }.map(\.box.minY).min() ?? 0
    }
    #expect(brace.box.minY <= staffTop(1) + 1 && brace.box.maxY >= staffTop(2) + 19)
    // The organ's name stands between its two braced staves.
    let organ = try #require(
      all.first { if case .text(let text) = $0.shape { text.text == "Organ" } else { false } })
    #expect(organ.box.minY > staffTop(1) + 20 && organ.box.maxY < staffTop(2))
  }
}

/// Voltas stand over the top staff of every staff group.
@Suite struct GroupVoltaTests {
  @Test func eachStaffGroupHasItsVoltas() throws {
    let abc = """
      X:6
      M:4/4
      L:1/4
      %%score [(S A) (T B)] {RH LH}
      K:C
      V:S
      V:A
      V:T clef=bass
      V:B clef=bass
      V:RH
      V:LH clef=bass
      [V:S] |: c d e f |1 g4 :|2 c4 |]
      [V:A] |: A B c d |1 e4 :|2 E4 |]
      [V:T] |: E F G A |1 B4 :|2 G4 |]
      [V:B] |: C, D, E, F, |1 G,4 :|2 C,4 |]
      [V:RH] |: c d e f |1 g4 :|2 c4 |]
      [V:LH] |: C, D, E, F, |1 G,4 :|2 C,4 |]

      """
    let voltas = try LayoutFixture.engrave(abc).pages.flatMap(\.items).filter { $0.role == .volta }
    // Choir (staff 0) and piano (staff 2) each get both endings; the lower staves none.
    #expect(Set(voltas.compactMap(\.context.staff)) == [0, 2])
    for staff in [0, 2] {
      let numbers = voltas.filter {
        if case .text = $0.shape { $0.context.staff == staff } else { false }
      }
      #expect(numbers.count == 2, "endings 1 and 2 over staff \(staff)")
    }
  }
}

/// `V:… merge` (abcm2ps) puts a voice on the staff of the voice before it.
@Suite struct MergeVoiceTests {
  @Test func aMergedVoiceSharesThePreviousStaff() throws {
    let abc = """
      X:7
      M:4/4
      L:1/4
      K:C
      V:1
      V:2 merge
      V:3 clef=bass
      [V:1] e f g a |]
      [V:2] c d e f |]
      [V:3] C, D, E, F, |]

      """
    let items = try LayoutFixture.engrave(abc).pages.flatMap(\.items)
    #expect(items.filter { $0.role == .staffLine }.count == 10, "two staves for three voices")
    let heads = items.filter { $0.role == .notehead }
    #expect(Set(heads.filter { $0.source?.line == 9 }.compactMap(\.context.staff)) == [0])
    #expect(Set(heads.filter { $0.source?.line == 10 }.compactMap(\.context.staff)) == [1])
    // On the shared staff the merged voice's stems go down.
    let stems = items.filter { $0.role == .stem && $0.source?.line == 9 }
    let head = try #require(heads.first { $0.source?.line == 9 })
    #expect(stems.allSatisfy { $0.box.maxY > head.box.maxY - 1 })
  }
}

/// A note moved beside the other voice's keeps its accidental clear of both heads.
@Suite struct SharedStaffAccidentalTests {
  @Test func movedNotesAccidentalsStayLeftOfBothHeads() throws {
    let abc = "X:1\nL:1/4\n%%score (S A)\nK:C\nV:S\nV:A\n[V:S] d ^f|]\n[V:A] ^c =e|]\n"
    let all = try LayoutFixture.engrave(abc).pages.flatMap(\.items)
    let heads = all.filter { $0.role == .notehead }
    let accidentals = all.filter { $0.role == .accidental }
    #expect(accidentals.count == 3)
    for accidental in accidentals {
      for head in heads { #expect(!accidental.box.intersects(head.box, tolerance: 0.2)) }
    }
    for (i, a) in accidentals.enumerated() {
      for b in accidentals[(i + 1)...] { #expect(!a.box.intersects(b.box, tolerance: 0.2)) }
    }
  }
}

/// A tempo mark over a score with names and brackets starts where the staves start.
@Suite struct ScoreTempoTests {
  @Test func theTempoMarkStartsOverTheStaves() throws {
    let abc =
      "X:1\nL:1/4\nQ:1/4=100\n%%score [S A]\nK:C\nV:S name=\"Soprano\"\nV:A name=\"Alto\"\n[V:S] c d e f|]\n[V:A] A B c d|]\n"
    let items = try LayoutFixture.engrave(abc).pages.flatMap(\.items)
    let staffStart = try #require(items.filter { $0.role == .staffLine }.map(\.box.minX).min())
    let tempoStart = try #require(items.filter { $0.role == .tempo }.map(\.box.minX).min())
    #expect(abs(tempoStart - staffStart) < 0.5)
  }

  @Test func anApproximateTempoSaysCa() throws {
    let items = try LayoutFixture.engrave("X:1\nQ:1/4=ca. 100\nK:C\nc d e f|]\n").pages.flatMap(\.items)
    let tempo = items.filter { $0.role == .tempo }
    let texts = tempo.compactMap { item -> String? in
      if case .text(let text) = item.shape { text.text } else { nil }
    }
    #expect(texts == [" = ca. 100"])
    #expect(tempo.count == 2, "the beat's note is drawn")
  }
}
