import ABCParser
import Testing

/// The tokens an editor colours the text with: the parser's own reading of each stretch.
struct SyntaxTokenTests {
  /// The text of each token of `text`, with its kind, line by line.
  private func read(_ text: String) -> [String] {
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { Array($0.unicodeScalars) }
    return ABCParser.syntaxTokens(text).map { token in
      let scalars = lines[token.line - 1][(token.start - 1)..<(token.end - 1)]
      return "\(token.line):\(token.kind.rawValue) \(String(String.UnicodeScalarView(scalars)))"
    }
  }

  @Test func eachConstructIsNamedByTheReaderThatTookIt() {
    let tokens = read(
      """
      %%scale 0.8
      Free text between tunes

      X:1
      T:Reel % a comment
      M:4/4
      K:D
      |:"D"!trill!d2 (3FAd [DF]2 {ag}f>e | [K:G] (gf) z2 ~g4- :|[2 g8 |]
      w:la la
      """)
    #expect(
      tokens == [
        "1:directive %%scale 0.8", "2:text Free text between tunes",
        "4:field X:", "4:value 1", "5:field T:", "5:value Reel ", "5:comment % a comment",
        "6:field M:", "6:value 4/4", "7:field K:", "7:value D",
        "8:bar |:", "8:annotation \"D\"", "8:decoration !trill!", "8:note d2", "8:tuplet (3", "8:note F",
        "8:note A", "8:note d", "8:chord [DF]2", "8:grace {ag}", "8:note f", "8:rhythm >", "8:note e",
        "8:bar |", "8:inline [K:G]", "8:slur (", "8:note g", "8:note f", "8:slur )", "8:rest z2",
        "8:decoration ~", "8:note g4", "8:tie -", "8:bar :|[2", "8:note g8", "8:bar |]",
        "9:field w:", "9:lyrics la la",
      ])
  }

  @Test func aMacroMarksWhatIsWrittenOnceAndTokensNeverOverlap() {
    let text = "X:1\nm: ~n2 = {o}n\nK:C\n~G2 ABc|\n"
    let tokens = ABCParser.syntaxTokens(text)
    let music = tokens.filter { $0.line == 4 }
    #expect(music.first?.start == 1)
    #expect(music.map(\.kind).contains(.bar))
    for (a, b) in zip(tokens, tokens.dropFirst()) where a.line == b.line {
      #expect(a.end <= b.start, "\(a) overlaps \(b)")
    }
  }

  @Test func columnsCountUnicodeScalars() {
    let tokens = read("X:1\nT:Café ☕\nK:C\n\"é\"C|\n")
    #expect(tokens.contains("2:value Café ☕"))
    #expect(tokens.contains("4:annotation \"é\""))
    #expect(tokens.contains("4:note C"))
  }
}
