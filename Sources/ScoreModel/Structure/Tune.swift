/// One tune of a tune book: header metadata and its voices.
///
/// A value type whose fields live in one shared, copy-on-write box: a tune passes between
/// the parser, the checks and the layout whole, and a copy is one reference count instead
/// of one per field (twenty-odd arrays and strings); the first change to a shared copy
/// copies the box.
public struct Tune: Sendable {
  /// The fields, shared by copies until one of them changes.
  @usableFromInline var storage: Storage

  /// The `X:` reference number.
  public var referenceNumber: Int {
    @inlinable _read { yield storage.fields.referenceNumber }
    @inlinable _modify {
      unique()
      yield &storage.fields.referenceNumber
    }
  }
  public var metadata: TuneMetadata {
    @inlinable _read { yield storage.fields.metadata }
    @inlinable _modify {
      unique()
      yield &storage.fields.metadata
    }
  }
  /// The meter, unit note length, key and clef in force when the body starts.
  public var initialMeter: Meter {
    @inlinable _read { yield storage.fields.initialMeter }
    @inlinable _modify {
      unique()
      yield &storage.fields.initialMeter
    }
  }
  public var unitNoteLength: Rational {
    @inlinable _read { yield storage.fields.unitNoteLength }
    @inlinable _modify {
      unique()
      yield &storage.fields.unitNoteLength
    }
  }
  public var initialKey: KeySignature {
    @inlinable _read { yield storage.fields.initialKey }
    @inlinable _modify {
      unique()
      yield &storage.fields.initialKey
    }
  }
  public var tempo: Tempo? {
    @inlinable _read { yield storage.fields.tempo }
    @inlinable _modify {
      unique()
      yield &storage.fields.tempo
    }
  }
  public var voices: [Voice] {
    @inlinable _read { yield storage.fields.voices }
    @inlinable _modify {
      unique()
      yield &storage.fields.voices
    }
  }
  public var directives: [Directive] {
    @inlinable _read { yield storage.fields.directives }
    @inlinable _modify {
      unique()
      yield &storage.fields.directives
    }
  }
  /// The source text of the whole tune.
  public var range: SourceRange {
    @inlinable _read { yield storage.fields.range }
    @inlinable _modify {
      unique()
      yield &storage.fields.range
    }
  }
  /// `W:` lines: words printed after the tune, in order.
  public var words: [String] {
    @inlinable _read { yield storage.fields.words }
    @inlinable _modify {
      unique()
      yield &storage.fields.words
    }
  }
  /// `%%score` / `%%staves`: how voices group onto staves; nil means one staff per voice
  /// in order of appearance.
  public var staffGroups: [StaffGroup]? {
    @inlinable _read { yield storage.fields.staffGroups }
    @inlinable _modify {
      unique()
      yield &storage.fields.staffGroups
    }
  }
  /// Later `%%score` / `%%staves` inside the music, in time order: each regroups the
  /// staves from its time on.
  public var scoreChanges: [ScoreChange] {
    @inlinable _read { yield storage.fields.scoreChanges }
    @inlinable _modify {
      unique()
      yield &storage.fields.scoreChanges
    }
  }
  /// `%%percmap`: how written notes of percussion parts are drawn.
  public var percussionMap: [PercussionMapping] {
    @inlinable _read { yield storage.fields.percussionMap }
    @inlinable _modify {
      unique()
      yield &storage.fields.percussionMap
    }
  }
  /// `%%map` (abcm2ps): note mappings by map name, for voices that name a map.
  public var noteMaps: [NoteMapping] {
    @inlinable _read { yield storage.fields.noteMaps }
    @inlinable _modify {
      unique()
      yield &storage.fields.noteMaps
    }
  }
  /// `%%tablature`: tablature staves under voices.
  public var tablatures: [Tablature] {
    @inlinable _read { yield storage.fields.tablatures }
    @inlinable _modify {
      unique()
      yield &storage.fields.tablatures
    }
  }
  /// Decoration names a `%%deco` line defines (in the file or the tune header): their
  /// PostScript drawing is abcm2ps's own.
  public var definedDecorations: Set<String> {
    @inlinable _read { yield storage.fields.definedDecorations }
    @inlinable _modify {
      unique()
      yield &storage.fields.definedDecorations
    }
  }
  /// The ABC version the tune claims (`%abc-2.1` line, or `I:abc-version` in the file or
  /// tune header); nil when none is given.
  public var abcVersion: String? {
    @inlinable _read { yield storage.fields.abcVersion }
    @inlinable _modify {
      unique()
      yield &storage.fields.abcVersion
    }
  }
  /// Strict or loose reading, as the version selects (ABC 2.1 §2.1, §12).
  public var readingMode: ReadingMode {
    @inlinable _read { yield storage.fields.readingMode }
    @inlinable _modify {
      unique()
      yield &storage.fields.readingMode
    }
  }
  /// `%%writeout-accidentals` in force at the end of the tune (§11.3); for the layout.
  public var accidentalWriteout: AccidentalWriteout {
    @inlinable _read { yield storage.fields.accidentalWriteout }
    @inlinable _modify {
      unique()
      yield &storage.fields.accidentalWriteout
    }
  }
  /// `%%propagate-accidentals` in force at the end of the tune (§11.3).
  public var accidentalPropagation: AccidentalPropagation {
    @inlinable _read { yield storage.fields.accidentalPropagation }
    @inlinable _modify {
      unique()
      yield &storage.fields.accidentalPropagation
    }
  }

