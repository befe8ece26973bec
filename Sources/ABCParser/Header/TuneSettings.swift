import ScoreModel

/// The state a tune header builds up: metadata plus the musical settings in force.
///
/// The file header fills one `TuneSettings` that every tune starts from, so a header
/// `M:`, `L:`, `U:`, `m:` or `%%score` is inherited by each tune.
struct TuneSettings: Sendable {
  /// The fields, shared by copies until one of them changes (a tune's parser copies the
  /// settings several times).
  private var storage = Storage(Fields())

  var metadata: TuneMetadata {
    _read { yield storage.fields.metadata }
    _modify {
      unique()
      yield &storage.fields.metadata
    }
  }

  var meter: Meter {
    _read { yield storage.fields.meter }
    _modify {
      unique()
      yield &storage.fields.meter
    }
  }

  /// The unit note length from an `L:` field; nil means "derive from the meter".
  var explicitUnitLength: Rational? {
    _read { yield storage.fields.explicitUnitLength }
    _modify {
      unique()
      yield &storage.fields.explicitUnitLength
    }
  }

  var key: KeySignature {
    _read { yield storage.fields.key }
    _modify {
      unique()
      yield &storage.fields.key
    }
  }

  var clef: Clef {
    _read { yield storage.fields.clef }
    _modify {
      unique()
      yield &storage.fields.clef
    }
  }

  /// True once a header `K:` names a clef.
  var clefIsExplicit: Bool {
    _read { yield storage.fields.clefIsExplicit }
    _modify {
      unique()
      yield &storage.fields.clefIsExplicit
    }
  }

  /// Staff parameters of the header `K:` (`middle=`, `octave=`, `transpose=` …).
  var keyStaff: StaffParameters {
    _read { yield storage.fields.keyStaff }
    _modify {
      unique()
      yield &storage.fields.keyStaff
    }
  }

  var tempo: Tempo? {
    _read { yield storage.fields.tempo }
    _modify {
      unique()
      yield &storage.fields.tempo
    }
  }

  var lineBreaks: LineBreakPolicy {
    _read { yield storage.fields.lineBreaks }
    _modify {
      unique()
      yield &storage.fields.lineBreaks
    }
  }

  /// `U:` definitions (a `.nothing` entry hides a default shortcut).
  var userSymbols: [Unicode.Scalar: SymbolDefinition] {
    _read { yield storage.fields.userSymbols }
    _modify {
      unique()
      yield &storage.fields.userSymbols
    }
  }

  /// `I:decoration +`: `+` is the declared decoration delimiter (both are read).
  var decorationDelimiter: Unicode.Scalar {
    _read { yield storage.fields.decorationDelimiter }
    _modify {
      unique()
      yield &storage.fields.decorationDelimiter
    }
  }

  var propagation: AccidentalPropagation {
    _read { yield storage.fields.propagation }
    _modify {
      unique()
      yield &storage.fields.propagation
    }
  }

  /// `%%writeout-accidentals` (§11.3).
  var writeout: AccidentalWriteout {
    _read { yield storage.fields.writeout }
    _modify {
      unique()
      yield &storage.fields.writeout
    }
  }

  /// `%%tuplets` / `I:tuplets`: how the tuplets written from here are drawn.
  var tupletStyle: TupletStyle {
    _read { yield storage.fields.tupletStyle }
    _modify {
      unique()
      yield &storage.fields.tupletStyle
    }
  }

  /// `%%percmap` lines read so far.
  var percussionMap: [PercussionMapping] {
    _read { yield storage.fields.percussionMap }
    _modify {
      unique()
      yield &storage.fields.percussionMap
    }
  }

  /// `%%map` lines read so far.
  var noteMaps: [NoteMapping] {
    _read { yield storage.fields.noteMaps }
    _modify {
      unique()
      yield &storage.fields.noteMaps
    }
  }

  /// `%%tablature` lines read so far.
  var tablatures: [Tablature] {
    _read { yield storage.fields.tablatures }
    _modify {
      unique()
      yield &storage.fields.tablatures
    }
  }

