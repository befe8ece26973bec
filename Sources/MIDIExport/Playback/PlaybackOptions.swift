import ScoreModel

/// Choices that shape a performance; the defaults follow abc2midi 4.84.
public struct PlaybackOptions: Hashable, Sendable {
  /// Tempo when the tune has no `Q:` (abc2midi: 120 crotchets per minute).
  public var defaultQuarterNotesPerMinute: Rational = Rational(120)
  /// A grace note plays for its written length divided by this (abc2midi's
  /// `%%MIDI gracedivider`, 4 by default), taken from the note that follows.
  public var graceDivider: Int = 4
  /// Whether grace notes are played at all (abc2midi `-NGRA` turns them off).
  public var playsGraceNotes: Bool = true
  /// Whether a staccato note sounds for half its length, as abc2midi plays it.
  public var shortensStaccato: Bool = true
  /// Velocity of a note on the first beat of a bar (abc2midi `%%MIDI beat 105 95 80`).
  public var downbeatVelocity: Int = 105
  /// Velocity on the other strong beat (the middle of a bar with an even beat count).
  public var strongBeatVelocity: Int = 95
  /// Velocity of every other note.
  public var otherVelocity: Int = 80

  /// General MIDI program of voices no `%%MIDI program` names (`--program`; 0, piano).
  public var program: Int = 0
  /// Crotchets per minute for the whole tune over its `Q:` fields (`--tempo`), nil to
  /// follow them.
  public var tempo: Rational?

  /// Whether bass and chords are played from the chord symbols (`--accompaniment`; a
  /// tune's `%%MIDI gchordon` asks for it too, `gchordoff` refuses).
  public var accompaniment = false
  /// Instruments and velocities of the accompaniment (`%%MIDI chordprog`, `bassprog`,
  /// `chordvol`, `bassvol`; abc2midi's defaults).
  public var chordProgram = 0
  public var bassProgram = 0
  public var chordVelocity = 48
  public var bassVelocity = 64

  /// Whether ornaments are played out (`!trill!`/`T`, `~` roll, mordents, turns), as
  /// abc2midi does; off, they sound as plain notes.
  public var playsOrnaments = true
  /// `%%MIDI nobarlines`: an accidental holds for its own note only, not to the bar's end.
  public var accidentalsPerNote = false
  /// Whether the drum pattern (`%%MIDI drum`) plays (`%%MIDI drumon` / `drumoff`).
  public var drums = false

  public init() {}
}
