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
    lock.lock()
    defer { lock.unlock() }
    let path = path(ofFile: request.name)
    analysis.analyse(edit.text, path: path)
    guard let tune = analysis.tune(atLine: edit.line) ?? analysis.tunes.first else {
      return .json(["notes": [Any]()])
    }
    let piece = TunePiece(text: edit.text, tune: tune, analysis: analysis)
    guard let parsed = parse(piece.text, path: path, transpose: edit.transpose).tunes.first else {
      return .json(["notes": [Any]()])
    }
    var options = PlaybackOptions()
    options.accompaniment = true
    let performance = PerformanceBuilder(options: options).build(parsed)
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
