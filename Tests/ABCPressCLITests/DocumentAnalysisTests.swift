import Foundation
import Testing

@testable import ABCPressCLI

/// The language server's incremental analysis: after any edit it says what a fresh reading
/// of the whole document says, and an edit costs the lines it touched, not the document.
@Suite struct DocumentAnalysisTests {
  static let tunes = [
    "X:1\nT:One\nM:4/4\nK:G\nGABc dedB|dedB dedB|\n",
    "X:2\nT:Two\nK:D\n|:d2fd Adfd|4 A|\n",
    "X:3\nT:Three\nM:6/8\nK:Am\nABc BcA|-z|\n",
    "X:4\nT:Four\nK:C\n%%begintext\nsome words\n\nmore words\n%%endtext\nCDEF|\n",
    "X:5\nT:Five\nK:F\nFGAB c4|\nw:la la la la la la la\n",
  ]

  static let book =
    "%abc-2.1\nM:4/4\nL:1/8\n\n" + tunes.joined(separator: "\n") + "\nfree text between\n\n"
    + tunes.joined(separator: "\n")

  /// What a fresh reading of `document` gives: tunes and problems.
  static func fresh(_ document: EditorDocument) -> ([DocumentAnalysis.TuneEntry], [String]) {
    let analysis = DocumentAnalysis()
    analysis.analyse(document, path: nil)
    return (analysis.tunes, analysis.diagnostics.map(\.description))
  }

