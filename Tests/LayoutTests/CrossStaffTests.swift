import ABCParser
import DisplayList
import Foundation
import Layout
import ScoreModel
import Testing

/// Notes on another staff (`[I:staff N]`, `staff=`) and stems across staves (`!xstem!`).
@Suite struct CrossStaffTests {
  static let piano = """
    X:1
    M:4/4
    L:1/8
    %%score {RH LH}
    K:C
    V:RH
    c2 e2 g2 c'2 | [I:staff +1] G,A,B,C [I:staff -1] DEFG | c8 |]
    V:LH clef=bass
    E,2 F,2 E,2 F,2 | E,8 | [C,E,G,]8 |]
    """

  @Test func movesAreReadAsAbcm2psCountsThem() throws {
    let tune = try #require(ABCParser.parse(Self.piano + "\n").tunebook.tunes.first)
    let moves = tune.voices[0].staffMoves
    #expect(moves.map(\.target) == [.relative(1), .relative(-1)])
    // Each move stands before the first note it moves.
    #expect(moves.map(\.elementIndex) == [5, 9])
    let other = ABCParser.parse("X:1\nK:C\nV:1\nC %%staff 2\n[K:staff=+1]D [I:staff x]E|]\n")
    let voice = try #require(other.tunebook.tunes.first?.voices.first)
    #expect(voice.staffMoves.map(\.target) == [.relative(1)])
    #expect(other.diagnostics.contains { $0.message.hasPrefix("bad staff value 'x'") })
    #expect(StaffMove.target("2") == .absolute(2) && StaffMove.target("-1") == .relative(-1))
  }

  @Test func movedNotesAreDrawnOnTheOtherStaffInItsClef() throws {
    let all = try LayoutFixture.engrave(Self.piano + "\n").pages.flatMap(\.items)
    let heads = all.filter { $0.role == .notehead }
    // Treble: 4 + 4 + 1 heads; bass: 4 + 1 + 3 of its own and the 4 moved ones.
    #expect(heads.filter { $0.context.staff == 0 }.count == 9)
    #expect(heads.filter { $0.context.staff == 1 }.count == 12)
    // The moved G, A, B, C sit in the bass staff where the bass clef puts them: C (C4)
    // on the first ledger line above, a step above the B.
    let lines = all.filter { $0.role == .staffLine && $0.context.staff == 1 }.map(\.box.midY)
    let bassTop = try #require(lines.min())
    let moved = heads.filter { $0.context.staff == 1 && $0.source?.line == 7 }
    #expect(moved.count == 4)
    let c4 = try #require(moved.last)
    #expect(abs(c4.box.midY - (bassTop - 5)) < 1)
  }

  @Test func movedNotesFollowTheOtherStaffsClefChanges() throws {
    // The left hand turns treble in bar 2 and in the middle of bar 3 (where the right
    // hand holds a minim it has moved down); the moved notes are read in the clef the
    // staff has when they come, and each change is drawn once.
    let all = try LayoutFixture.engrave(
      """
      X:1
      M:4/4
      L:1/8
      %%score {RH LH}
      K:C
      V:RH
      c8 | [I:staff +1] cdef [I:staff -1] gabc' | [I:staff +1] C4 e4 |]
      V:LH clef=bass
      C,8 | [K:clef=treble] x8 | [K:clef=bass] C,4 [K:clef=treble] x4 |]

      """
    ).pages.flatMap(\.items)
    let lines = all.filter { $0.role == .staffLine && $0.context.staff == 1 }.map(\.box.midY)
    let bottom = try #require(lines.max())
    let moved = all.filter { $0.role == .notehead && $0.context.staff == 1 && $0.source?.line == 7 }
    #expect(moved.count == 6)
    // In the treble clef C5 stands in the third space (2.5 spaces above the bottom line);
    // read in the staff's first clef (bass) it would be an octave and a third higher.
    let c5 = try #require(moved.first)
    #expect(abs(c5.box.midY - (bottom - 12.5)) < 1)
    // Bar 3: the minim C comes while the staff is bass (C4 on the first ledger line
    // above), the e after the change to treble (E5, the top space).
    let bar3 = moved.suffix(2)
    #expect(abs(bar3.first!.box.midY - (bottom - 25)) < 1)
    #expect(abs(bar3.last!.box.midY - (bottom - 17.5)) < 1)
    let clefs = all.filter { $0.role == .clef && $0.context.staff == 1 }
    #expect(clefs.count == Set(clefs.map { "\($0.box.minX) \($0.box.minY)" }).count, "no clef drawn twice")
  }

