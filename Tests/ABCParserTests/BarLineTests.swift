import ABCParser
import ScoreModel
import Testing

@Suite struct BarLineTests {
  /// Text, style, repeat end, repeat start, ending.
  static let bars: [(String, BarStyle, Bool, Bool, String?)] = [
    ("|", .single, false, false, nil),
    ("||", .double, false, false, nil),
    ("[|", .thickThin, false, false, nil),
    ("|]", .thinThick, false, false, nil),
    (".|", .dotted, false, false, nil),
    ("[|]", .invisible, false, false, nil),
    ("|:", .single, false, true, nil),
    (":|", .single, true, false, nil),
    ("::", .double, true, true, nil),
    (":|:", .single, true, true, nil),
    (":||:", .double, true, true, nil),
    ("[|:", .thickThin, false, true, nil),
    (":|]", .thinThick, true, false, nil),
    ("|1", .single, false, false, "1"),
    (":|2", .single, true, false, "2"),
    ("|[1", .single, false, false, "1"),
    ("|[1,3", .single, false, false, "1,3"),
    ("|1-3,5", .single, false, false, "1-3,5"),
    (":|[2", .single, true, false, "2"),
  ]

  @Test(arguments: bars)
  func bar(text: String, style: BarStyle, repeatsEnd: Bool, repeatsStart: Bool, ending: String?) {
    let (tune, diagnostics) = Parse.tune("A\(text)B")
    #expect(diagnostics.isEmpty)
    let elements = tune?.voices.first?.elements ?? []
    #expect(elements.count == 4)  // A, bar, B, line break
    guard elements.count > 1, case .bar(let bar) = elements[1] else {
      Issue.record("no bar in \(elements)")
      return
    }
    #expect(bar.style == style)
    #expect(bar.repeatsEnd == repeatsEnd)
    #expect(bar.repeatsStart == repeatsStart)
    #expect(bar.ending == ending)
  }

  @Test func standaloneEndingAttachesToThePreviousBar() {
    let bars = Parse.bars("A B :| [2 c d |]")
    #expect(bars.count == 2)
    #expect(bars.first?.ending == "2")
    #expect(bars.first?.repeatsEnd == true)
  }

  @Test func endingAtLineStartAttachesAcrossTheLineBreak() {
    let bars = Parse.bars("A B |\n[1 c d :|\n[2 e f |]")
    #expect(bars.map(\.ending) == ["1", "2", nil])
  }

  @Test func endingWithoutABarStartsAnInvisibleOne() {
    let bars = Parse.bars("A [1 B")
    #expect(bars.map(\.style) == [.invisible])
    #expect(bars.map(\.ending) == ["1"])
  }

  @Test func barRange() {
    let bars = Parse.bars("AB :|2 c")
    #expect(bars.first?.range.start == SourceLocation(line: 4, column: 4))
    #expect(bars.first?.range.end == SourceLocation(line: 4, column: 7))
  }

  @Test(arguments: [
    ("|:", 2), (":|", 2), ("::", 2), ("|::", 3), ("::|", 3), (":::|", 4), ("::|::", 3), ("::::", 3),
    ("|", 2),
  ])
  func repeatCount(text: String, count: Int) {
    let bars = Parse.bars("A\(text)B")
    #expect(bars.map(\.repeatCount) == [count])
  }

  @Test func repeatCountShowsInTheDump() {
    let bars = Parse.bars("|:: A ::|")
    #expect(bars.map(\.repeatsStart) == [true, false])
    #expect(bars.map(\.repeatsEnd) == [false, true])
  }
}
