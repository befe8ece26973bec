import Testing

@testable import Layout

/// Running-head placeholders: each expands to its page fact, once, and anything else stays
/// as written.
@Suite struct RunningHeadsTests {
  @Test func everyPlaceholderExpandsToItsFact() {
    var facts = PageFacts()
    facts.title = "Reels"
    facts.composer = "Trad."
    facts.section = "Jigs"
    facts.label = "7"
    facts.pageCount = 12
    facts.book = "Book"
    facts.edition = "2nd"
    facts.date = "2026"
    facts.fileName = "tunes.abc"
    let written =
      "{title}|{composer}|{section}|{pages}|{page}|{book}|{edition}|{date}|{file}|"
      + "$P0|$P1|$T|$C|$P|$N|$D|$d|$F|$X|{nope}|$|{page"
    #expect(
      RunningHeads.expand(written, facts)
        == "Reels|Trad.|Jigs|12|7|Book|2nd|2026|tunes.abc||7|Reels|Trad.|7|12|2026|2026|tunes.abc|$X|{nope}|$|{page"
    )
    facts.isEven = true
    #expect(RunningHeads.expand("$P0 $P1 $P", facts) == "7  7")
    // What a placeholder stands for is not read again for placeholders.
    facts.title = "{page} $P"
    #expect(RunningHeads.expand("$T / {title}", facts) == "{page} $P / {page} $P")
    #expect(RunningHeads.expand("plain text", facts) == "plain text")
  }

  /// An ASCII head is read as bytes, any other character by character: both read alike
  /// (a text with "é" added at its end goes the second way and gains just the "é").
  @Test func asciiAndOtherHeadsExpandAlike() {
    var facts = PageFacts()
    facts.title = "Tune $P"
    facts.label = "3"
    facts.pageCount = 40
    facts.date = "May"
    let pieces = [
      "{", "}", "$", "P", "0", "1", "{page}", "{pages}", "$P0", "$T", "{title", "x", " ", "\t", "\r\n", "$$",
    ]
    var generator = SystemRandomNumberGenerator()
    for _ in 0..<2_000 {
      let text = (0..<Int.random(in: 0...8, using: &generator)).map { _ in
        pieces.randomElement(using: &generator)!
      }.joined()
      facts.isEven = Bool.random(using: &generator)
      #expect(
        RunningHeads.expand(text + "é", facts) == RunningHeads.expand(text, facts) + "é",
        "\(text.debugDescription)")
    }
  }
}
