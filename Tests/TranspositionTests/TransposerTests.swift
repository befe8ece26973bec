import ABCParser
import ScoreModel
import Testing

@testable import Transposition

@Suite struct TransposerTests {
  static let here = SourceRange(SourceLocation(line: 1, column: 1))

  func key(_ text: String) throws -> KeySignature {
    try #require(ABCParser.parse("X:1\nK:\(text)\nC|\n").tunebook.tunes.first?.initialKey)
  }

  func name(_ key: KeySignature) -> String {
    guard let tonic = key.tonic else { return "none" }
    let sign = key.tonicAlter > 0 ? "#" : key.tonicAlter < 0 ? "b" : ""
    return "\(tonic.letter)\(sign) \(key.mode.rawValue) \(key.fifths)"
  }

  @Test(arguments: [
    ("C", 1, "Db major -5"), ("C", 2, "D major 2"), ("C", 3, "Eb major -3"), ("C", 6, "F# major 6"),
    ("C", -1, "B major 5"), ("C", 8, "Ab major -4"), ("G", 1, "Ab major -4"), ("F", 6, "B major 5"),
    ("Am", 1, "Bb minor -5"), ("Am", 4, "C# minor 4"), ("Em", 6, "Bb minor -5"), ("Bb", 2, "C major 0"),
    ("Ddor", 2, "E dorian 2"), ("Gmix", 1, "Ab mixolydian -5"), ("Eb", -12, "Eb major -3"),
    ("Gb", 0, "Gb major -6"),
  ])
  func enharmonicKeyChoice(_ original: String, _ semitones: Int, _ expected: String) throws {
    #expect(name(KeyTransposer.transpose(try key(original), by: semitones).key) == expected)
  }

  @Test func sixAndSixKeepsTheOriginalDirection() throws {
    #expect(name(KeyTransposer.transpose(try key("Ab"), by: -2).key) == "Gb major -6")
    #expect(name(KeyTransposer.transpose(try key("E"), by: 2).key) == "F# major 6")
  }

  @Test func notesMoveAndAccidentalsAreRespelt() throws {
    let tune = try #require(ABCParser.parse("X:1\nL:1/4\nK:C\n^F G _B c|F f ^f f|\n").tunebook.tunes.first)
    let moved = Transposer(semitones: 1).transpose(tune)
    #expect(name(moved.initialKey) == "Db major -5")
    let heads = moved.voices[0].elements.compactMap { element -> NoteHead? in
      if case .note(let note) = element { return note.heads.first } else { return nil }
    }
    let original = tune.voices[0].elements.compactMap { element -> Int? in
      if case .note(let note) = element { return note.heads.first?.midiKey } else { return nil }
    }
    #expect(heads.map(\.midiKey) == original.map { $0 + 1 })
    #expect(heads.map(\.pitch.description) == ["G4", "A4", "C5", "D5", "G4", "G5", "G5", "G5"])
    // =G (raised 4th in Db), A (flat by key), _c, d (flat by key) | G (flat), g, =g, g (still natural).
    #expect(heads.map(\.accidental) == [.natural, nil, .flat, nil, nil, nil, .natural, nil])
    #expect(tune.voices[0].elements.count == moved.voices[0].elements.count)
  }

  @Test func inputIsUntouchedAndZeroIsIdentity() throws {
    let tune = try #require(ABCParser.parse("X:1\nK:G\nGAB|\n").tunebook.tunes.first)
    _ = Transposer(semitones: 5).transpose(tune)
    #expect(name(tune.initialKey) == "G major 1")
    #expect(name(Transposer(semitones: 0).transpose(tune).initialKey) == "G major 1")
  }

  @Test func keyChangesMidTune() throws {
    let tune = try #require(ABCParser.parse("X:1\nL:1/4\nK:D\nd|[K:Bb]B|\n").tunebook.tunes.first)
    let moved = Transposer(semitones: -2).transpose(tune)
    #expect(name(moved.initialKey) == "C major 0")
    let keys = moved.voices[0].elements.compactMap { element -> KeySignature? in
      if case .keyChange(let key, _) = element { return key } else { return nil }
    }
    #expect(keys.map(name) == ["Ab major -4"])
    let notes = moved.voices[0].elements.compactMap { element -> String? in
      if case .note(let note) = element { return note.heads.first.map { "\($0.pitch)\($0.soundingAlter)" } }
      return nil
    }
    #expect(notes == ["C50", "A4-1"])
  }

  @Test func explicitKeyAccidentalsMove() throws {
    let moved = KeyTransposer.transpose(try key("D =c"), by: 2).key
    #expect(name(moved) == "E major 4")
    #expect(moved.explicitAccidentals == [.d: .natural])
  }

  @Test(arguments: [
    ("F#m7/C#", 2, "G#m7/D#"), ("G", 1, "Ab"), ("Bb7", 2, "C7"), ("C/E", -1, "B/D#"),
    ("Dm", 3, "Fm"), ("N.C.", 2, "N.C."), ("E♭maj7", 2, "Fmaj7"), ("C#dim", 1, "Ddim"),
  ])
  func chordSymbols(_ text: String, _ semitones: Int, _ expected: String) throws {
    let chord = NoteEvent(
      heads: [NoteHead(pitch: Pitch(step: .c, octave: 4))], duration: Rational(1, 4), range: Self.here)
    var note = chord
    note.annotations = [
      TextAnnotation(text: text, placement: .chordSymbol, range: Self.here),
      TextAnnotation(text: text, placement: .above, range: Self.here),
    ]
    var voice = Voice(elements: [.note(note)])
    voice.transpose = 0
    let tune = Tune(
      referenceNumber: 1, initialKey: try key(semitones == -1 ? "C" : "D"), voices: [voice], range: Self.here)
    let moved = Transposer(semitones: semitones).transpose(tune)
    guard case .note(let result) = moved.voices[0].elements[0] else {
      Issue.record("not a note")
      return
    }
    #expect(result.annotations.map(\.text) == [expected, text])
  }

  @Test func graceNotesAndChordsMoveToo() {
    let head = NoteHead(pitch: Pitch(step: .e, octave: 4))
    var note = NoteEvent(
      heads: [head, NoteHead(pitch: Pitch(step: .g, octave: 4))], duration: Rational(1, 4), range: Self.here)
    note.graceNotes = GraceGroup(
      notes: [
        NoteEvent(
          heads: [NoteHead(pitch: Pitch(step: .f, octave: 5), soundingAlter: 1)], duration: Rational(1, 8),
          range: Self.here)
      ],
      isAcciaccatura: false, range: Self.here)
    let tune = Tune(
      referenceNumber: 1, initialKey: .cMajor, voices: [Voice(elements: [.note(note)])], range: Self.here)
    let moved = Transposer(semitones: 7).transpose(tune)
    guard case .note(let result) = moved.voices[0].elements[0] else {
      Issue.record("not a note")
      return
    }
    #expect(result.heads.map(\.midiKey) == [71, 74])
    #expect(result.graceNotes?.notes.first?.heads.first?.pitch == Pitch(step: .c, octave: 6))
    #expect(result.graceNotes?.notes.first?.heads.first?.soundingAlter == 1)
  }
}
