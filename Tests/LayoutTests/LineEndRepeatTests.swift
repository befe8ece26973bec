import DisplayList
import Foundation
import Testing

/// A bar that ends one repeat and opens another at a line's end is split, as engravers
/// set it: `:|` ends the line, `|:` opens the next one after its signatures.
@Suite struct LineEndRepeatTests {
  func items(_ body: String) throws -> [DisplayItem] {
    try LayoutFixture.engrave("X:1\nM:4/4\nL:1/4\nK:D\n\(body)\n").pages.flatMap(\.items)
  }

  /// Per score line: the repeat dots' x and the thick bar strokes' x, left to right.
  func marks(_ all: [DisplayItem], line: Int) -> (dots: [Double], thick: [Double]) {
    let onLine = all.filter { $0.context.line == line }
    let dots = onLine.filter { $0.role == .repeatDot }.map(\.box.midX).sorted()
    let thick = onLine.filter {
      if case .line(let stroke) = $0.shape { $0.role == .barLine && stroke.thickness > 1.5 } else { false }
    }.map(\.box.midX).sorted()
    return (dots, thick)
  }

  @Test func doubleRepeatAtALineEndIsSplit() throws {
    let all = try items("|: DEFG | ABcd ::\nABcd | efga :|")
    let first = marks(all, line: 0)
    let second = marks(all, line: 1)
    // Line one: its opening |: and, at its end, :| (dots before the last thick stroke).
    let lastThick = try #require(first.thick.last)
    #expect(first.dots.filter { $0 > lastThick }.isEmpty, "no dots after the line's last stroke")
    #expect(first.dots.contains { $0 < lastThick && $0 > lastThick - 8 })
    // Line two opens with |: before its first note.
    let firstHead = try #require(
      all.filter { $0.role == .notehead && $0.context.line == 1 }.map(\.box.minX).min())
    let opening = try #require(second.thick.first)
    #expect(opening < firstHead)
    #expect(second.dots.contains { $0 > opening && $0 < firstHead })
  }

  @Test func startRepeatAtALineEndMovesToTheNextLine() throws {
    let all = try items("DEFG | ABcd |:\nABcd | efga :|")
    // Line one has no repeat sign at all; line two opens with one.
    #expect(marks(all, line: 0).dots.isEmpty && marks(all, line: 0).thick.isEmpty)
    let second = marks(all, line: 1)
    let firstHead = try #require(
      all.filter { $0.role == .notehead && $0.context.line == 1 }.map(\.box.minX).min())
    #expect(second.dots.contains { $0 < firstHead })
  }

  @Test func multiStaffLinesSplitTheRepeatOnEveryStaff() throws {
    let all = try items(
      "%%score {A B}\nV:A\n|: DEFG | ABcd ::\nABcd | efga :|\nV:B\n|: D,4 | D,4 ::\nD,4 | D,4 :|")
    let opening = all.filter { $0.role == .repeatDot && $0.context.line == 1 }
    #expect(Set(opening.compactMap(\.context.staff)) == [0, 1], "both staves open with |:")
  }
}
