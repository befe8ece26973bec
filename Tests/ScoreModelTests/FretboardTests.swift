import Testing

@testable import ScoreModel

/// Chord shapes for diagrams: the table's shapes and the ones found sound their chords.
@Suite struct FretboardTests {
  /// The pitch classes a shape sounds, and its lowest key.
  func sounding(_ shape: ChordFingering, on instrument: FrettedInstrument) -> (
    classes: Set<Int>, lowest: Int?
  ) {
    let keys = zip(instrument.tuning, shape.frets).compactMap { open, fret in fret.map { open + $0 } }
    return (Set(keys.map { $0 % 12 }), keys.min())
  }

  /// Every shape of every table sounds exactly its chord's notes (a typo in the table
  /// would sound a wrong note) and, on guitar and mandolin, the root lowest.
  @Test(arguments: FrettedInstrument.allCases)
  func everyTableShapeSoundsItsChord(_ instrument: FrettedInstrument) throws {
    for (name, frets) in instrument.table {
      let shape = try #require(ChordFingering(frets), "\(name)")
      #expect(shape.frets.count == instrument.tuning.count, "\(name)")
      let tones = try #require(ChordTones(name))
      let (classes, lowest) = sounding(shape, on: instrument)
      #expect(
        classes.isSubset(of: Set(tones.pitchClasses)), "\(instrument) \(name) \(frets) sounds a foreign note")
      #expect(
        Set(tones.pitchClasses).subtracting([(tones.root + 7) % 12]).isSubset(of: classes),
        "\(instrument) \(name) \(frets) misses a chord note")
      if instrument == .guitar, let lowest { #expect(lowest % 12 == tones.root, "\(instrument) \(name)") }
    }
  }

  @Test(arguments: [
    ("C", FrettedInstrument.guitar, "x32010"), ("Am", .ukulele, "2000"), ("G", .mandolin, "0023"),
    ("Bbm", .guitar, "x13321"), ("G/B", .guitar, "x20003"), ("F#m", .guitar, "244222"),
  ])
  func shapesAreThoseAPlayerKnows(_ chord: String, _ instrument: FrettedInstrument, _ expected: String) {
    #expect(Fretboard.fingering(for: chord, on: instrument) == ChordFingering(expected), "\(chord)")
  }

  /// Chords no table holds are found: every note sounded, the bass lowest, at most four
  /// fingers, a stretch of at most four frets.
  @Test(arguments: FrettedInstrument.allCases)
  func foundShapesArePlayable(_ instrument: FrettedInstrument) throws {
    for root in ["C", "Db", "D", "Eb", "E", "F", "F#", "G", "Ab", "A", "Bb", "B"] {
      for quality in ["", "m", "7", "m7", "maj7", "dim", "sus4", "6"] {
        let name = root + quality
        let shape = try #require(Fretboard.fingering(for: name, on: instrument), "\(instrument) \(name)")
        let tones = try #require(ChordTones(name))
        let (classes, lowest) = sounding(shape, on: instrument)
        #expect(classes.isSubset(of: Set(tones.pitchClasses)), "\(instrument) \(name)")
        let stopped = shape.frets.compactMap { $0 }.filter { $0 > 0 }
        #expect((stopped.max() ?? 0) - (stopped.min() ?? 0) <= 3, "\(instrument) \(name)")
        if instrument == .guitar { #expect(lowest.map { $0 % 12 } == tones.bass, "\(instrument) \(name)") }
      }
    }
  }

  @Test func shapesAreReadAsPlayersWriteThem() {
    #expect(ChordFingering("x32010")?.frets == [nil, 3, 2, 0, 1, 0])
    #expect(ChordFingering("x 10 12 12 11 x")?.frets == [nil, 10, 12, 12, 11, nil])
    #expect(ChordFingering("x3201q") == nil)
    #expect(ChordFingering("133211")?.barre?.fret == 1)
    #expect(ChordFingering("x32010")?.barre == nil)
    #expect(ChordFingering("x 7 9 9 8 7")?.diagramStart == 7)
    // The player's own shape wins.
    let own = ["C": ChordFingering("x35553")!]
    #expect(Fretboard.fingering(for: "C", on: .guitar, definitions: own) == own["C"])
  }
}
