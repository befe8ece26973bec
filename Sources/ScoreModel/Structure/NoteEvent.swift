/// One head of a note or chord: a written pitch with its written accidental.
public struct NoteHead: Hashable, Sendable {
  public var pitch: Pitch
  /// The accidental written in the source, if any.
  public var accidental: Accidental?
  /// Semitones the note sounds above its natural pitch, from key, bar and written accidentals.
  public var soundingAlter: Int
  public var isTiedToNext: Bool
  /// `.-`: the tie to the next note is drawn dotted.
  public var isTieDotted: Bool = false
  /// Rarely set marks of a head, one bit each, in one byte: heads are copied often.
  private var flags: UInt8 = 0
  /// A microtonal accidental (`^/c`, `_3/2c`): the written alteration in semitones
  /// (`^/` = 1/2, a quarter tone). `soundingAlter` holds it rounded to a semitone.
  public var microtone: Rational?

  public init(
    pitch: Pitch, accidental: Accidental? = nil, soundingAlter: Int = 0, isTiedToNext: Bool = false,
    isTieDotted: Bool = false, microtone: Rational? = nil
  ) {
    self.pitch = pitch
    self.accidental = accidental
    self.soundingAlter = soundingAlter
    self.isTiedToNext = isTiedToNext
    self.isTieDotted = isTieDotted
    self.microtone = microtone
  }

  private mutating func set(_ bit: UInt8, _ on: Bool) { flags = on ? flags | bit : flags & ~bit }

  /// A cue head: another part's note printed small as a guide, not played.
  public var isCue: Bool {
    get { flags & 1 != 0 }
    set { set(1, newValue) }
  }
  /// Drawn at cue size: a cue head, or a note the score prints small that still sounds
  /// (MusicXML's `<type size="cue">`: an ossia, a cadenza's run).
  public var isSmall: Bool {
    get { flags & 2 != 0 }
    set { set(2, newValue) }
  }
  /// The tie from this head goes on into another voice's note (a piano's melody passing
  /// from one hand's voice to the other's); `isTiedToNext` is set too. How long it is held
  /// beyond the note is the note's `heldBeyond`.
  public var tiesAcrossVoices: Bool {
    get { flags & 4 != 0 }
    set { set(4, newValue) }
  }
  /// Tied to the next note of its own voice (not into another voice's note).
  public var tiesWithinVoice: Bool { isTiedToNext && !tiesAcrossVoices }
  /// The head continues a tie from another voice's note: it is drawn but not struck again.
  public var continuesTie: Bool {
    get { flags & 8 != 0 }
    set { set(8, newValue) }
  }
  /// The side the tie from this head asks for (MusicXML's `orientation`/`placement`):
  /// true below, false above, nil as the layout decides.
  public var tieBelow: Bool? {
    get { flags & 16 == 0 ? nil : flags & 32 != 0 }
    set {
      set(16, newValue != nil)
      set(32, newValue == true)
    }
  }

  /// The sounding MIDI key (C4 = 60).
  public var midiKey: Int { pitch.naturalMIDIKey + soundingAlter }
}

/// A note or chord with one duration.
public struct NoteEvent: Hashable, Sendable {
  public var heads: [NoteHead]
  /// Duration in whole notes (a crotchet is 1/4).
  public var duration: Rational
  public var range: SourceRange
  /// The written length before tuplets scaled it (what the note looks like); nil when the
  /// same as `duration`.
  public var writtenDuration: Rational?
  /// True when no space separates this note from the previous beamable note (ABC §4.7).
  public var isBeamedWithPrevious: Bool
  /// Decorations, annotations, grace notes, slurs and lyrics, out of line (see
  /// `EventAttachments`).
  var storage = AttachmentStorage()

  public init(heads: [NoteHead], duration: Rational, isBeamedWithPrevious: Bool = false, range: SourceRange) {
    self.heads = heads
    self.duration = duration
    self.isBeamedWithPrevious = isBeamedWithPrevious
    self.range = range
  }

  /// Everything attached to the note at once.
  public var attachments: EventAttachments {
    get { storage.value }
    set { storage.update { $0 = newValue } }
  }

  public var decorations: [Decoration] {
    get { storage.decorations }
    set { storage.update { $0.decorations = newValue } }
  }

  public var annotations: [TextAnnotation] {
    get { storage.annotations }
    set { storage.update { $0.annotations = newValue } }
  }

  public var graceNotes: GraceGroup? {
    get { storage.graceNotes }
    set { storage.update { $0.graceNotes = newValue } }
  }

  /// Whether the note has grace notes (`graceNotes != nil`, read without copying them).
  public var hasGraceNotes: Bool { storage.hasGraceNotes }

  /// Slurs that start at this note (`(` before it) and end at it (`)` after it).
  public var slurStarts: [SlurMark] {
    get { storage.slurStarts }
    set { storage.update { $0.slurStarts = newValue } }
  }

  public var slurEnds: [SlurMark] {
    get { storage.slurEnds }
    set { storage.update { $0.slurEnds = newValue } }
  }

  /// Lyric syllables by verse (index 0 = the first `w:` line under the music line); nil
  /// where a verse has nothing for this note (`*`, or lines shorter than the music).
  public var lyrics: [LyricSyllable?] {
    get { storage.lyrics }
    set { storage.update { $0.lyrics = newValue } }
  }

  /// How much longer than the note its heads tied into another voice sound (the note
  /// they are tied into); nil for none.
  public var heldBeyond: Rational? {
    get { storage.value.heldBeyond }
    set { storage.update { $0.heldBeyond = newValue } }
  }

  /// How much longer than the note `head` sounds: `heldBeyond` for a head tied into another
  /// voice's note, else nothing.
  public func heldBeyond(of head: NoteHead) -> Rational {
    head.tiesAcrossVoices ? heldBeyond ?? .zero : .zero
  }

  /// The length the note is drawn with.
  public var displayDuration: Rational { writtenDuration ?? duration }

  /// A cue note: every head is a cue head (printed small, not played).
  public var isCue: Bool { !heads.isEmpty && heads.allSatisfy(\.isCue) }

  /// Drawn small: every head is small (a cue note, or one the score prints at cue size).
  public var isSmall: Bool { !heads.isEmpty && heads.allSatisfy(\.isSmall) }
}

/// A rest: `z` (visible), `x` (invisible), or a multi-measure `Z`/`X`.
public struct RestEvent: Hashable, Sendable {
  public var duration: Rational
  public var range: SourceRange
  /// For `Z4`: the number of whole bars; nil for ordinary rests.
  public var measureCount: Int?
  public var isVisible: Bool
  public var writtenDuration: Rational?
  /// Keeps time for a note drawn on another staff (a cross-staff note, by the layout):
  /// never drawn, and marks that span it (a tuplet) are drawn by the other staff.
  public var isPlaceholder = false
  /// Decorations and annotations, out of line (see `EventAttachments`).
  var storage = AttachmentStorage()

  public init(duration: Rational, isVisible: Bool = true, measureCount: Int? = nil, range: SourceRange) {
    self.duration = duration
    self.isVisible = isVisible
    self.measureCount = measureCount
    self.range = range
  }

  public var decorations: [Decoration] {
    get { storage.decorations }
    set { storage.update { $0.decorations = newValue } }
  }

  public var annotations: [TextAnnotation] {
    get { storage.annotations }
    set { storage.update { $0.annotations = newValue } }
  }

  /// The length the rest is drawn with.
  public var displayDuration: Rational { writtenDuration ?? duration }
}
