import DisplayList
import Foundation
import Testing

@testable import Layout

/// Chord symbols print real flat and sharp signs.
@Suite struct ChordSymbolTextTests {
  @Test func accidentalsOfRootsBassesAndAlterationsBecomeSigns() {
    let cases: [(String, String)] = [
      ("Bb", "B♭"), ("F#m7b5", "F♯m7♭5"), ("Gm/Bb", "Gm/B♭"), ("C7(b9)", "C7(♭9)"), ("C7#11", "C7♯11"),
      ("Ebmaj7", "E♭maj7"), ("Bbsus4", "B♭sus4"), ("N.C.", "N.C."), ("Am", "Am"), ("Dbb", "D♭♭"),
      ("tacet b", "tacet b"),
    ]
    for (written, printed) in cases { #expect(ChordSymbolText.typeset(written) == printed, "\(written)") }
  }

  @Test func theEngravedChordShowsTheSign() throws {
    let items = try LayoutFixture.engrave("X:1\nL:1/4\nK:F\n\"Bb\"B \"F#m\"A|\n").pages.flatMap(\.items)
    let chords = items.filter { $0.role == .chordSymbol }.compactMap {
      if case .text(let text) = $0.shape { text.text } else { nil }
    }
    #expect(chords == ["B♭", "F♯m"])
  }

  @Test func stylesRaiseExtensionsAndWriteJazzSigns() {
    func printed(_ text: String, _ style: ChordSymbolStyle) -> String {
      ChordSymbolText.runs(text, style: style).map { $0.isRaised ? "^" + $0.text : $0.text }.joined()
    }
    #expect(printed("F#m7b5", .plain) == "F♯m7♭5")
    #expect(printed("F#m7b5", .superscript) == "F♯m^7♭5")
    #expect(printed("F#m7b5", .jazz) == "F♯^ø7")
    #expect(printed("Cmaj7/E", .jazz) == "C^Δ7/E")
    #expect(printed("Bbdim7", .jazz) == "B♭^°7")
    #expect(printed("Gm7/Bb", .superscript) == "Gm^7/B♭")
    #expect(printed("Asus4", .superscript) == "A^sus4")
    #expect(printed("C", .jazz) == "C")
    #expect(printed("N.C.", .jazz) == "N.C.")
  }

  @Test func aRaisedExtensionIsSmallerAndHigher() throws {
    var setup = PageSetup.a4
    setup.chordSymbolStyle = .superscript
    let items = try LayoutFixture.engrave("X:1\nL:1/4\nK:C\n\"Am7\"A|\n", setup: setup).pages.flatMap(\.items)
    let runs = items.filter { $0.role == .chordSymbol }.compactMap { item -> (String, Double, Double)? in
      if case .text(let text) = item.shape { (text.text, text.font.size, item.box.minY) } else { nil }
    }
    #expect(runs.map(\.0) == ["Am", "7"])
    guard runs.count == 2 else { return }
    #expect(runs[1].1 < runs[0].1)
    #expect(runs[1].2 < runs[0].2)
  }

  @Test func chordNamesInTitlesGetSignsAsWholeWords() {
    #expect(ChordSymbolText.inTitle("Blues in Bb") == "Blues in B♭")
    #expect(ChordSymbolText.inTitle("F#m Reel, The") == "F♯m Reel, The")
    #expect(ChordSymbolText.inTitle("Abby's Jig") == "Abby's Jig")
    #expect(ChordSymbolText.inTitle("Eb, a waltz") == "E♭, a waltz")
    #expect(TitleStyle().printed("Blues in Eb, The") == "The Blues in E♭")
  }

  /// The byte test that lets most titles through unchanged passes every title a chord
  /// word changes: words built from roots, accidentals, qualities, punctuation, combining
  /// marks and German words that start like chords.
  @Test func titlesWithoutAChordWordAreKnownByTheirBytes() {
    let pieces = [
      "A", "Eb", "F#", "Bb", "Abend", "Ebbe", "Abby's", "m", "m7", "maj7", "sus4", "dim", "min",
      ",", ".", "’", "'", ")", "\u{301}", "é", "x", "7", "b", "#", "G#maj",
    ]
    var random = SystemRandomNumberGenerator()
    var changed = 0
    for _ in 0..<5000 {
      let words = (0..<Int.random(in: 1...4, using: &random)).map { _ in
        (0..<Int.random(in: 1...3, using: &random)).map { _ in pieces.randomElement(using: &random)! }
          .joined()
      }
      let title = words.joined(separator: " ")
      let printed = ChordSymbolText.inTitle(title)
      if printed != title {
        changed += 1
        #expect(ChordSymbolText.hasChordWord(title), "\(title)")
      }
      if !ChordSymbolText.hasChordWord(title) { #expect(printed == title, "\(title)") }
    }
    #expect(changed > 100)
    #expect(!ChordSymbolText.hasChordWord("Abendreihen"))
    #expect(!ChordSymbolText.hasChordWord("Ebbe und Flut"))
    #expect(ChordSymbolText.hasChordWord("Blues in Bb"))
    #expect(ChordSymbolText.hasChordWord("C#maj7’s tune"))
  }
}
