import DisplayList
import Foundation
import Testing

/// Mid-tune `%%score`: staves change from the bar where the directive stands.
@Suite struct ScoreChangeLayoutTests {
  func items(_ abc: String) throws -> [DisplayItem] {
    try LayoutFixture.engrave(abc + "\n").pages.flatMap(\.items)
  }

  /// Staff lines per system, and the staves (distinct `staff` numbers) drawn in each.
  func staves(_ items: [DisplayItem]) -> [Int: Set<Int>] {
    var staves: [Int: Set<Int>] = [:]
    for item in items where item.role == .staffLine {
      staves[item.context.line ?? -1, default: []].insert(item.context.staff ?? -1)
    }
    return staves
  }

  @Test func theStavesChangeFromTheDirectivesBar() throws {
    let all = try items(
      """
      X:1
      T:mid-score
      M:4/4
      L:1/4
      %%score {A B}
      K:C
      V:A
      CDEF|
      V:B clef=bass
      C,D,E,F,|
      %%score A
      V:A
      GABc|]
      """)
    #expect(staves(all) == [0: [0, 1], 1: [0]])
    #expect(all.contains { if case .glyph(let glyph) = $0.shape { glyph.name == "brace" } else { false } })
    // The bass voice's notes are all on the first system; the second has A's four notes.
    let heads = all.filter { $0.role == .notehead }
    #expect(heads.filter { $0.context.line == 0 }.count == 8)
    #expect(heads.filter { $0.context.line == 1 }.count == 4)
    #expect(heads.filter { $0.context.line == 1 }.allSatisfy { $0.source?.line == 13 })
  }

  @Test func aVoiceThatJoinsLaterHasNoStaffBeforeIt() throws {
    // As sample4 X:2: one voice, then `%%staves 1 2` brings in a bass voice.
    let all = try items(
      """
      X:2
      T:joining
      M:4/4
      L:1/4
      K:C
      CDEF|GABc|
      %%staves 1 2
      V:1
      cBAG|
      V:2 bass
      C,D,E,F,|]
      """)
    #expect(staves(all) == [0: [0], 1: [0, 1]])
    let bass = all.filter { $0.role == .notehead && $0.source?.line == 11 }
    #expect(bass.count == 4)
    #expect(bass.allSatisfy { $0.context.line == 1 && $0.context.staff == 1 })
  }

  @Test func automaticBreaksAlsoEndTheLineAtAChange() throws {
    let all = try items(
      """
      X:3
      T:joined lines
      M:4/4
      L:1/4
      %%linebreak <none>
      %%score (A B)
      K:C
      V:A
      CDEF|
      V:B
      C,D,E,F,|
      %%score A
      V:A
      GABc|]
      """)
    #expect(staves(all).count == 2)
  }
}
