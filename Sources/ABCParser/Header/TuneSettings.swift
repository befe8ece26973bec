import ScoreModel

/// The state a tune header builds up: metadata plus the musical settings in force.
///
/// The file header fills one `TuneSettings` that every tune starts from, so a header
/// `M:`, `L:`, `U:`, `m:` or `%%score` is inherited by each tune.
struct TuneSettings {
  var metadata = TuneMetadata()
  var meter: Meter = .none
  /// The unit note length from an `L:` field; nil means "derive from the meter".
  var explicitUnitLength: Rational?
  var key: KeySignature = .cMajor
  var clef: Clef = .treble
  /// True once a header `K:` names a clef.
  var clefIsExplicit = false
  /// Staff parameters of the header `K:` (`middle=`, `octave=`, `transpose=` …).
  var keyStaff = StaffParameters()
  var tempo: Tempo?
  var lineBreaks = LineBreakPolicy()
  /// `U:` definitions (a `.nothing` entry hides a default shortcut).
  var userSymbols: [Unicode.Scalar: SymbolDefinition] = [:]
  /// `I:decoration +`: `+` is the declared decoration delimiter (both are read).
  var decorationDelimiter: Unicode.Scalar = "!"
  var propagation: AccidentalPropagation = .octave
  /// `%%writeout-accidentals` (§11.3).
  var writeout: AccidentalWriteout = .none
  /// `%%tuplets` / `I:tuplets`: how the tuplets written from here are drawn.
  var tupletStyle = TupletStyle()
  /// `%%percmap` lines read so far.
  var percussionMap: [PercussionMapping] = []
  /// `%%map` lines read so far.
  var noteMaps: [NoteMapping] = []
  /// `%%tablature` lines read so far.
  var tablatures: [Tablature] = []
  /// The claimed ABC version and the reading it selects (§2.1, §12).
  var abcVersion: String?
  var readingMode: ReadingMode = .loose
  /// True under strict reading (ABC 2.1 or later): outdated syntax is warned about.
  var isStrict: Bool { readingMode == .strict }
  /// Decoration names a `%%deco` directive defined.
  var customDecorations: Set<String> = []
  var macros = MacroTable()
  var directives: [Directive] = []
  /// `V:` fields of the header, in order of first appearance.
  var voiceDeclarations: [VoiceFieldValue] = []
  /// `%%score` / `%%staves`.
  var staffGroups: [StaffGroup]?
  /// `W:` lines.
  var words: [String] = []

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
}
