import ABCParser
import MIDIExport
import ScoreModel

/// Builds score-model values by hand, for paths the parser does not fill yet.
enum Make {
  static let here = SourceRange(SourceLocation(line: 1, column: 1))

  /// A note of one or more heads, given as MIDI-style (step, octave, alter).
  static func note(
    _ heads: [(Step, Int, Int)], _ duration: Rational, tied: Bool = false, grace: [NoteEvent] = [],
    chord: String? = nil
  ) -> VoiceElement {
    var event = NoteEvent(
      heads: heads.map {
        NoteHead(pitch: Pitch(step: $0.0, octave: $0.1), soundingAlter: $0.2, isTiedToNext: tied)
      }, duration: duration, range: here)
    if !grace.isEmpty { event.graceNotes = GraceGroup(notes: grace, isAcciaccatura: false, range: here) }
    if let chord { event.annotations = [TextAnnotation(text: chord, placement: .chordSymbol, range: here)] }
    return .note(event)
  }

  static func note(_ step: Step, _ octave: Int = 4, _ duration: Rational = Rational(1, 4), tied: Bool = false)
    -> VoiceElement
  {
    note([(step, octave, 0)], duration, tied: tied)
  }

  static func graceNote(_ step: Step, _ octave: Int = 5, _ duration: Rational = Rational(1, 8)) -> NoteEvent {
    NoteEvent(heads: [NoteHead(pitch: Pitch(step: step, octave: octave))], duration: duration, range: here)
  }

  static func bar(
    _ style: BarStyle = .single, end: Bool = false, start: Bool = false, ending: String? = nil
  ) -> VoiceElement {
    .bar(BarLine(style: style, repeatsEnd: end, repeatsStart: start, ending: ending, range: here))
  }

  static func tune(
    _ voices: [Voice], meter: Meter = .fraction(numerators: [4], denominator: 4), parts: String? = nil
  )
    -> Tune
  {
    var metadata = TuneMetadata()
    metadata.parts = parts
    return Tune(
      referenceNumber: 1, metadata: metadata, initialMeter: meter, voices: voices, range: here)
  }

  static func parse(_ body: String, header: String = "M:4/4\nL:1/4\nK:C\n") -> Tune? {
    ABCParser.parse("X:1\nT:t\n" + header + body + "\n").tunebook.tunes.first
  }
}

extension Performance {
  /// The first track's notes as (key, onset, duration), for compact expectations.
  var melody: [String] {
    (tracks.first?.notes ?? []).map { "\($0.key)@\($0.onset)+\($0.duration)" }
  }

  var keys: [Int] { (tracks.first?.notes ?? []).map(\.key) }
}
