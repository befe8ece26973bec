import ABCPress
import Foundation
import MIDIExport
import ScoreModel

/// Playing from the editor: the tune under the cursor as note events for the page's
/// WebAudio player.
extension EditorService {
  /// `POST /api/play`: the tune under the cursor as it sounds — repeats and parts unfolded,
  /// tempo applied, the accompaniment of its chord symbols — as
  /// `[start s, length s, MIDI key, velocity, line, column, program]` (line 0 for
  /// accompaniment; program: the track's General MIDI program, -1 for channel 10 drums).
  func play(_ request: HTTPRequest) -> HTTPResponse {
    guard let edit = EditRequest(request) else { return .text(400, "expected {\"text\": …, \"line\": N}") }
    guard let (performance, piece, tune) = performance(edit, name: request.name) else {
      return .json(["notes": [Any]()])
    }
    let clock = PerformanceClock(performance.tempos)
    var notes: [[Any]] = []
    for track in performance.tracks {
      let program = track.channel == 9 ? -1 : track.program
      for note in track.notes {
        let start = clock.seconds(at: note.onset)
        let length = clock.seconds(at: note.end) - start
        let line = note.source.map { $0.line + piece.lineShift } ?? 0
        notes.append([
          start, length, note.key + track.transpose, note.velocity, line, note.source?.column ?? 0, program,
        ])
      }
    }
    notes.sort { ($0[0] as? Double ?? 0) < ($1[0] as? Double ?? 0) }
    return .json([
      "notes": notes,
      "duration": clock.seconds(at: performance.tracks.map { $0.notes.last?.end ?? .zero }.max() ?? .zero),
      "reference": tune.referenceNumber ?? 1,
    ])
  }
}

extension EditorService {
  /// The performance of the tune under the cursor (the accompaniment played), the piece of
  /// text it came from and its tune.
  func performance(_ edit: EditRequest, name: String?) -> (
    Performance, TunePiece, DocumentAnalysis.TuneEntry
  )? {
    lock.lock()
    defer { lock.unlock() }
    let path = path(ofFile: name)
    analysis.analyse(edit.text, path: path)
    guard let tune = analysis.tune(atLine: edit.line) ?? analysis.tunes.first else { return nil }
    let piece = TunePiece(text: edit.text, tune: tune, analysis: analysis)
    guard let parsed = parse(piece.text, path: path, transpose: edit.transpose).tunes.first else {
      return nil
    }
    var options = PlaybackOptions()
    options.accompaniment = true
    return (PerformanceBuilder(options: options).build(parsed), piece, tune)
  }

  /// `POST /api/audio` with the play request and `"speed"` (0.25–4, the page's tempo
  /// slider): the same performance rendered through the SoundFont (`SampledAudio`) as a WAV
  /// file, its tempo scaled by the speed. 404 when no SoundFont is installed: the page then
  /// plays its own instruments.
  func audio(_ request: HTTPRequest) -> HTTPResponse {
    guard let soundFont = SampledAudio.soundFont() else { return .text(404, "no SoundFont is installed") }
    guard let edit = EditRequest(request) else { return .text(400, "expected {\"text\": …, \"line\": N}") }
    let object = try? JSONSerialization.jsonObject(with: Data(request.body)) as? [String: Any]
    let speed = max(0.25, min(4, (object?["speed"] as? NSNumber)?.doubleValue ?? 1))
    guard var (performance, _, _) = performance(edit, name: request.name) else {
      return .text(422, "no tune to play")
    }
    let scale = Rational(approximating: speed)
    performance.tempos = performance.tempos.map { point in
      var point = point
      point.quarterNotesPerMinute = point.quarterNotesPerMinute * scale
      return point
    }
    // (Rendered outside the service's lock: FluidSynth shares nothing with the editor.)
    do {
      let midi = MIDIFileWriter(ticksPerQuarter: 480).data(for: performance)
      return HTTPResponse(
        contentType: "audio/wav", body: try AudioCommand.render(midi, soundFont: soundFont, format: "wav"))
    } catch {
      return .text(500, "no sound: \(error)")
    }
  }
}

/// Whole-note time to seconds through a performance's tempo changes.
struct PerformanceClock {
  private let points: [(onset: Rational, seconds: Double, secondsPerWhole: Double)]

  init(_ tempos: [TempoPoint]) {
    var points: [(Rational, Double, Double)] = []
    var seconds = 0.0
    for tempo in tempos {
      if let last = points.last { seconds += (tempo.onset - last.0).doubleValue * last.2 }
      points.append((tempo.onset, seconds, 240 / max(1, tempo.quarterNotesPerMinute.doubleValue)))
    }
    if points.isEmpty { points = [(.zero, 0, 2)] }
    self.points = points
  }

  func seconds(at time: Rational) -> Double {
    let point = points.last { $0.onset <= time } ?? points[0]
    return point.seconds + (time - point.onset).doubleValue * point.secondsPerWhole
  }
}
