import ABCParser
import ScoreModel
import Testing

@testable import Transposition

@Suite struct EditionTests {
  func tune(_ body: String, header: String = "K:G") throws -> Tune {
    try #require(ABCParser.parse("X:1\nL:1/4\n\(header)\n\(body)\n").tunebook.tunes.first)
  }

  func keys(_ tune: Tune) -> [Int] {
    tune.voices.flatMap(\.elements).compactMap { element -> Int? in
      if case .note(let note) = element { return note.heads.first?.midiKey } else { return nil }
    }
  }

  func chords(_ tune: Tune) -> [String] {
    tune.voices.flatMap(\.elements).flatMap { element -> [String] in
      if case .note(let note) = element { return note.annotations.map(\.text) } else { return [] }
    }
  }

  @Test(arguments: [("bb", 2, "A"), ("eb", -3, "E"), ("f", -5, "D"), ("bass", -12, "G"), ("c", 0, "G")])
  func eachEditionMovesNotesKeyAndChords(_ code: String, _ semitones: Int, _ chord: String) throws {
    let original = try tune("\"G\"G \"D7\"A B c|")
    let edition = try #require(Edition.code(code))
    let moved = edition.apply(original)
    #expect(keys(moved) == keys(original).map { $0 + semitones })
    #expect(chords(moved).first == chord)
    #expect(moved.initialKey.fifths == KeyTransposer.transpose(original.initialKey, by: semitones).key.fifths)
  }

  @Test func theBassEditionSetsTrebleVoicesInTheBassClef() throws {
    let original = try tune("G A [K:clef=alto] B c|[K:clef=treble] d e|")
    let moved = try #require(Edition.code("bass")).apply(original)
    #expect(moved.voices[0].clef == .bass)
    #expect(moved.voices[0].hasExplicitClef)
    let changes = moved.voices[0].elements.compactMap { element -> Clef? in
      if case .clefChange(let clef, _) = element { return clef } else { return nil }
    }
    // The alto clef a viola line asks for stays; the treble clef after it becomes bass.
    #expect(changes.map(\.shape) == [.alto, .bass])
    // A voice already in the bass clef keeps it (and moves the octave with the rest).
    let bass = try tune("G, A,|", header: "K:G clef=bass")
    #expect(try #require(Edition.code("bass")).apply(bass).voices[0].clef == .bass)
  }

  @Test func codesAreReadAsMusiciansWriteThem() {
    #expect(Edition.code("Bb")?.semitones == 2)
    #expect(Edition.code("b-flat")?.semitones == 2)
    #expect(Edition.code("E♭")?.semitones == -3)
    #expect(Edition.code("BASS")?.clef == .bass)
    #expect(Edition.code("g") == nil)
    #expect(Edition.code("c")?.isIdentity == true)
    #expect(Edition.code("bb")?.adding(semitones: 12).semitones == 14)
  }
}
