import ScoreModel

/// The state a tune header builds up: metadata plus the musical settings in force.
///
/// The file header fills one `TuneSettings` that every tune starts from, so a header
/// `M:` or `L:` is inherited by each tune.
struct TuneSettings {
  var metadata = TuneMetadata()
  var meter: Meter = .none
  /// The unit note length from an `L:` field; nil means "derive from the meter".
  var explicitUnitLength: Rational?
  var key: KeySignature = .cMajor
  var clef: Clef = .treble
  var tempo: Tempo?
  var lineBreaks = LineBreakPolicy()
  /// Letters made into symbols with `U:` (skipped in the body for now).
  var userSymbols: Set<Unicode.Scalar> = []
  var directives: [Directive] = []
  /// The first voice id and name seen in a `V:` field.
  var voiceID: String?
  var voiceName: String?

  /// The unit note length in force: the `L:` value or the meter's default.
  var unitLength: Rational { explicitUnitLength ?? meter.defaultUnitNoteLength }
}
