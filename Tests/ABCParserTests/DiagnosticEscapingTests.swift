import ABCParser
import ScoreModel
import Testing

/// Diagnostics never carry terminal control sequences from the input, and never quote
/// more than a short excerpt of it.
@Suite struct DiagnosticEscapingTests {
  /// True when `text` holds a scalar a terminal would act on.
  static func hasControl(_ text: String) -> Bool {
    text.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }
  }

  @Test func escapesAreShownNotSent() {
    #expect(Diagnostic.printable("a\u{1B}[31mb") == "a\\e[31mb")
    #expect(Diagnostic.printable("bell\u{07} del\u{7F} csi\u{9B}") == "bell\\x07 del\\x7f csi\\x9b")
    #expect(Diagnostic.printable("one\ntwo\r\tthree") == "one\\ntwo\\r\\tthree")
    #expect(Diagnostic.printable("left\u{202E}right") == "left\\u{202e}right")
    #expect(Diagnostic.printable("plain é ♯ text") == "plain é ♯ text")
  }

  @Test func parsedDiagnosticsPrintOnOneSafeLine() {
    let text = "X:1\nT:\u{1B}[31mred\u{1B}[0m\u{07}\nM:\u{1B}]0;title\u{07}\nK:C\nA\u{1B}[2JB\u{0}C\u{9B}D|\n"
    let (_, diagnostics) = ABCParser.parse(text, file: "evil\u{1B}[1m.abc")
    #expect(diagnostics.count >= 3)
    for diagnostic in diagnostics {
      let line = diagnostic.description
      #expect(!Self.hasControl(line), "\(line.debugDescription)")
      #expect(line.hasPrefix("evil\\e[1m.abc:"))
    }
    #expect(diagnostics.contains { $0.description.contains("\\e") })
    #expect(diagnostics.contains { $0.description.contains("\\x00") })
  }

  @Test func quotedSourceTextIsCutToAnExcerpt() {
    let junk = String(repeating: "#", count: 1_000_000)
    let (_, diagnostics) = ABCParser.parse("X:1\nK:C\nA \(junk) B|\n")
    let unexpected = diagnostics.first { $0.message.hasPrefix("unexpected") }
    #expect(unexpected != nil)
    let message = unexpected?.message ?? ""
    #expect(message.count <= Limits.quotedTextLength + 40)
    #expect(message.contains("…"))
    // The range still covers the whole run.
    #expect(unexpected?.range.end.column == 1_000_003)
  }

  @Test func longFieldValuesAreQuotedShort() {
    let word = String(repeating: "x", count: 5000)
    let (_, diagnostics) = ABCParser.parse("X:1\nM:\(word)/4\nL:\(word)\nV:1 clef=\(word)\nK:C\nA|\n")
    #expect(diagnostics.count >= 3)
    for diagnostic in diagnostics {
      #expect(diagnostic.message.count <= Limits.quotedTextLength + 80, "\(diagnostic.message.prefix(120))")
    }
  }

  @Test func excerptCountsScalarsNotCharacters() {
    let combining = "e" + String(repeating: "\u{301}", count: 10_000)
    #expect(Diagnostic.excerpt(combining).unicodeScalars.count == Limits.quotedTextLength)
    #expect(Diagnostic.excerpt("short") == "short")
  }
}