  @Test func aMovedNotesDynamicsStayUnderItsOwnStaff() throws {
    // The left hand reaches up for its second and third notes; their p, hairpin and
    // pedal mark are the left hand's and stay under its staff (MusicXML's direction
    // names that staff), while the notes are drawn on the upper one.
    let all = try LayoutFixture.engrave(
      """
      X:1
      M:4/4
      L:1/4
      %%score {RH LH}
      K:C
      V:RH
      c4 | c4 |]
      V:LH clef=bass
      C, [I:staff -1] !p!!<(!!ped!G !<)!c [I:staff +1] C, | C,4 |]

      """
    ).pages.flatMap(\.items)
    let moved = all.filter { $0.role == .notehead && $0.source?.line == 9 && $0.context.staff == 0 }
    #expect(moved.count == 2)
    let bassLines = all.filter { $0.role == .staffLine && $0.context.staff == 1 }.map(\.box.midY)
    let bassBottom = try #require(bassLines.max())
    let marks = all.filter { $0.role == .decoration && $0.source?.line == 9 }
    // The p, the hairpin's two lines and the pedal sign.
    #expect(marks.count == 4)
    #expect(marks.allSatisfy { $0.context.staff == 1 && $0.box.minY > bassBottom })
  }

  @Test func aBorrowedVoiceDoesNotMakeTheStaffShared() throws {
    // The left hand's E, (above the bass middle line) keeps its stem down: with a shared
    // staff's rule it would be forced up.
    let all = try LayoutFixture.engrave(Self.piano + "\n").pages.flatMap(\.items)
    let head = try #require(
      all.first { $0.role == .notehead && $0.context.staff == 1 && $0.source?.line == 9 })
    let stem = try #require(all.first { $0.role == .stem && $0.source == head.source })
    #expect(stem.box.minY >= head.box.midY - 0.5, "stem goes down from the head")
  }

  @Test func xstemJoinsTheChordAcrossTheStaves() throws {
    let abc = """
      X:1
      L:1/4
      %%staves 1 2
      K:C
      V:1
      c c c2|]
      V:2 bass
      !xstem!C, C, !xstem!C,2|]
      """
    let all = try LayoutFixture.engrave(abc + "\n").pages.flatMap(\.items)
    let treble = all.filter { $0.role == .notehead && $0.context.staff == 0 }
    let long = all.filter { $0.role == .stem && $0.box.height > 20 }
    #expect(long.count == 2)
    for stem in long {
      // From the bass note up to the treble note's head, at the bass stem's x.
      let top = try #require(
        treble.min { abs($0.box.minX - stem.box.minX) < abs($1.box.minX - stem.box.minX) })
      #expect(abs(stem.box.minY - top.box.midY) < 0.5)
      #expect(stem.box.maxY > 60)
    }
    let tune = try #require(ABCParser.parse(abc + "\n").tunebook.tunes.first)
    #expect(UndrawnNotation.warnings(for: tune).isEmpty)
  }

  @Test func floatingVoicesAreReadFromScoreAndStaves() throws {
    func groups(_ directive: String) throws -> [StaffGroup] {
      try #require(
        ABCParser.parse("X:1\n\(directive)\nK:C\nV:A\nC\nV:B\nC\nV:C\nC\nV:D\nC\n").tunebook.tunes.first?
          .staffGroups)
    }
    let score = try groups("%%score {A *B C}")
    #expect(score.first?.staves == [["A", "B"], ["C"]] && score.first?.floating == ["B"])
    let staves = try groups("%%staves {A B C}")
    #expect(staves.first?.staves == [["A", "B"], ["C"]] && staves.first?.floating == ["B"])
    let four = try groups("%%staves {A B C D}")
    #expect(four.first?.staves == [["A", "B"], ["C", "D"]] && four.first?.floating.isEmpty == true)
    // Under %%score a brace of three is three staves.
    #expect(try groups("%%score {A B C}").first?.staves == [["A"], ["B"], ["C"]])
  }

  @Test func aFloatingVoiceGoesDownNoteByNote() throws {
    let abc = """
      X:1
      M:4/4
      L:1/4
      %%staves {RH M LH}
      K:C
      V:RH
      e f g a | g4 |]
      V:M
      c A F, D, | E2 C,2 |]
      V:LH clef=bass
      C, D, E, F, | C,4 |]
      """
    let all = try LayoutFixture.engrave(abc + "\n").pages.flatMap(\.items)
    // M's notes by column in its source line (line 9): c and A up, the rest down.
    let heads = all.filter { $0.role == .notehead && $0.source?.line == 9 }
    let upper = heads.filter { $0.context.staff == 0 }.compactMap(\.source?.column).sorted()
    let lower = heads.filter { $0.context.staff == 1 }.compactMap(\.source?.column).sorted()
    #expect(upper == [1, 3])
    #expect(lower == [5, 8, 13, 16])
  }

  @Test func aBeamJoinsNotesOnTwoStaves() throws {
    let abc = """
      X:1
      M:2/4
      L:1/8
      %%score {RH LH}
      K:C
      V:RH
      c[I:staff +1]G,[I:staff -1]e[I:staff +1]C | c4 |]
      V:LH clef=bass
      C,4 | C,4 |]
      """
    let all = try LayoutFixture.engrave(abc + "\n").pages.flatMap(\.items)
    #expect(all.filter { $0.role == .flag }.isEmpty, "beamed, not flagged")
    let beams = all.filter { $0.role == .beam }
    #expect(beams.count == 1)
    let beam = try #require(beams.first)
    let staffLines = all.filter { $0.role == .staffLine }
    let upperBottom = try #require(staffLines.filter { $0.context.staff == 0 }.map(\.box.midY).max())
    let lowerTop = try #require(staffLines.filter { $0.context.staff == 1 }.map(\.box.midY).min())
    #expect(beam.box.minY > upperBottom - 10 && beam.box.maxY < lowerTop + 10, "between the staves")
    // The four stems: down from the upper notes, up from the lower, all meeting the beam.
    let stems = all.filter { $0.role == .stem && $0.source?.line == 7 }.sorted { $0.box.minX < $1.box.minX }
      .prefix(4)
    #expect(stems.count == 4)
    for stem in stems {
      #expect(abs(stem.box.minY - beam.box.minY) < 0.5 || abs(stem.box.maxY - beam.box.maxY) < 0.5)
      #expect(stem.box.midX >= beam.box.minX - 0.1 && stem.box.midX <= beam.box.maxX + 0.1)
    }
  }

  @Test func aHairpinOverAnotherVoicesCrossStaffBeamGoesAboveTheStaff() throws {
    // The right hand's upper voice has a hairpin under its notes; its lower voice is
    // beamed to the left hand, its stems crossing the whole gap under the hairpin. The
    // hairpin goes above the staff, as it does under the voice's own cross-staff beams.
    let abc = """
      X:1
      M:2/4
      L:1/8
      %%score {(RH RH2) LH}
      K:C
      V:RH
      !<(!g'2 !<)!a'2 | g'4 |]
      V:RH2
      c[I:staff +1]G,[I:staff -1]e[I:staff +1]C | c4 |]
      V:LH clef=bass
      C,4 | C,4 |]
      """
    let all = try LayoutFixture.engrave(abc + "\n").pages.flatMap(\.items)
    let hairpin = all.filter { $0.role == .decoration && $0.source?.line == 7 }
    #expect(hairpin.count == 2)
    let upperTop = try #require(
      all.filter { $0.role == .staffLine && $0.context.staff == 0 }.map(\.box.midY).min())
    #expect(hairpin.allSatisfy { $0.box.maxY < upperTop }, "above the upper staff")
    let stems = all.filter { $0.role == .stem || $0.role == .beam }
    #expect(hairpin.allSatisfy { line in !stems.contains { $0.box.intersects(line.box, tolerance: 0.25) } })
  }

  @Test func aClefChangeOnTheOtherStaffKeepsTheBeamAcrossTheStaves() throws {
    // The left hand's staff changes to treble clef where the right hand's chords start
    // alternating between the staves (0390, Debussy's Mandoline): the chords on the lower
    // staff still take stems up to a beam between the staves, not down through a beam of
    // their own.
    let abc = """
      X:1
      M:6/8
      L:1/8
      %%score {RH LH}
      K:C
      V:RH
      G6 | [I:staff +1][G,DA][I:staff -1][gc'e'][I:staff +1][G,DA] [I:staff -1][gc'e'][I:staff +1][G,DA][I:staff -1][gc'e'] |
      V:LH clef=bass
      z6 | [K:clef=treble] x6 |
      """
    let all = try LayoutFixture.engrave(abc + "\n").pages.flatMap(\.items)
    let lines = all.filter { $0.role == .staffLine }
    let upperBottom = try #require(lines.filter { $0.context.staff == 0 }.map(\.box.midY).max())
    let lowerTop = try #require(lines.filter { $0.context.staff == 1 }.map(\.box.midY).min())
    let lowHeads = all.filter { $0.role == .notehead && $0.context.staff == 1 && $0.source?.line == 7 }
    #expect(lowHeads.count == 9)
    for head in lowHeads {
      let stem = try #require(all.first { $0.role == .stem && $0.source == head.source })
      #expect(stem.box.minY < lowerTop, "stem up, out of the lower staff")
    }
    let beams = all.filter { $0.role == .beam }
    #expect(beams.count == 2)
    // Between the staves (one may reach into the upper staff's lowest space).
    #expect(beams.allSatisfy { $0.box.minY > upperBottom - 5 && $0.box.maxY < lowerTop })
  }

  @Test func wordsOverACrossStaffBeamGoAboveTheStaffWhereverTheBeamStarts() throws {
    // "a tempo" under a quarter note reaches over the next beat, where a beam joins the
    // right hand's e and g to the left hand's notes (0036): the words go above the staff,
    // though the beam starts beyond the first three spaces of them.
    let abc = """
      X:1
      M:3/4
      L:1/8
      %%score {RH LH}
      K:C
      V:RH
      "_a tempo"c2 [I:staff +1]G,[I:staff -1]e[I:staff +1]C[I:staff -1]g | c6 |]
      V:LH clef=bass
      C,6 | C,6 |]
      """
    let all = try LayoutFixture.engrave(abc + "\n").pages.flatMap(\.items)
    let words = try #require(all.first { $0.role == .annotation })
    let upperTop = try #require(
      all.filter { $0.role == .staffLine && $0.context.staff == 0 }.map(\.box.midY).min())
    #expect(words.box.maxY < upperTop, "above the upper staff")
  }
}
