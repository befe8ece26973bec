import ScoreModel
import Testing

@testable import MIDIExport

/// `%%MIDI` instruments, dynamics as loudness, and the tempo and program options.
@Suite struct InstrumentTests {
  @Test func midiLinesSetEachVoicesInstrumentChannelAndTransposition() throws {
    let abc = """
      V:1
      CDEF|
      V:2
      %%MIDI program 2 73
      %%MIDI transpose -12
      CDEF|
      V:3
      %%MIDI channel 5
      CDEF|
      """
    let tune = try #require(Make.parse(abc, header: "M:4/4\nL:1/4\n%%MIDI program 40\nK:C\n"))
    let tracks = PerformanceBuilder().build(tune).tracks
    #expect(tracks.map(\.program) == [40, 73, 40])
    #expect(tracks.map(\.channel) == [nil, 1, 4])
    #expect(tracks.map(\.transpose) == [0, -12, 0])
    // Written into the file: voice 2's program change on channel 2 (0-based 1).
    let file = try #require(TestMIDIFile(MIDIFileWriter().data(for: PerformanceBuilder().build(tune))))
    #expect(file.tracks[2].contains { $0.bytes == [0xC1, 73] })
    #expect(file.tracks[3].contains { $0.bytes == [0xC4, 40] })
  }

  @Test func badMidiLinesAreIgnored() {
    #expect(MIDIDirectives.parse("program 200") == nil)
    #expect(MIDIDirectives.parse("channel 0") == nil)
    #expect(MIDIDirectives.parse("gchord fzczfz") == nil)
    #expect(MIDIDirectives.parse("program 10 0") == VoiceInstrument(program: 0, channel: 9))
  }

  @Test func dynamicMarksSetTheLoudness() throws {
    let tune = try #require(Make.parse("!p!C D E F|C D E F|!ff!C D E F|"))
    let velocities = PerformanceBuilder().build(tune).tracks[0].notes.map(\.velocity)
    // p on the downbeat, the beat pattern's steps below it; ff louder throughout.
    #expect(velocities.prefix(4) == [60, 35, 50, 35])
    #expect(velocities[4] == 60)
    #expect(velocities.suffix(4) == [120, 95, 110, 95])
    // Without marks, abc2midi's beat pattern.
    let plain = try #require(Make.parse("C D E F|"))
    #expect(PerformanceBuilder().build(plain).tracks[0].notes.map(\.velocity) == [105, 80, 95, 80])
  }

  @Test func tempoAndProgramOptions() throws {
    let tune = try #require(Make.parse("C D E F|", header: "M:4/4\nL:1/4\nQ:1/4=90\nK:C\n"))
    var options = PlaybackOptions()
    options.tempo = Rational(150)
    options.program = 21
    let performance = PerformanceBuilder(options: options).build(tune)
    #expect(performance.tempos == [TempoPoint(onset: .zero, quarterNotesPerMinute: Rational(150))])
    #expect(performance.tracks[0].program == 21)
  }

  @Test func chordSymbolsGiveBassAndChordsWhenAskedFor() throws {
    let tune = try #require(Make.parse("\"G\"G2 B|\"D7/F#\"A3|", header: "M:3/4\nL:1/4\nK:G\n"))
    // Off unless asked for.
    #expect(PerformanceBuilder().build(tune).tracks.count == 1)
    var options = PlaybackOptions()
    options.accompaniment = true
    let tracks = PerformanceBuilder(options: options).build(tune).tracks
    #expect(tracks.map(\.name) == [nil, "Bass", "Chords"])
    // Bass on each bar's first beat: G2, then the D7's written bass F#2.
    #expect(tracks[1].notes.map(\.key) == [43, 42])
    #expect(tracks[1].notes.map(\.onset) == [.zero, Rational(3, 4)])
    // abc2midi's 3/4 pattern fzczcz: chords on beats two and three, a quaver each: G B D
    // from G3 twice, then D7 over its F♯ (F♯ A C D) twice, as abc2midi voices them.
    let chordKeys = tracks[2].notes.map(\.key)
    #expect(chordKeys == [55, 59, 62, 55, 59, 62, 54, 57, 60, 62, 54, 57, 60, 62])
    #expect(tracks[2].notes.allSatisfy { $0.duration == Rational(1, 8) && $0.velocity == 48 })
  }

  @Test func theTuneCanAskForItsAccompanimentAndInstruments() throws {
    let abc = "\"Am\"A4|\"Bdim\"B4|"
    let header =
      "M:4/4\nL:1/4\n%%MIDI gchordon\n%%MIDI chordprog 24\n%%MIDI bassprog 32\n%%MIDI bassvol 90\nK:C\n"
    let tracks = PerformanceBuilder().build(try #require(Make.parse(abc, header: header))).tracks
    #expect(tracks.map(\.program) == [0, 32, 24])
    // A bar of four: bass on beats one and three, chords on two and four.
    #expect(tracks[1].notes.map(\.key) == [45, 45, 47, 47])
    #expect(tracks[1].notes.allSatisfy { $0.velocity == 90 })
    #expect(Array(tracks[2].notes.prefix(3).map(\.key)) == [57, 60, 64])
    #expect(Accompaniment.Chord("Bdim")?.intervals == [0, 3, 6])
    #expect(Accompaniment.Chord("N.C.") == nil)
  }

  @Test func aFermataHoldsItsNoteAndTheMusicWaits() throws {
    // As abc2midi plays `C !fermata!D E F|G4|`: D twice as long, E a crotchet later.
    let tune = try #require(Make.parse("C !fermata!D E F|G4|"))
    let notes = PerformanceBuilder().build(tune).tracks[0].notes
    #expect(notes.map(\.onset) == [.zero, Rational(1, 4), Rational(3, 4), Rational(1), Rational(5, 4)])
    #expect(notes[1].duration == Rational(1, 2))
    let held = try #require(Make.parse("C HD E F|"))
    #expect(PerformanceBuilder().build(held).tracks[0].notes[2].onset == Rational(3, 4))
  }

  @Test func gchordPatternsSpreadOverTheBar() throws {
    let header = "M:4/4\nL:1/4\n%%MIDI gchordon\n%%MIDI gchord fzczfzcz\nK:C\n"
    let tracks = PerformanceBuilder().build(try #require(Make.parse("\"C\"C4|", header: header))).tracks
    #expect(tracks[1].notes.map(\.onset) == [.zero, Rational(1, 2)])
    #expect(tracks[1].notes.allSatisfy { $0.duration == Rational(1, 8) })
    #expect(
      tracks[2].notes.map(\.onset) == [
        Rational(1, 4), Rational(1, 4), Rational(1, 4), Rational(3, 4), Rational(3, 4), Rational(3, 4),
      ])
    // Broken chords: the chord's notes one by one.
    let broken = "M:3/4\nL:1/4\n%%MIDI gchordon\n%%MIDI gchord ghi\nK:C\n"
    let arpeggio = PerformanceBuilder().build(try #require(Make.parse("\"Am\"A3|", header: broken))).tracks
    #expect(arpeggio[2].notes.map(\.key) == [57, 60, 64])
    #expect(Accompaniment.pattern("f2c2") == [.init(kind: "f", units: 2), .init(kind: "c", units: 2)])
    #expect(Accompaniment.pattern("fx") == nil)
  }
}