  /// The claimed ABC version and the reading it selects (§2.1, §12).
  var abcVersion: String? {
    _read { yield storage.fields.abcVersion }
    _modify {
      unique()
      yield &storage.fields.abcVersion
    }
  }

  var readingMode: ReadingMode {
    _read { yield storage.fields.readingMode }
    _modify {
      unique()
      yield &storage.fields.readingMode
    }
  }

  /// Decoration names a `%%deco` directive defined.
  var customDecorations: Set<String> {
    _read { yield storage.fields.customDecorations }
    _modify {
      unique()
      yield &storage.fields.customDecorations
    }
  }

  var macros: MacroTable {
    _read { yield storage.fields.macros }
    _modify {
      unique()
      yield &storage.fields.macros
    }
  }

  var directives: [Directive] {
    _read { yield storage.fields.directives }
    _modify {
      unique()
      yield &storage.fields.directives
    }
  }

  /// `V:` fields of the header, in order of first appearance.
  var voiceDeclarations: [VoiceFieldValue] {
    _read { yield storage.fields.voiceDeclarations }
    _modify {
      unique()
      yield &storage.fields.voiceDeclarations
    }
  }

  /// `%%score` / `%%staves`.
  var staffGroups: [StaffGroup]? {
    _read { yield storage.fields.staffGroups }
    _modify {
      unique()
      yield &storage.fields.staffGroups
    }
  }

  /// `W:` lines.
  var words: [String] {
    _read { yield storage.fields.words }
    _modify {
      unique()
      yield &storage.fields.words
    }
  }

  /// True under strict reading (ABC 2.1 or later): outdated syntax is warned about.
  var isStrict: Bool { readingMode == .strict }

  /// The unit note length in force: the `L:` value or the meter's default.
  var unitLength: Rational { explicitUnitLength ?? meter.defaultUnitNoteLength }

  /// Records a header `V:` (merging a repeated id into its first declaration).
  mutating func declareVoice(_ voice: VoiceFieldValue) {
    guard let index = voiceDeclarations.firstIndex(where: { $0.id == voice.id }) else {
      voiceDeclarations.append(voice)
      return
    }
    var merged = voiceDeclarations[index]
    merged.name = voice.name ?? merged.name
    merged.shortName = voice.shortName ?? merged.shortName
    merged.stem = voice.stem ?? merged.stem
    merged.merge = merged.merge || voice.merge
    merged.staff.merge(voice.staff)
    voiceDeclarations[index] = merged
  }

  /// Copies the box before a change when other settings share it.
  private mutating func unique() {
    if !isKnownUniquelyReferenced(&storage) { storage = Storage(storage.fields) }
  }
}

extension TuneSettings {
  /// The settings' fields, as one value.
  fileprivate struct Fields {
    var metadata: TuneMetadata = TuneMetadata()
    var meter: Meter = .none
    var explicitUnitLength: Rational? = nil
    var key: KeySignature = .cMajor
    var clef: Clef = .treble
    var clefIsExplicit: Bool = false
    var keyStaff: StaffParameters = StaffParameters()
    var tempo: Tempo? = nil
    var lineBreaks: LineBreakPolicy = LineBreakPolicy()
    var userSymbols: [Unicode.Scalar: SymbolDefinition] = [:]
    var decorationDelimiter: Unicode.Scalar = "!"
    var propagation: AccidentalPropagation = .octave
    var writeout: AccidentalWriteout = .none
    var tupletStyle: TupletStyle = TupletStyle()
    var percussionMap: [PercussionMapping] = []
    var noteMaps: [NoteMapping] = []
    var tablatures: [Tablature] = []
    var abcVersion: String? = nil
    var readingMode: ReadingMode = .loose
    var customDecorations: Set<String> = []
    var macros: MacroTable = MacroTable()
    var directives: [Directive] = []
    var voiceDeclarations: [VoiceFieldValue] = []
    var staffGroups: [StaffGroup]? = nil
    var words: [String] = []
  }

  /// The box the fields live in, changed only through settings that hold the sole reference.
  fileprivate final class Storage: @unchecked Sendable {
    @exclusivity(unchecked) var fields: Fields

    init(_ fields: Fields) {
      self.fields = fields
    }
  }
}
