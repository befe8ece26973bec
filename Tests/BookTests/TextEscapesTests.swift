import ABCParser
import Testing

@testable import Book

@Suite struct TextEscapesTests {
  @Test func abcEscapesBecomeComposedLetters() {
    #expect(TextEscapes.decode(#"Caf\'e \"uber \`a \^o \~n \cc \ss \aa"#) == "Café über à ô ñ ç ß å")
    #expect(TextEscapes.decode(#"\u0416\u0438\u0437\u043d\u044c"#) == "Жизнь")
    #expect(TextEscapes.decode("&eacute;t&eacute; &#233; &#xE9; &amp; &ldquo;") == "été é é & “")
    #expect(TextEscapes.decode(#"a\qb"#) == #"a\qb"#)
  }

  @Test func octalBytesAndLoneTildes() {
    #expect(TextEscapes.decode(#"Caf\351 \341"#) == "Café á")  // Latin-1 bytes, as older files wrote them.
    #expect(TextEscapes.decode(#"Caf\303\251"#) == "Café")  // A run that forms UTF-8.
    #expect(TextEscapes.decode(#"A\~B \~n"#) == "A~B ñ")
    #expect(TextEscapes.decode(#"\9"#) == #"\9"#)
  }

  @Test func quotesBecomeCurly() {
    #expect(TextTypography.typographic(#"He said "it's Sully's" tune"#) == "He said “it’s Sully’s” tune")
  }

  /// An ASCII text's quotes set byte by byte as the character walk sets them, the same
  /// bytes out, whatever stands around them (white space, CR LF, brackets, quotes).
  @Test func asciiQuotesAreSetAsCharactersSetThem() {
    let pieces = [
      "\"", "'", " ", "\t", "\r\n", "\n", "\u{0B}", "\u{1C}", "(", "[", "{", ")", "a", "Z", "9", "-",
    ]
    var generator = SystemRandomNumberGenerator()
    for _ in 0..<2_000 {
      let text = (0..<Int.random(in: 1...12, using: &generator)).map { _ in
        pieces.randomElement(using: &generator)!
      }.joined()
      let fast = TextTypography.asciiTypographic(text)
      let slow = TextTypography.characterTypographic(text)
      #expect(Array(fast.utf8) == Array(slow.utf8), "\(Array(text.utf8))")
    }
    #expect(TextTypography.typographic(#"("Reel") 'Bout"#) == "(“Reel”) ‘Bout")
  }
}
