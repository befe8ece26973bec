import DisplayList
import Layout
import Testing

/// Curves and marks of one voice clear the other voices' ink: a tie through another
/// voice's notes turns to its head's other side; dynamics under notes beamed to the staff
/// below go above the staff.
@Suite struct OtherVoiceClearanceTests {
  @Test func aChordsLowerTieTurnsDownWhenTheOtherVoiceSitsInsideTheChord() throws {
    // The upper voice's ties curve up on a shared staff; the lower head's tie would run
    // through the lower voice's G and A, so it curves down under the E instead.
    let list = try LayoutFixture.engrave(
      """
      X:1
      L:1/4
      M:4/4
      %%score (1 2)
      V:1
      V:2
      K:C
      [V:1] [Ec]2- [Ec]2 |
      [V:2] z G A z |
      """)
    let items = list.pages.flatMap(\.items)
    let ties = items.filter { $0.role == .tie }
    #expect(ties.count == 2)
    let lowerHeads = items.filter { $0.role == .notehead && $0.context.voice == 1 }
    #expect(lowerHeads.count == 2)
    for tie in ties {
      for head in lowerHeads {
        #expect(!tie.box.intersects(head.box, tolerance: 0.3), "a tie runs through the other voice's note")
      }
    }
    // The lower tie hangs under the E (the chord's lowest head).
    let heads = items.filter { $0.role == .notehead && $0.context.voice == 0 }
    let lowestHead = try #require(heads.map(\.box.maxY).max())
    #expect(ties.contains { $0.box.minY >= lowestHead - 1.5 })
  }

  @Test func dynamicsUnderNotesBeamedToTheStaffBelowGoAbove() throws {
    let list = try LayoutFixture.engrave(
      """
      X:1
      L:1/8
      M:4/4
      %%score {RH LH}
      V:RH
      V:LH clef=bass
      K:C
      [V:RH] !<(!c[I:staff +1]B,A,G,[I:staff -1] c'2!<)! c'2 | !p!c4 c4 |
      [V:LH] C,8 | C,8 |
      """)
    let items = list.pages.flatMap(\.items)
    let topStaff = items.filter { $0.role == .staffLine && $0.context.staff == 0 }
    let staffTop = try #require(topStaff.map(\.box.minY).min())
    let staffBottom = try #require(topStaff.map(\.box.maxY).max())
    let hairpin = items.filter { item in
      guard item.role == .decoration, case .line = item.shape else { return false }
      return true
    }
    #expect(hairpin.count == 2)
    #expect(hairpin.allSatisfy { $0.box.maxY < staffTop }, "the hairpin over the cross-staff beam is above")
    let piano = items.filter { item in
      guard item.role == .decoration, case .glyph(let glyph) = item.shape else { return false }
      return glyph.name == "dynamicPiano"
    }
    #expect(piano.count == 1)
    #expect(piano.allSatisfy { $0.box.minY > staffBottom }, "a dynamic with no beam over it stays below")
  }
}

/// A line of several staves ending before a meter change (its courtesy meter squeezed in
/// at the end) is still set as one line, however full.
@Suite struct CourtesyRoomTests {
  @Test func aFullLineBeforeAMeterChangeIsStillOneLine() throws {
    // One bar per source line, as full as a line can hold, then a meter change: every
    // density from comfortable to over-full is set in a few systems (never one symbol
    // per line).
    for count in stride(from: 24, through: 64, by: 4) {
      let bar = String(repeating: "c", count: count)
      let list = try LayoutFixture.engrave(
        """
        X:1
        L:1/32
        M:\(count)/32
        %%score {RH LH}
        V:RH
        V:LH clef=bass
        K:C
        [V:RH] \(bar) |
        [V:LH] C,\(count) |
        [V:RH] [M:3/4] c24 |]
        [V:LH] [M:3/4] C,24 |]
        """)
      let lines = Set(list.pages.flatMap(\.items).compactMap(\.context.line))
      #expect(lines.count <= 3, "\(count) notes: \(lines.count) systems")
    }
  }
}
