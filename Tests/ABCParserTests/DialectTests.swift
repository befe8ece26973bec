import ABCParser
import ScoreModel
import Testing

/// Lenient readings of forms real files use (abcm2ps and ABC 2.0 habits).
@Suite struct DialectTests {
  @Test func accidentalsGluedToTheTonic() {
    let key = Parse.tune("", header: "K:C^f^c").tune?.initialKey
    #expect(key?.explicitAccidentals == [.f: .sharp, .c: .sharp])
  }

  @Test func keyAccidentalWithOctaveMark() {
    let (tune, diagnostics) = Parse.tune("", header: "K:G exp ^F ^F,")
    #expect(diagnostics.isEmpty)
    #expect(tune?.initialKey.explicitAccidentals == [.f: .sharp])
  }

  @Test func quotedEndingLabel() {
    let bars = Parse.bars("A :|[\"last time\"B |]")
    #expect(bars.first?.ending == "last time")
  }

  @Test func loneColonIsADottedBar() {
    let (tune, diagnostics) = Parse.tune("FEDC:GGGG|")
    #expect(diagnostics.isEmpty)
    let styles = tune?.voices.first?.elements.compactMap {
      if case .bar(let bar) = $0 { bar.style } else { nil }
    }
    #expect(styles == [.dotted, .single])
  }

  @Test func microtonesAreKeptAndSoundRounded() {
    let (book, diagnostics) = ABCParser.parse("X:1\nK:C\n^/G _3/2A ^/B _1/4c\n")
    #expect(diagnostics.isEmpty)
    let heads = book.tunes.first?.voices.first?.elements.compactMap {
      if case .note(let note) = $0 { note.heads[0] } else { nil }
    }
    #expect(heads?.map(\.soundingAlter) == [1, -2, 1, 0])
    #expect(heads?.map(\.microtone) == [Rational(1, 2), Rational(-3, 2), Rational(1, 2), Rational(-1, 4)])
  }

  @Test func spacerWidthSlurDirectionAndTrailingBang() {
    let (tune, diagnostics) = Parse.tune("A y20 ('B C) (,D E) |  !")
    #expect(diagnostics.isEmpty, "\(diagnostics)")
    #expect(tune?.voices.first?.elements.filter { $0.duration > .zero }.count == 5)
  }

  @Test func curveSideMarksSetTheSide() throws {
    // abcm2ps: `('` above, `(,` below, `-'` and `-,` for ties, inside chords too.
    let (tune, diagnostics) = Parse.tune("('B C) (,D E) (F G) A-, A B-' B [C-,E]2 [CE] [CE]-' [CE]")
    #expect(diagnostics.isEmpty, "\(diagnostics)")
    let notes = try #require(
      tune?.voices.first?.elements.compactMap { if case .note(let note) = $0 { note } else { nil } })
    #expect(notes.flatMap { $0.slurStarts.map(\.isBelow) } == [false, true, nil])
    let ties = notes.flatMap { $0.heads.filter(\.isTiedToNext).map(\.tieBelow) }
    #expect(ties == [true, false, true, false, false])
  }

  @Test func userSymbolLettersAreSkipped() {
    let (tune, diagnostics) = Parse.tune("Jc Rd Ne", header: "U:J=!slide!\nK:C")
    #expect(diagnostics.isEmpty)
    #expect(tune?.voices.first?.elements.filter { $0.duration > .zero }.count == 3)
  }

  @Test func lowercaseWordsInMusicAreErrors() {
    let input = MarkedInput("X:1\nK:C\nA 1️⃣hi B\n")
    let (_, diagnostics) = ABCParser.parse(input.text)
    #expect(diagnostics.map(\.range.start) == [input[1]])
    #expect(diagnostics.first?.message == "unexpected 'hi' in music; skipped")
  }
}
