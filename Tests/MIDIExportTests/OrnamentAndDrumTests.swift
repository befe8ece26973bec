import ScoreModel
import Testing

@testable import MIDIExport

/// Ornaments played out, hairpins as loudness, and the `%%MIDI` drum, beat and
/// nobarlines lines.
@Suite struct OrnamentAndDrumTests {
  @Test func ornamentsArePlayedAsFigures() throws {
    // L:1/4, key G: the neighbours of B are C and A; of F♯ (from the key) G and E.
    let tune = try #require(
      Make.parse("!trill!B !mordent!B !uppermordent!B ~F !turn!B|", header: "M:5/4\nL:1/4\nK:G\n"))
    let notes = PerformanceBuilder().build(tune).tracks[0].notes
    let trill = notes.filter { $0.onset < Rational(1, 4) }
    #expect(trill.count == 8)
    #expect(trill.map(\.key) == [71, 72, 71, 72, 71, 72, 71, 72])
    #expect(trill.allSatisfy { $0.duration == Rational(1, 32) })
    let mordent = notes.filter { $0.onset >= Rational(1, 4) && $0.onset < Rational(1, 2) }
    #expect(mordent.map(\.key) == [71, 69, 71])
    #expect(mordent.map(\.duration) == [Rational(1, 32), Rational(1, 32), Rational(3, 16)])
    let upper = notes.filter { $0.onset >= Rational(1, 2) && $0.onset < Rational(3, 4) }
    #expect(upper.map(\.key) == [71, 72, 71])
    let roll = notes.filter { $0.onset >= Rational(3, 4) && $0.onset < Rational(1) }
    #expect(roll.map(\.key) == [66, 67, 66, 64, 66])
    let turn = notes.filter { $0.onset >= Rational(1) }
    #expect(turn.map(\.key) == [72, 71, 69, 71])
    // Played plain when asked.
    var options = PlaybackOptions()
    options.playsOrnaments = false
    #expect(PerformanceBuilder(options: options).build(tune).tracks[0].notes.count == 5)
  }

  @Test func hairpinsChangeTheLoudnessOverTheirNotes() throws {
    let tune = try #require(Make.parse("!p!C !crescendo(!D E !crescendo)!F|C D E F|"))
    let velocities = PerformanceBuilder().build(tune).tracks[0].notes.map(\.velocity)
    // Under !p! (60 on the downbeat): D and E rise, F ends 20 louder, and it holds.
    #expect(velocities[1] < velocities[2])
    #expect(velocities[3] == 60 - (105 - 80) + 20)
    #expect(velocities[4] == 80)
    let falling = try #require(Make.parse("!f!C !diminuendo(!D E !diminuendo)!F|C D E F|"))
    let down = PerformanceBuilder().build(falling).tracks[0].notes.map(\.velocity)
    #expect(down[3] < down[1])
    #expect(down[4] == 85)
  }

  @Test func drumPatternPlaysOnChannelTen() throws {
    let tune = try #require(
      Make.parse(
        "CDEF|CDEF|", header: "M:4/4\nL:1/4\n%%MIDI drum dzdd 35 38 38 110 60 60\n%%MIDI drumon\nK:C\n"))
    let tracks = PerformanceBuilder().build(tune).tracks
    let drums = try #require(tracks.first { $0.voiceID == "drums" })
    #expect(drums.channel == 9)
    #expect(drums.notes.map(\.key) == [35, 38, 38, 35, 38, 38])
    #expect(drums.notes.map(\.velocity) == [110, 60, 60, 110, 60, 60])
    #expect(drums.notes.map(\.onset) == [0, 2, 3, 4, 6, 7].map { Rational($0, 4) })
    let off = try #require(Make.parse("CDEF|", header: "M:4/4\nL:1/4\n%%MIDI drum dzdd 35 38 38\nK:C\n"))
    #expect(!PerformanceBuilder().build(off).tracks.contains { $0.voiceID == "drums" })
  }

  @Test func beatAndNobarlinesLines() throws {
    let beat = try #require(Make.parse("CDEF|", header: "M:4/4\nL:1/4\n%%MIDI beat 120 100 70 1\nK:C\n"))
    #expect(PerformanceBuilder().build(beat).tracks[0].notes.map(\.velocity) == [120, 70, 100, 70])
    // ^C then C: C♯ twice normally, C♯ then C under nobarlines.
    let plain = try #require(Make.parse("^C C|"))
    #expect(PerformanceBuilder().build(plain).keys == [61, 61])
    let perNote = try #require(Make.parse("^C C|", header: "M:2/4\nL:1/4\n%%MIDI nobarlines\nK:C\n"))
    #expect(PerformanceBuilder().build(perNote).keys == [61, 60])
  }
}
