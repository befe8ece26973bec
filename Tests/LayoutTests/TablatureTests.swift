import ABCParser
import DisplayList
import Foundation
import Layout
import ScoreModel
import Testing

/// `%%tablature`: a string staff under a voice with the fret of each note.
@Suite struct TablatureTests {
  func items(_ abc: String) throws -> [DisplayItem] {
    try LayoutFixture.engrave(abc + "\n").pages.flatMap(\.items)
  }

  func frets(_ items: [DisplayItem]) -> [String] {
    items.filter { $0.role == .tablature }.sorted { $0.box.minX < $1.box.minX }.compactMap {
      if case .text(let text) = $0.shape { text.text } else { nil }
    }
  }

  @Test func theDirectiveIsReadWithTuningCapoVoiceAndLabel() throws {
    let tune = try #require(
      ABCParser.parse("X:1\n%%tablature guitar capo=2 label=\"My guitar\"\nK:C\nC|]\n").tunebook.tunes.first)
    let tab = try #require(tune.tablatures.first)
    #expect(tab.strings == [52, 57, 62, 67, 71, 76])
    #expect(tab.capo == 2 && tab.label == "My guitar" && tab.voiceID == nil)
    let dadgad = ABCParser.parse("X:1\n%%tablature voice=T tuning=D,A,DGAd\nK:C\nC|]\n")
    #expect(dadgad.tunebook.tunes.first?.tablatures.first?.strings == [50, 57, 62, 67, 69, 74])
    #expect(dadgad.tunebook.tunes.first?.tablatures.first?.voiceID == "T")
    let bad = ABCParser.parse("X:1\n%%tablature banjolele\n%%tablature tuning=XYZ\nK:C\nC|]\n")
    #expect(bad.diagnostics.contains { $0.message.hasPrefix("unknown tablature instrument 'banjolele'") })
    #expect(bad.diagnostics.contains { $0.message.hasPrefix("bad tablature tuning 'XYZ'") })
  }

  @Test func chordNotesTakeTheirOwnStringsAsLowOnTheNeckAsTheyGo() {
    let violin = Tablature(
      instrument: "violin", strings: [55, 62, 69, 76], range: SourceRange(.init(line: 1, column: 1)))
    // G3 D4 A4: the three open strings.
    let open = violin.positions(of: [55, 62, 69]).map { $0.map { [$0.string, $0.fret] } }
    #expect(open == [[0, 0], [1, 0], [2, 0]])
    // Two notes that both sit best on the A string: the lower moves to the D string.
    let crowded = violin.positions(of: [71, 70]).map { $0.map { [$0.string, $0.fret] } }
    #expect(crowded == [[2, 2], [1, 8]])
    // Below the lowest string: no place.
    #expect(violin.positions(of: [50]).first! == nil)
    let capo = Tablature(
      instrument: "guitar", strings: [52, 57, 62, 67, 71, 76], capo: 2,
      range: SourceRange(.init(line: 1, column: 1)))
    #expect(capo.positions(of: [64]).first!.map { [$0.string, $0.fret] } == [2, 0])
  }

  @Test func aGuitarStaffHangsUnderTheNotesWithItsFretNumbers() throws {
    let all = try items("X:1\nL:1/4\n%%tablature guitar\nK:C\nDEF G-|G [CEG]2 z|]")
    // D4, E4, F4 on the D string; G4 open; its tied continuation shows nothing; the chord
    // C4 E4 G4 on the A, D and G strings.
    #expect(frets(all) == ["0", "2", "3", "0", "3", "2", "0"])
    let staffLines = all.filter { $0.role == .staffLine }
    let staffBottom = try #require(staffLines.map(\.box.midY).sorted().dropLast(0).first) + 4 * 5
    let stringYs = Set(staffLines.map { ($0.box.midY * 100).rounded() / 100 }.filter { $0 > staffBottom + 1 })
    #expect(stringYs.count == 6, "six strings under the staff")
    // Each number stands in a gap of its string's line.
    for number in all.filter({ $0.role == .tablature }) {
      let onLine = staffLines.filter { abs($0.box.midY - number.box.midY) < 2.5 }
      #expect(!onLine.isEmpty)
      #expect(
        onLine.allSatisfy { $0.box.maxX <= number.box.minX + 0.01 || $0.box.minX >= number.box.maxX - 0.01 })
    }
    let clefs = all.filter { $0.role == .clef }.compactMap {
      if case .glyph(let g) = $0.shape { g.name } else { nil }
    }
    #expect(clefs.contains("6stringTabClef"))
    // Bar lines run through the tablature too.
    #expect(all.filter { $0.role == .barLine && $0.box.minY > staffBottom }.count >= 2)
  }

  @Test func aVoiceOfAScoreGetsItsOwnTablature() throws {
    let abc = "X:1\nL:1/4\n%%tablature voice=B mandolin\nK:C\nV:A\ncdef|]\nV:B\nGABc|]"
    let all = try items(abc)
    let numbers = all.filter { $0.role == .tablature }
    #expect(numbers.allSatisfy { $0.context.voice == 1 })
    // G4 A4 B4 C5 on a mandolin (G3 D4 A4 E5): G on the D string, then the A string.
    #expect(frets(all) == ["5", "0", "2", "3"])
  }

  @Test func notesOutOfReachAreLeftOffAndSaid() throws {
    let tune = try #require(
      ABCParser.parse("X:1\nL:1/4\n%%tablature violin\nK:C\nC, D G c|C,2 G2|]\n").tunebook.tunes.first)
    let warnings = UndrawnNotation.warnings(for: tune)
    #expect(
      warnings.map(\.message) == [
        "a note the strings of the violin tablature cannot reach is left off the tablature (1 more in this tune)"
      ])
    #expect(warnings.first?.range.start.column == 1)
    // C3 lies below the violin's G string; D4, G4, C5, G4 are played on the D and A strings.
    #expect(
      frets(try items("X:1\nL:1/4\n%%tablature violin\nK:C\nC, D G c|C,2 G2|]")) == ["0", "5", "3", "5"])
  }
}
