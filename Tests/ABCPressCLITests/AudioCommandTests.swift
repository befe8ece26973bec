import Foundation
import Testing

@testable import ABCPressCLI

/// `abcpress audio`: the performance rendered through FluidSynth and Debian's General MIDI
/// SoundFont (installed by scripts/bootstrap), measured as sound.
@Suite struct AudioCommandTests {
  /// A 16-bit PCM WAV file's first channel as samples from -1 to 1, and its sample rate.
  func samples(_ url: URL) throws -> (values: [Double], rate: Int) {
    let bytes = [UInt8](try Data(contentsOf: url))
    #expect(Array(bytes.prefix(4)) == Array("RIFF".utf8))
    func word(_ at: Int) -> Int { Int(bytes[at]) | Int(bytes[at + 1]) << 8 }
    func long(_ at: Int) -> Int { word(at) | word(at + 2) << 16 }
    var at = 12
    var channels = 1
    var rate = 0
    while at + 8 <= bytes.count {
      let id = String(decoding: bytes[at..<at + 4], as: UTF8.self)
      let size = long(at + 4)
      if id == "fmt " {
        #expect(word(at + 8) == 1, "PCM")
        channels = word(at + 10)
        rate = long(at + 12)
        #expect(word(at + 22) == 16)
      } else if id == "data" {
        let frames = min(size, bytes.count - at - 8) / (2 * channels)
        let values = (0..<frames).map { frame -> Double in
          Double(Int16(bitPattern: UInt16(word(at + 8 + frame * 2 * channels)))) / 32768
        }
        return (values, rate)
      }
      at += 8 + size + size % 2
    }
    Issue.record("no data chunk")
    return ([], rate)
  }

  func loudness(_ values: ArraySlice<Double>) -> Double {
    (values.reduce(0) { $0 + $1 * $1 } / Double(max(1, values.count))).squareRoot()
  }

  /// The strongest period between 100 and 1,000 Hz by autocorrelation, as a frequency.
  func pitch(_ values: ArraySlice<Double>, rate: Int) -> Double {
    let window = Array(values.prefix(8192))
    var best = (lag: 0, score: -Double.infinity)
    for lag in (rate / 1000)...(rate / 100) {
      var score = 0.0
      for index in 0..<(window.count - lag) { score += window[index] * window[index + lag] }
      if score > best.score { best = (lag, score) }
    }
    // Parabolic interpolation around the best lag.
    func at(_ lag: Int) -> Double {
      (0..<(window.count - lag)).reduce(0) { $0 + window[$1] * window[$1 + lag] }
    }
    let (left, middle, right) = (at(best.lag - 1), best.score, at(best.lag + 1))
    let shift = (left - right) / (2 * (left - 2 * middle + right))
    return Double(rate) / (Double(best.lag) + (shift.isFinite ? shift : 0))
  }

  @Test func aHeldA4SoundsAt440HzWithSilenceForTheRestAndThePerformancesLength() throws {
    #expect(SampledAudio.soundFont() != nil, "no SoundFont: scripts/bootstrap installs fluid-soundfont-gm")
    let folder = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let abc = folder.appendingPathComponent("a4.abc")
    // An organ (program 19) holds its note: 4 s of A4, 4 s of rest, 4 s of A4 at 60 a minute.
    try "X:1\nT:A4\nL:1/4\nQ:1/4=60\n%%MIDI program 19\nK:C\nA4|z4|A4|]\n".write(
      to: abc, atomically: true, encoding: .utf8)
    let wav = folder.appendingPathComponent("a4.wav")
    #expect(ToolRun(["audio", abc.path, "-o", wav.path]).exitCode == .success)
    let (values, rate) = try samples(wav)
    #expect(rate == 44_100)
    // The performance (12 s) and one second for the last note to die away.
    #expect(abs(Double(values.count) / Double(rate) - 13) < 0.05)
    let note = values[(rate / 2)..<(rate * 7 / 2)]
    // (The organ's release dies away within the rest's first second.)
    let rest = values[(rate * 11 / 2)..<(rate * 31 / 4)]
    #expect(abs(pitch(note, rate: rate) - 440) < 4)
    #expect(loudness(note) > 0.03)
    #expect(loudness(rest) < loudness(note) / 100)
    #expect(abs(pitch(values[(rate * 17 / 2)...], rate: rate) - 440) < 4)
  }

  @Test func flacAndOggAreWrittenAndAMissingSoundFontIsNamed() throws {
    let folder = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let abc = folder.appendingPathComponent("tune.abc")
    try "X:1\nT:Short\nL:1/8\nK:G\nGABc d2B2|\n".write(to: abc, atomically: true, encoding: .utf8)
    for (suffix, magic) in [("flac", "fLaC"), ("ogg", "OggS")] {
      let out = folder.appendingPathComponent("tune.\(suffix)")
      #expect(ToolRun(["audio", abc.path, "-o", out.path]).exitCode == .success)
      #expect(Array(try Data(contentsOf: out).prefix(4)) == Array(magic.utf8))
    }
    let missing = ToolRun([
      "audio", abc.path, "-o", folder.appendingPathComponent("x.wav").path,
      "--soundfont", folder.appendingPathComponent("none.sf2").path,
    ])
    #expect(missing.exitCode != .success)
    #expect(missing.errors.contains("none.sf2: no such SoundFont"))
    #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("x.wav").path))
  }
}
