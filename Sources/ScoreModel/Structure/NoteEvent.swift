/// One head of a note or chord: a written pitch with its written accidental.
public struct NoteHead: Hashable, Sendable {
  public var pitch: Pitch
  /// The accidental written in the source, if any.
  public var accidental: Accidental?
  /// Semitones the note sounds above its natural pitch, from key, bar and written accidentals.
  public var soundingAlter: Int
  public var isTiedToNext: Bool

  public init(pitch: Pitch, accidental: Accidental? = nil, soundingAlter: Int = 0, isTiedToNext: Bool = false)
  {
    self.pitch = pitch
    self.accidental = accidental
    self.soundingAlter = soundingAlter
    self.isTiedToNext = isTiedToNext
  }

  /// The sounding MIDI key (C4 = 60).
  public var midiKey: Int { pitch.naturalMIDIKey + soundingAlter }
}

/// A note or chord with one duration.
public struct NoteEvent: Hashable, Sendable {
  public var heads: [NoteHead]
  /// Duration in whole notes (a crotchet is 1/4).
  public var duration: Rational
  /// True when no space separates this note from the previous beamable note (ABC §4.7).
  public var isBeamedWithPrevious: Bool
  public var range: SourceRange

  public init(heads: [NoteHead], duration: Rational, isBeamedWithPrevious: Bool = false, range: SourceRange) {
    self.heads = heads
    self.duration = duration
    self.isBeamedWithPrevious = isBeamedWithPrevious
    self.range = range
  }
}

/// A rest: `z` (visible), `x` (invisible), or a multi-measure `Z`/`X`.
public struct RestEvent: Hashable, Sendable {
  public var duration: Rational
  public var isVisible: Bool
  /// For `Z4`: the number of whole bars; nil for ordinary rests.
  public var measureCount: Int?
  public var range: SourceRange

  public init(duration: Rational, isVisible: Bool = true, measureCount: Int? = nil, range: SourceRange) {
    self.duration = duration
    self.isVisible = isVisible
    self.measureCount = measureCount
    self.range = range
  }
}
