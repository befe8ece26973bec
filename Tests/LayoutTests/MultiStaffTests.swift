import DisplayList
import Foundation
import Testing

/// Multi-voice engraving: staves aligned in time, joined bar lines, stems on shared staves.
@Suite struct MultiStaffTests {
  static let piano = """
    X:1
    T:Piano
    M:4/4
    L:1/4
    %%score {RH LH}
    K:G
    V:RH name="Right"
    V:LH clef=bass
    [V:RH] B c d e | g2 f2 |]
    [V:LH] G,2 D,2 | E, D, C, B,, |]

    """

  static let shared = """
    X:2
    T:Shared
    M:3/4
    L:1/4
    %%score (S A)
    K:D
    V:S
    V:A
    [V:S] f e d | a3 |]
    [V:A] d c B | f3 |]

    """

  func items(_ abc: String) throws -> [DisplayItem] {
    try LayoutFixture.engrave(abc).pages.flatMap(\.items)
  }

  @Test func notesAtOneOnsetShareTheirX() throws {
    let heads = try items(Self.piano).filter { $0.role == .notehead }
    // Source lines 9 and 10: B (RH) and G, (LH) at onset 0; d and D, at onset 1/2; g2 and E,.
    func head(line: Int, column: Int) -> DisplayItem? {
      heads.first { $0.source?.line == line && $0.source?.column == column }
    }
    let pairs = [(9, 8, 10, 8), (9, 12, 10, 12), (9, 18, 10, 18)]
    for (upperLine, upperColumn, lowerLine, lowerColumn) in pairs {
      let upper = try #require(head(line: upperLine, column: upperColumn))
      let lower = try #require(head(line: lowerLine, column: lowerColumn))
      #expect(abs(upper.box.minX - lower.box.minX) < 0.01)
      #expect(lower.box.minY > upper.box.maxY)
    }
  }

  @Test func barLinesJoinThroughABracedGroup() throws {
    let all = try items(Self.piano)
    let staffLines = all.filter { $0.role == .staffLine }
    #expect(staffLines.count == 10)
    let upperBottom = try #require(staffLines.map(\.box.minY).sorted().dropFirst(4).first)
    let lowerTop = try #require(staffLines.map(\.box.minY).sorted().dropFirst(5).first)
    let joins = all.filter {
      $0.role == .barLine && $0.box.minY <= upperBottom + 0.5 && $0.box.maxY >= lowerTop - 0.5
    }
    // The system start line and the bar lines after bar 1 and 2 run through the gap.
    #expect(joins.count >= 3)
    #expect(all.contains { if case .glyph(let glyph) = $0.shape { glyph.name == "brace" } else { false } })
  }

  @Test func stemsOnASharedStaffPointAway() throws {
    let all = try items(Self.shared)
    #expect(all.filter { $0.role == .staffLine }.count == 5)
    let stems = all.filter { $0.role == .stem }
    let heads = all.filter { $0.role == .notehead }
    let soprano = heads.filter { $0.source?.line == 9 }
    let alto = heads.filter { $0.source?.line == 10 }
    #expect(soprano.count == 4 && alto.count == 4)
    for head in soprano {
      let stem = try #require(stems.first { $0.source == head.source })
      #expect(stem.box.minY < head.box.minY, "soprano stem goes up")
    }
    for head in alto {
      let stem = try #require(stems.first { $0.source == head.source })
      #expect(stem.box.maxY > head.box.maxY, "alto stem goes down")
    }
  }

  @Test func keyChangesAreAnnouncedAtTheLineEndOnEveryStaff() throws {
    let abc = """
      X:1
      T:Courtesy
      M:4/4
      L:1/4
      %%score {RH LH}
      K:C
      V:RH
      V:LH clef=bass
      [V:RH] c d e f | g a b c |
      [V:RH] [K:D] d e f g |]
      [V:LH] C, D, E, F, | G, A, B, C |
      [V:LH] [K:D] D, E, F, G, |]

      """
    let items = try LayoutFixture.engrave(abc).pages.flatMap(\.items)
    for staff in [0, 1] {
      let firstLine = items.filter { $0.context.line == 0 && $0.context.staff == staff }
      let lastBar = try #require(firstLine.filter { $0.role == .barLine }.map(\.box.maxX).max())
      let courtesy = firstLine.filter { $0.role == .keySignature && $0.box.minX > lastBar }
      #expect(courtesy.count == 2, "two sharps after the last bar of staff \(staff)")
    }
  }
}
