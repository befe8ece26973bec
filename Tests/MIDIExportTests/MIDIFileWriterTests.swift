import ScoreModel
import Testing

@testable import MIDIExport

@Suite struct MIDIFileWriterTests {
  @Test func headerAndChunks() throws {
    let tune = try #require(Make.parse("C D|", header: "M:2/4\nL:1/4\nQ:1/4=100\nK:D\n"))
    let bytes = MIDIExport.midiFile(for: tune)
    #expect(Array(bytes.prefix(14)) == [0x4D, 0x54, 0x68, 0x64, 0, 0, 0, 6, 0, 1, 0, 2, 0x01, 0xE0])
    let file = try #require(TestMIDIFile(bytes))
    #expect(file.format == 1)
    #expect(file.division == 480)
    #expect(file.tracks.count == 2)
    let meta = file.tracks[0].map(\.bytes)
    #expect(meta.contains([0xFF, 0x51, 0x03, 0x09, 0x27, 0xC0]))  // 600,000 µs: 100 crotchets/min
    #expect(meta.contains([0xFF, 0x58, 0x04, 2, 2, 24, 8]))  // 2/4
    #expect(meta.contains([0xFF, 0x59, 0x02, 2, 0]))  // D major
    #expect(meta.last == [0xFF, 0x2F, 0x00])
  }

  @Test func noteEventsAndDeltaTimes() throws {
    let tune = try #require(Make.parse("C2 D|", header: "M:3/4\nL:1/4\nK:C\n"))
    let file = try #require(TestMIDIFile(MIDIExport.midiFile(for: tune)))
    #expect(file.notes(track: 1).map { [$0.on, $0.off, $0.key] } == [[0, 960, 60], [960, 1440, 62]])
    let noteBytes = file.tracks[1].map(\.bytes).filter { $0.count == 3 && $0[0] != 0xFF }
    #expect(noteBytes == [[0x90, 60, 105], [0x80, 60, 0], [0x90, 62, 80], [0x80, 62, 0]])
    // name, program change, on C, off C (960 = 87 40), on D (0), off D (480 = 83 60), end.
    #expect(file.deltas[1] == [0, 0, 0, 960, 0, 480, 0])
    #expect(TrackEncoder.variableLength(960) == [0x87, 0x40])
    #expect(TrackEncoder.variableLength(0x0FFF_FFFF) == [0xFF, 0xFF, 0xFF, 0x7F])
  }

  @Test func repeatedKeyIsReleasedBeforeItIsStruckAgain() throws {
    let tune = try #require(Make.parse("C C|"))
    let file = try #require(TestMIDIFile(MIDIExport.midiFile(for: tune)))
    let atCrotchet = file.tracks[1].filter { $0.tick == 480 }.map { $0.bytes[0] & 0xF0 }
    #expect(atCrotchet == [0x80, 0x90])
  }

  @Test func voiceTransposeAndChannels() throws {
    var second = Voice(id: "2", name: "Bass", elements: [Make.note(.c)])
    second.transpose = -12
    let tune = Make.tune([Voice(elements: [Make.note(.e)]), second])
    let file = try #require(TestMIDIFile(MIDIExport.midiFile(for: tune)))
    #expect(file.tracks.count == 3)
    #expect(file.notes(track: 2).map(\.key) == [48])
    #expect(file.tracks[2].first?.bytes == [0xFF, 0x03, 4] + Array("Bass".utf8))
    #expect(file.tracks[2].contains { $0.bytes == [0x91, 48, 105] })
    #expect(MIDIFileWriter.channel(forTrack: 9) == 10)
  }

  @Test func ticksRoundExactTimes() {
    let writer = MIDIFileWriter()
    #expect(writer.tick(Rational(1, 4)) == 480)
    #expect(writer.tick(Rational(1, 12)) == 160)
    #expect(writer.tick(Rational(1, 7)) == 274)  // 274.28…
    #expect(MIDIFileWriter(ticksPerQuarter: 96).tick(Rational(1)) == 384)
  }
}
