import ABCParser
import Foundation
import Testing

@testable import MIDIExport

/// Runs Debian's `abc2midi` (package abcmidi, installed by scripts/bootstrap) on small
/// tunes and compares its notes with ours: key, onset and length in ticks.
@Suite struct Abc2midiComparisonTests {
  static let abc2midi = ["/usr/bin/abc2midi", "/usr/local/bin/abc2midi"].first {
    FileManager.default.isExecutableFile(atPath: $0)
  }

  static let tunes = [
    "M:6/8\nL:1/8\nK:G\n|:GAB c2d|e3- e2d|[1 B2A G3:|[2 B2c d3|]\n",
    "M:4/4\nL:1/8\nQ:3/8=60\nK:Bb\n(3Bcd e>f g2 [Bdf]2|_A2 =B2 ^c4|z4 A,4|]\n",
    "M:3/4\nL:1/4\nK:Dm\nD E> F|A2- A-|A ^c d:|\nd ^c/d/e/ d|[A3F3]|]\n",
    "M:2/4\nL:1/16\nK:E\nE2F2 G2A2|B8-|B4 c4|1 e8:|2 g8|]\n",
  ]

  @Test(arguments: tunes.indices)
  func notesAgreeWithAbc2midi(_ index: Int) throws {
    guard let abc2midi = Self.abc2midi else {
      print("skipped: abc2midi is not installed (apt-get install abcmidi, or scripts/bootstrap)")
      return
    }
    let text = "X:1\nT:Check\n%%MIDI chordattack 0\n" + Self.tunes[index]
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "abc2midi-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let input = folder.appendingPathComponent("t.abc")
    let output = folder.appendingPathComponent("t.mid")
    try Data(text.utf8).write(to: input)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: abc2midi)
    process.arguments = [input.path, "-o", output.path, "-NGRA", "-NGUI", "-NFER", "-quiet", "-silent"]
    process.currentDirectoryURL = folder
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
    let theirs = try #require(TestMIDIFile(Array(try Data(contentsOf: output))))
    let tune = try #require(ABCParser.parse(text).tunebook.tunes.first)
    let ours = try #require(TestMIDIFile(MIDIExport.midiFile(for: tune)))
    #expect(theirs.division == ours.division)
    // abc2midi strikes every note one tick late and releases it on time.
    let expected = theirs.tracks.indices.flatMap { theirs.notes(track: $0) }
      .map { [$0.on - 1, $0.off, $0.key] }.sorted { $0.lexicographicallyPrecedes($1) }
    let got = ours.tracks.indices.flatMap { ours.notes(track: $0) }
      .map { [$0.on, $0.off, $0.key] }.sorted { $0.lexicographicallyPrecedes($1) }
    #expect(expected.count > 8)
    #expect(got == expected)
  }
}
