import DisplayList
import Foundation
import Testing

/// A source line too wide for the page is split into the fewest, most even lines, its
/// last piece weighed like the others even when it ends the tune.
@Suite struct EvenSplitTests {
  /// Bar lines per score line (each written bar line once, however many strokes).
  func barsPerLine(_ abc: String) throws -> [Int] {
    let items = try LayoutFixture.engrave(abc).pages.flatMap(\.items)
    let lines = Set(items.compactMap(\.context.line)).sorted()
    return lines.map { line in
      Set(items.filter { $0.role == .barLine && $0.context.line == line }.compactMap(\.source)).count
    }
  }

  @Test func theLastPieceOfASplitLineIsNotLeftShort() throws {
    let tune = """
      X:9
      M:6/8
      L:1/8
      K:C
      ||((3G/A/B/)|c2d e2f|gec dBG|GBc dBG|(G/A/B)c dBG|c2d e2f|gec dBG|(G/A/B)c dgf|ecc c2:|

      """
    let bars = try barsPerLine(tune)
    // Four full bars on each line (the first also holds the opening || and the pickup's
    // bar line): 4 + 4, where the greedy split gave 6 + 2.
    #expect(bars == [6, 4], "\(bars)")
  }

  @Test func aShortLastLineTheSourceAsksForStaysShort() throws {
    let tune = "X:1\nM:4/4\nL:1/4\nK:C\nCDEF|GABc|CDEF|GABc|\nCDEF|]\n"
    let bars = try barsPerLine(tune)
    #expect(bars.count == 2 && bars[1] == 1)
  }
}
