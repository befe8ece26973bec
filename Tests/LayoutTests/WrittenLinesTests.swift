import Foundation
import Testing

@testable import Layout

/// A directive's text broken into lines: the plain-line shortcut gives what Foundation's
/// search and trimming give, for every kind of text.
@Suite struct WrittenLinesTests {
  /// The general path, as the lines were made before the shortcut.
  static func foundationLines(_ text: String, keepingEmpty: Bool) -> [String] {
    let lines = text.replacingOccurrences(of: "\\n", with: "\n")
      .split(separator: "\n", omittingEmptySubsequences: false)
      .map { String($0.trimmingCharacters(in: .whitespaces)) }
    return keepingEmpty ? lines : lines.filter { !$0.isEmpty }
  }

  @Test func knownTextsBreakAndTrimAsWritten() {
    #expect(WrittenLines.of("Page 3", keepingEmpty: true) == ["Page 3"])
    #expect(WrittenLines.of(" Violin\\nI ", keepingEmpty: false) == ["Violin", "I"])
    #expect(WrittenLines.of("a\n\nb", keepingEmpty: true) == ["a", "", "b"])
    #expect(WrittenLines.of("a\n\nb", keepingEmpty: false) == ["a", "b"])
    #expect(WrittenLines.of("", keepingEmpty: true) == [""])
    #expect(WrittenLines.of("", keepingEmpty: false).isEmpty)
    #expect(WrittenLines.of("\tTitle\u{00A0}", keepingEmpty: true) == ["Title"])
  }

  @Test func randomTextsGiveWhatFoundationGives() {
    var generator = SystemRandomNumberGenerator()
    let pieces = [
      "a", "Z", "9", " ", "  ", "\t", "\\", "\\n", "n", "\n", "\r", "\r\n", "é", "\u{00A0}", "$P", "{page}",
    ]
    for _ in 0..<5_000 {
      let text = (0..<Int.random(in: 0...8, using: &generator)).map { _ in
        pieces.randomElement(using: &generator)!
      }.joined()
      for keepingEmpty in [true, false] {
        #expect(
          WrittenLines.of(text, keepingEmpty: keepingEmpty)
            == Self.foundationLines(text, keepingEmpty: keepingEmpty), "\(text.debugDescription)")
      }
    }
  }
}
