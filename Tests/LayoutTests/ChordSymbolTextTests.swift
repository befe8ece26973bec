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
}
