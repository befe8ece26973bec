import Book
import Testing

@Suite struct TextEscapesTests {
  @Test func abcEscapesBecomeComposedLetters() {
    #expect(TextEscapes.decode(#"Caf\'e \"uber \`a \^o \~n \cc \ss \aa"#) == "Café über à ô ñ ç ß å")
    #expect(TextEscapes.decode(#"\u0416\u0438\u0437\u043d\u044c"#) == "Жизнь")
    #expect(TextEscapes.decode("&eacute;t&eacute; &#233; &#xE9; &amp;") == "été é é &")
    #expect(TextEscapes.decode(#"a\qb"#) == #"a\qb"#)
  }

  @Test func quotesBecomeCurly() {
    #expect(TextEscapes.typographic(#"He said "it's Sully's" tune"#) == "He said “it’s Sully’s” tune")
  }
}
