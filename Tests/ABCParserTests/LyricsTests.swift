import ABCParser
import ScoreModel
import Testing

/// The verse-0 syllables of each note, spelled like the dump (`*` for none).
private func verse(_ notes: [NoteEvent], _ index: Int = 0) -> [String] {
  notes.map { note in
    guard index < note.lyrics.count, let syllable = note.lyrics[index] else { return "*" }
    return syllable.text + (syllable.continuesWord ? "-" : "") + (syllable.hasExtender ? "_" : "")
  }
}

@Suite struct LyricsTests {
  @Test func syllablesHyphensAndWords() {
    let notes = Parse.notes("A B C D\nw: syl-la-ble word")
    #expect(verse(notes) == ["syl-", "la-", "ble", "word"])
  }

  @Test func holdSkipTildeAndLiteralHyphen() {
    let notes = Parse.notes("A B C D E F\nw: long_ * two~words up\\-beat x")
    #expect(verse(notes) == ["long_", "*", "*", "two words", "up-beat", "x"])
  }

  @Test func doubleHyphenSkipsANoteAndSpacedHyphenJoins() {
    #expect(verse(Parse.notes("A B C D\nw: syll-a--ble")) == ["syll-", "a-", "*", "ble"])
    #expect(verse(Parse.notes("A B\nw: hel - lo")) == ["hel-", "lo"])
  }

  @Test func barJumpsToTheNextBar() {
    let notes = Parse.notes("A B | C D | E\nw: one | three four | five")
    #expect(verse(notes) == ["one", "*", "three", "four", "five"])
  }

  @Test func restsSpacersAndGracesAreSkipped() {
    let notes = Parse.notes("A z y {g}B x C\nw: a b c")
    #expect(verse(notes) == ["a", "b", "c"])
  }

  @Test func versesAreSuccessiveLines() {
    let notes = Parse.notes("A B\nw: one two\nw: three four\nc d\nw: five six")
    #expect(verse(notes, 0) == ["one", "two", "five", "six"])
    #expect(verse(notes, 1) == ["three", "four", "*", "*"])
  }

  @Test func aBackslashAtTheEndOfAWordsLineGoesOnInTheNext() {
    // ABC 2.1: `w:` lines may be continued with `\`; the next `w:` is the same verse.
    let (tune, diagnostics) = Parse.tune(
      "A B C D | E F G A |\nw: one two three four \\\nw: five six sev-en\nw: second")
    #expect(diagnostics.isEmpty, "\(diagnostics)")
    let notes: [NoteEvent] =
      tune?.voices.first?.elements.compactMap { if case .note(let n) = $0 { n } else { nil } } ?? []
    #expect(verse(notes, 0) == ["one", "two", "three", "four", "five", "six", "sev-", "en"])
    #expect(verse(notes, 1) == ["second", "*", "*", "*", "*", "*", "*", "*"])
  }

  @Test func continuationLineGoesOnWithTheSameVerse() {
    let (tune, diagnostics) = Parse.tune("A B C D\nw: one two\n+: three four")
    #expect(diagnostics.isEmpty)
    let notes: [NoteEvent] =
      tune?.voices.first?.elements.compactMap { if case .note(let n) = $0 { n } else { nil } } ?? []
    #expect(verse(notes) == ["one", "two", "three", "four"])
  }

  @Test func escapesInLyrics() {
    #expect(verse(Parse.notes("A B\nw: caf\\'e &uuml;")) == ["café", "ü"])
  }

  @Test func tooManySyllablesWarnOnceAtTheFirstExtra() {
    let input = MarkedInput("X:1\nK:C\nA B\nw: one two 1️⃣three four\n")
    let (_, diagnostics) = ABCParser.parse(input.text)
    #expect(diagnostics.map(\.range.start) == [input[1]])
    #expect(diagnostics.map(\.severity) == [.warning])
  }

  @Test func lyricsGoToTheCurrentVoice() {
    let (tune, _) = Parse.tune("V:1\nA B\nw: a b\nV:2\nc d\nw: c d")
    let syllables = tune?.voices.map { voice in
      voice.elements.compactMap { if case .note(let n) = $0 { n.lyrics.first??.text } else { nil } }
    }
    #expect(syllables == [["a", "b"], ["c", "d"]])
  }

  @Test func unalignedWordsAndTheirContinuation() {
    let (tune, diagnostics) = Parse.tune(
      "A\nW: first verse\n+: goes on\nW: second", header: "W:header words\nK:C")
    #expect(diagnostics.isEmpty)
    #expect(tune?.words == ["header words", "first verse goes on", "second"])
  }

  @Test func dumpShowsLyrics() {
    #expect(
      Parse.dump("A B C\nw: la-_ x")
        == "0 note 1/8 A4 w=la-_\n1/8 note 1/8 B4\n1/4 note 1/8 C4 w=x\n3/8 break")
    #expect(Parse.dump("A B\nw: a\nw: * b") == "0 note 1/8 A4 w=a\n1/8 note 1/8 B4 w=* w=b\n1/4 break")
  }
}