  /// A generator of edits that stays the same from run to run.
  struct Edits: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return state >> 11
    }
  }

  static let insertions = [
    "a", "4", "\n", "\n\n", "X:9\nK:C\nc|\n", "%%begintext\n", "%%endtext\n", "|", "\nX:", "!trill!",
    "T:New\n",
    "(", ")", "-", "\r\n", "é",
  ]

  @Test func everyEditGivesWhatAFreshReadingGives() throws {
    var document = EditorDocument(uri: "file:///book.abc", version: 1, text: Self.book)
    let analysis = DocumentAnalysis()
    analysis.analyse(document, path: nil)
    var random = Edits(state: 2026)
    for step in 0..<400 {
      let line = Int.random(in: 0..<document.lineCount, using: &random)
      let length = document.lines[line].utf16.count
      let start = LSPPosition(line: line, character: Int.random(in: 0...length, using: &random))
      var end = start
      if Bool.random(using: &random) {
        let last = min(document.lineCount - 1, line + Int.random(in: 0...2, using: &random))
        end = LSPPosition(
          line: last, character: Int.random(in: 0...document.lines[last].utf16.count, using: &random))
        if (end.line, end.character) < (start.line, start.character) { end = start }
      }
      let text = Bool.random(using: &random) ? Self.insertions.randomElement(using: &random)! : ""
      guard let change = document.apply(range: (start, end), newText: text, version: step + 2) else {
        Issue.record("a ranged edit replaced the whole text")
        return
      }
      analysis.update(document, change: change)
      let (tunes, problems) = Self.fresh(document)
      #expect(analysis.tunes == tunes, "step \(step): tunes differ after inserting \(text.debugDescription)")
      #expect(
        analysis.diagnostics.map(\.description) == problems,
        "step \(step): problems differ after inserting \(text.debugDescription) at \(start)")
      // The count kept up to date edit by edit (not counted afresh) is the fresh reading's.
      #expect(analysis.problemCount == problems.count, "step \(step): problem count")
      if analysis.tunes != tunes || analysis.diagnostics.map(\.description) != problems { return }
    }
  }

  /// Fuzz finding (lsp target): replacement characters in two tunes. A fresh reading used to
  /// warn once for the document, a re-read tune once more; now each tune has its own warning.
  @Test func replacementCharactersAreReportedTuneByTune() throws {
    let text = "X:1\nT:A\u{FFFD}\nK:C\nCDEF|\n\nX:2\nT:B\nK:C\nC\u{FFFD}DE|\n"
    var document = EditorDocument(uri: "file:///book.abc", version: 1, text: text)
    let analysis = DocumentAnalysis()
    analysis.analyse(document, path: nil)
    let applied = document.apply(
      range: (LSPPosition(line: 8, character: 0), LSPPosition(line: 8, character: 0)), newText: "G",
      version: 2)
    let change = try #require(applied)
    analysis.update(document, change: change)
    let problems = analysis.diagnostics.map(\.description)
    #expect(problems == Self.fresh(document).1)
    #expect(problems.filter { $0.contains("not valid UTF-8") }.count == 2)
  }

  /// Fuzz finding (lsp target): a meter added to the file header changes the bar checks of
  /// tunes whose own lines did not change; their old problems must not be kept.
  @Test func aNewHeaderChecksUnchangedTunesAgain() throws {
    let text = "L:1/4\n\nX:1\nT:A\nK:C\nCDEF|EF|G4|\n"
    var document = EditorDocument(uri: "file:///book.abc", version: 1, text: text)
    let analysis = DocumentAnalysis()
    analysis.analyse(document, path: nil)
    #expect(!analysis.diagnostics.contains { $0.message.contains(" needs ") })
    let applied = document.apply(
      range: (LSPPosition(line: 0, character: 0), LSPPosition(line: 0, character: 0)), newText: "M:4/4\n",
      version: 2)
    let change = try #require(applied)
    analysis.update(document, change: change)
    let problems = analysis.diagnostics.map(\.description)
    #expect(problems == Self.fresh(document).1)
    #expect(problems.contains { $0.contains("bar 2 has") })
  }

  @Test func aBurstOfEditsIsOneChange() throws {
    var document = EditorDocument(uri: "file:///book.abc", version: 1, text: Self.book)
    let analysis = DocumentAnalysis()
    analysis.analyse(document, path: nil)
    var random = Edits(state: 7)
    for round in 0..<60 {
      var combined: EditorDocument.LineChange?
      for edit in 0..<Int.random(in: 2...5, using: &random) {
        let line = Int.random(in: 0..<document.lineCount, using: &random)
        let position = LSPPosition(
          line: line, character: Int.random(in: 0...document.lines[line].utf16.count, using: &random))
        let text = Self.insertions.randomElement(using: &random)!
        let applied = document.apply(range: (position, position), newText: text, version: round * 10 + edit)
        let change = try #require(applied)
        combined = combined.map { LanguageServer.combined($0, change) } ?? change
      }
      analysis.update(document, change: try #require(combined))
      let (tunes, problems) = Self.fresh(document)
      #expect(
        analysis.tunes == tunes && analysis.diagnostics.map(\.description) == problems, "round \(round)")
    }
  }

  @Test func anEditReadsOnlyTheTuneItTouches() throws {
    // 4,000 tunes: a keystroke in the middle reads one tune's lines and checks one tune.
    let tune = "X:1\nT:Reel\nM:4/4\nK:D\n|:dffe dfAf|dffe d2 fe|dBBA Bcde|fdec d4:|\n"
    var document = EditorDocument(
      uri: "file:///big.abc", version: 1,
      text: (1...4000).map { tune.replacingOccurrences(of: "X:1", with: "X:\($0)") }.joined(separator: "\n"))
    let analysis = DocumentAnalysis()
    analysis.analyse(document, path: nil)
    #expect(analysis.tunes.count == 4000)
    let line = 6 * 2000 + 4
    let applied = document.apply(
      range: (LSPPosition(line: line, character: 3), LSPPosition(line: line, character: 3)), newText: " 4",
      version: 2)
    let change = try #require(applied)
    analysis.update(document, change: change)
    #expect(analysis.linesRead <= 6)
    #expect(analysis.parsedCount == 1)
    #expect(analysis.diagnostics.count == 1)
    // A new line and a new tune in the middle: the tunes after move, nothing else is read.
    let inserted = document.apply(
      range: (LSPPosition(line: line + 1, character: 0), LSPPosition(line: line + 1, character: 0)),
      newText: "\nX:99\nK:C\nC|\n", version: 3)
    let split = try #require(inserted)
    analysis.update(document, change: split)
    #expect(analysis.linesRead <= 12)
    #expect(analysis.tunes.count == 4001)
    #expect(analysis.tunes.last?.startLine == 6 * 3999 + 1 + 4)
    #expect(analysis.tunes == Self.fresh(document).0)
  }

  @Test func messagesCarryTheProblemsNearestTheEdit() throws {
    let broken = "X:1\nK:C\nC 4 D|\n"
    let document = EditorDocument(
      uri: "file:///bad.abc", version: 1, text: (1...3000).map { _ in broken }.joined(separator: "\n"))
    let analysis = DocumentAnalysis()
    analysis.analyse(document, path: nil)
    #expect(analysis.problemCount == 3000)
    let near = analysis.diagnostics(near: 4 * 1500 + 1, limit: 100)
    #expect(near.count == 100)
    let lines = near.map(\.range.start.line)
    #expect(lines == lines.sorted())
    #expect(lines.contains(4 * 1500 + 3))
    #expect(lines.allSatisfy { abs($0 - 4 * 1500) < 4 * 60 })
  }
}
