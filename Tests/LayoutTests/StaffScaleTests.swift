import ABCParser
import DisplayList
import Layout
import SMuFL
import ScoreModel
import Testing

/// `%%staffscale` / `staffscale=` (a staff's size, an ossia) and `%%voicescale` (a voice's
/// notes' size), as abcm2ps reads them.
@Suite struct StaffScaleTests {
  @Test func theSizesAreReadFromTheHeaderTheVoiceAndTheMusic() {
    let parsed = ABCParser.parse(
      """
      X:1
      %%staffscale 0.8
      V:1
      V:2 staffscale=0.7
      V:3
      K:C
      [V:1] C4 |
      [V:2] C4 |
      [V:3]
      %%voicescale 0.75
      C4 |
      %%staffscale 3
      """)
    let voices = parsed.tunebook.tunes.first?.voices ?? []
    #expect(voices.map(\.staffScale) == [0.8, 0.7, 0.8])
    #expect(voices.map(\.voiceScale) == [1, 1, 0.75])
    #expect(parsed.diagnostics.map(\.message) == ["bad staffscale value '3'; expected 0.3 to 2.0"])
  }

  /// The distance between a staff's first two lines, in points, by staff.
  func lineGaps(_ abc: String) throws -> [Int: Double] {
    let items = try LayoutFixture.engrave(abc).pages.flatMap(\.items).filter {
      $0.role == .staffLine && $0.context.line == 0
    }
    var gaps: [Int: Double] = [:]
    for staff in Set(items.compactMap(\.context.staff)) {
      let ys = Set(items.filter { $0.context.staff == staff }.map { ($0.box.midY * 100).rounded() / 100 })
        .sorted()
      if ys.count >= 2 { gaps[staff] = ys[1] - ys[0] }
    }
    return gaps
  }

  @Test func anOssiaStaffIsDrawnAtItsSizeBesideTheMainStaff() throws {
    let gaps = try lineGaps(
      """
      X:1
      M:4/4
      L:1/8
      %%score [O M]
      V:O staffscale=0.7
      V:M
      K:G
      [V:O] x8 | gabc' d'c'ba |]
      [V:M] GABc dedB | G2 B2 d2 g2 |]
      """)
    let ossia = try #require(gaps[0])
    let main = try #require(gaps[1])
    #expect(abs(ossia / main - 0.7) < 0.01)
  }

  @Test func aOneStaffTuneIsSetAtItsStaffsSize() throws {
    let normal = try #require(try lineGaps("X:1\nL:1/8\nK:C\nCDEF GABc|\n")[0])
    let small = try #require(try lineGaps("X:1\n%%staffscale 0.6\nL:1/8\nK:C\nCDEF GABc|\n")[0])
    #expect(abs(small / normal - 0.6) < 0.01)
  }

  @Test func aScaledVoicesNotesAreSmallerOnTheSameStaff() throws {
    let items = try LayoutFixture.engrave(
      """
      X:1
      L:1/4
      %%score (1 2)
      V:1
      V:2
      K:C
      [V:1] c d e f |
      [V:2]
      %%voicescale 0.7
      C D E F |
      """
    ).pages.flatMap(\.items)
    func headSizes(_ voice: Int) -> Set<Double> {
      Set(
        items.filter { $0.role == .notehead && $0.context.voice == voice }.compactMap { item -> Double? in
          if case .glyph(let glyph) = item.shape { return (glyph.size * 100).rounded() / 100 }
          return nil
        })
    }
    let upper = try #require(headSizes(0).first)
    let lower = try #require(headSizes(1).first)
    #expect(headSizes(0).count == 1 && headSizes(1).count == 1)
    #expect(abs(lower / upper - 0.7) < 0.01)
  }

  @Test func aScaledVoicesRestsAreSmallerToo() throws {
    let items = try LayoutFixture.engrave(
      """
      X:1
      L:1/4
      %%score (1 2)
      V:1
      V:2
      K:C
      [V:1] z c z2 |
      [V:2]
      %%voicescale 0.7
      C z C z |
      """
    ).pages.flatMap(\.items)
    func restSizes(_ voice: Int) -> [Double] {
      items.filter { $0.role == .rest && $0.context.voice == voice }.compactMap { item -> Double? in
        if case .glyph(let glyph) = item.shape, glyph.name == SMuFLGlyph.restQuarter.rawValue {
          return glyph.size
        }
        return nil
      }
    }
    let upper = try #require(restSizes(0).first)
    let lower = restSizes(1)
    #expect(lower.count == 2)
    #expect(lower.allSatisfy { abs($0 / upper - 0.7) < 0.01 })
  }
}
