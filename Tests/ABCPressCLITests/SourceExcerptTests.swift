import Testing

@testable import ABCPressCLI

/// A warning's excerpt of its source line: the bytes-only way for plain ASCII lines gives
/// exactly what the general way (decoded scalars, escapes) gives.
@Suite struct SourceExcerptTests {
  @Test func plainLinesAreQuotedAsTheGeneralWayQuotesThem() throws {
    var generator = SystemRandomNumberGenerator()
    let alphabet = Array("abc ABC|:[]()!\"^_=,'/\\0123456789\t%&<>".utf8)
    for _ in 0..<3_000 {
      let length = Int.random(in: 0...260, using: &generator)
      let line = ArraySlice((0..<length).map { _ in alphabet.randomElement(using: &generator)! })
      let number = Int.random(in: 1...120_000, using: &generator)
      let column = Int.random(in: 1...(length + 20), using: &generator)
      let plain = try #require(SourceExcerpts.plainExcerpt(line, number: number, column: column))
      #expect(plain == SourceExcerpts.decodedExcerpt(line, number: number, column: column))
    }
  }

  @Test func otherLinesTakeTheGeneralWay() {
    for text in ["café |", "a\u{1B}b", "tab\tand\u{7F}", "\u{FFFD}"] {
      #expect(
        SourceExcerpts.plainExcerpt(ArraySlice(Array(text.utf8)), number: 3, column: 2) == nil, "\(text)")
    }
    let escaped = SourceExcerpts.decodedExcerpt(ArraySlice(Array("a\u{1B}b".utf8)), number: 3, column: 2)
    #expect(escaped == " 3 | a\\eb\n   |  ^")
  }
}