  public init(
    referenceNumber: Int, metadata: TuneMetadata = TuneMetadata(),
    initialMeter: Meter = .none, unitNoteLength: Rational = Rational(1, 8),
    initialKey: KeySignature = .cMajor, tempo: Tempo? = nil, voices: [Voice] = [],
    directives: [Directive] = [], range: SourceRange
  ) {
    storage = Storage(
      Fields(
        referenceNumber: referenceNumber, metadata: metadata, initialMeter: initialMeter,
        unitNoteLength: unitNoteLength, initialKey: initialKey, tempo: tempo, voices: voices,
        directives: directives, range: range))
  }

  /// The first title, or an empty string.
  public var title: String { storage.fields.metadata.titles.first ?? "" }

  /// Copies the box before a change when another tune shares it.
  @inlinable mutating func unique() {
    if !isKnownUniquelyReferenced(&storage) { storage = Storage(storage.fields) }
  }
}

extension Tune {
  /// A tune's fields, as one value.
  @usableFromInline struct Fields {
    @usableFromInline var referenceNumber: Int
    @usableFromInline var metadata: TuneMetadata
    @usableFromInline var initialMeter: Meter
    @usableFromInline var unitNoteLength: Rational
    @usableFromInline var initialKey: KeySignature
    @usableFromInline var tempo: Tempo?
    @usableFromInline var voices: [Voice]
    @usableFromInline var directives: [Directive]
    @usableFromInline var range: SourceRange
    @usableFromInline var words: [String] = []
    @usableFromInline var staffGroups: [StaffGroup]? = nil
    @usableFromInline var scoreChanges: [ScoreChange] = []
    @usableFromInline var percussionMap: [PercussionMapping] = []
    @usableFromInline var noteMaps: [NoteMapping] = []
    @usableFromInline var tablatures: [Tablature] = []
    @usableFromInline var definedDecorations: Set<String> = []
    @usableFromInline var abcVersion: String? = nil
    @usableFromInline var readingMode: ReadingMode = .loose
    @usableFromInline var accidentalWriteout: AccidentalWriteout = .none
    @usableFromInline var accidentalPropagation: AccidentalPropagation = .octave
  }

  /// The box a tune's fields live in. Changed only through a `Tune` that holds the sole
  /// reference (`unique`), so sharing one between threads is as safe as sharing a value.
  @usableFromInline final class Storage: @unchecked Sendable {
    @exclusivity(unchecked) @usableFromInline var fields: Fields

    @usableFromInline init(_ fields: Fields) {
      self.fields = fields
    }
  }
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
