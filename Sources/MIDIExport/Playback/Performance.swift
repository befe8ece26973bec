import ScoreModel

/// One sounding note of a performance, in exact whole-note time.
public struct PerformedNote: Hashable, Sendable {
  /// The written MIDI key (C4 = 60), before the track's `transpose`.
  public var key: Int
  /// When the note starts, in whole notes from the start of the performance.
  public var onset: Rational
  /// How long the note sounds, in whole notes.
  public var duration: Rational
  /// MIDI velocity, 1…127.
  public var velocity: Int
  /// Where the note is written (nil for accompaniment); not part of its identity as a sound.
  public var source: SourceLocation?

  public init(key: Int, onset: Rational, duration: Rational, velocity: Int = 80) {
    self.key = key
    self.onset = onset
    self.duration = duration
    self.velocity = velocity
  }

  public static func == (lhs: PerformedNote, rhs: PerformedNote) -> Bool {
    lhs.key == rhs.key && lhs.onset == rhs.onset && lhs.duration == rhs.duration
      && lhs.velocity == rhs.velocity
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(key)
    hasher.combine(onset)
    hasher.combine(duration)
    hasher.combine(velocity)
  }

  /// When the note stops.
  public var end: Rational { onset + duration }
}

/// A tempo from a point of the performance on.
public struct TempoPoint: Hashable, Sendable {
  public var onset: Rational
  /// Crotchets (quarter notes) per minute, exact (`Q:3/8=80` is 120).
  public var quarterNotesPerMinute: Rational

  public init(onset: Rational, quarterNotesPerMinute: Rational) {
    self.onset = onset
    self.quarterNotesPerMinute = quarterNotesPerMinute
  }

  /// Microseconds per quarter note, as a MIDI Set Tempo event holds it (rounded down).
  public var microsecondsPerQuarter: Int {
    let value = Rational(60_000_000) / quarterNotesPerMinute
    return value.numerator / value.denominator
  }
}

/// A meter from a point of the performance on.
public struct MeterPoint: Hashable, Sendable {
  public var onset: Rational
  public var meter: Meter

  public init(onset: Rational, meter: Meter) {
    self.onset = onset
    self.meter = meter
  }
}

/// The notes of one voice, played on one MIDI track.
public struct PerformanceTrack: Hashable, Sendable {
  public var voiceID: String
  public var name: String?
  /// Semitones added to every key when the track is written (`V:… transpose=`).
  public var transpose: Int
  /// Notes sorted by onset, then key.
  public var notes: [PerformedNote]
  /// General MIDI program (0 = piano).
  public var program: Int
  /// MIDI channel (0-based) a `%%MIDI channel` asks for; nil takes the track's turn.
  public var channel: Int?

  public init(
    voiceID: String, name: String? = nil, transpose: Int = 0, notes: [PerformedNote] = [], program: Int = 0,
    channel: Int? = nil
  ) {
    self.voiceID = voiceID
    self.name = name
    self.transpose = transpose
    self.notes = notes
    self.program = program
    self.channel = channel
  }
}

/// A tune as it is played: repeats and parts unfolded, ties merged, graces placed.
public struct Performance: Hashable, Sendable {
  public var title: String
  public var tracks: [PerformanceTrack]
  /// Tempo changes sorted by onset; the first is at zero.
  public var tempos: [TempoPoint]
  /// Meter changes sorted by onset (time signature events); may be empty for free meter.
  public var meters: [MeterPoint]
  /// The key in force at the start (for the key signature event).
  public var key: KeySignature
  /// The end of the last note or rest of any voice.
  public var length: Rational
  /// What the builder cut to stay within `Limits` (play order, played elements).
  public var warnings: [Diagnostic] = []

  public init(
    title: String = "", tracks: [PerformanceTrack] = [], tempos: [TempoPoint] = [],
    meters: [MeterPoint] = [], key: KeySignature = .cMajor, length: Rational = .zero
  ) {
    self.title = title
    self.tracks = tracks
    self.tempos = tempos
    self.meters = meters
    self.key = key
    self.length = length
  }
}
