/// One tune of a tune book: header metadata and its voices.
public struct Tune: Sendable {
  /// The `X:` reference number.
  public var referenceNumber: Int
  public var metadata: TuneMetadata
  /// The meter, unit note length, key and clef in force when the body starts.
  public var initialMeter: Meter
  public var unitNoteLength: Rational
  public var initialKey: KeySignature
  public var tempo: Tempo?
  public var voices: [Voice]
  public var directives: [Directive]
  /// The source text of the whole tune.
  public var range: SourceRange
  /// `W:` lines: words printed after the tune, in order.
  public var words: [String] = []
  /// `%%score` / `%%staves`: how voices group onto staves; nil means one staff per voice
  /// in order of appearance.
  public var staffGroups: [StaffGroup]?
  /// Later `%%score` / `%%staves` inside the music, in time order: each regroups the
  /// staves from its time on.
  public var scoreChanges: [ScoreChange] = []
  /// `%%percmap`: how written notes of percussion parts are drawn.
  public var percussionMap: [PercussionMapping] = []
  /// `%%map` (abcm2ps): note mappings by map name, for voices that name a map.
  public var noteMaps: [NoteMapping] = []
  /// `%%tablature`: tablature staves under voices.
  public var tablatures: [Tablature] = []
  /// Decoration names a `%%deco` line defines (in the file or the tune header): their
  /// PostScript drawing is abcm2ps's own.
  public var definedDecorations: Set<String> = []
  /// The ABC version the tune claims (`%abc-2.1` line, or `I:abc-version` in the file or
  /// tune header); nil when none is given.
  public var abcVersion: String?
  /// Strict or loose reading, as the version selects (ABC 2.1 §2.1, §12).
  public var readingMode: ReadingMode = .loose
  /// `%%writeout-accidentals` in force at the end of the tune (§11.3); for the layout.
  public var accidentalWriteout: AccidentalWriteout = .none
  /// `%%propagate-accidentals` in force at the end of the tune (§11.3).
  public var accidentalPropagation: AccidentalPropagation = .octave

  public init(
    referenceNumber: Int, metadata: TuneMetadata = TuneMetadata(),
    initialMeter: Meter = .none, unitNoteLength: Rational = Rational(1, 8),
    initialKey: KeySignature = .cMajor, tempo: Tempo? = nil, voices: [Voice] = [],
    directives: [Directive] = [], range: SourceRange
  ) {
    self.referenceNumber = referenceNumber
    self.metadata = metadata
    self.initialMeter = initialMeter
    self.unitNoteLength = unitNoteLength
    self.initialKey = initialKey
    self.tempo = tempo
    self.voices = voices
    self.directives = directives
    self.range = range
  }

  /// The first title, or an empty string.
  public var title: String { metadata.titles.first ?? "" }
}

/// Descriptive header fields of a tune, printed in the title block and headers.
public struct TuneMetadata: Hashable, Sendable {
  public var titles: [String] = []
  public var composers: [String] = []
  /// Poets, lyricists and translators, printed at the left under the titles.
  public var lyricists: [String] = []
  /// Arrangers, printed at the right under the composers.
  public var arrangers: [String] = []
  /// The score's copyright line (MusicXML `<rights>`).
  public var rights: String?
  /// Texts are as they are to be printed (MusicXML): no ABC escapes to decode, and a
  /// title ending ", The" keeps its comma (no `%%titletrim`).
  public var textsAsWritten = false
  public var origins: [String] = []
  public var rhythm: String?
  public var book: String?
  public var source: String?
  public var notes: [String] = []
  public var transcription: String?
  public var history: [String] = []
  public var group: String?
  public var parts: String?
  /// Every header field in source order, including those above.
  public var fields: [InformationField] = []

  public init() {}
}
