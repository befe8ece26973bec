/// `%%writeout-accidentals`: where accidentals are printed (ABC 2.1 §11.3).
///
/// It changes only how accidentals are written (key signature or before the notes),
/// never how notes sound; the layout reads it.
public enum AccidentalWriteout: String, Hashable, Sendable {
  /// The key signature shows the mode's accidentals and any the K: field adds or
  /// changes (the default).
  case none
  /// The key signature shows only the mode's accidentals; those the K: field adds or
  /// changes are written before the notes they apply to.
  case added
  /// No key signature: every accidental, the mode's and the K: field's, is written
  /// before the notes it applies to.
  case all
}

/// `%%propagate-accidentals`: how far a written accidental carries in its bar (§11.3).
public enum AccidentalPropagation: String, Hashable, Sendable {
  /// Only the note it is written on.
  case not
  /// Later notes of the same step and octave (abcm2ps's default; the parser's too).
  case octave
  /// Later notes of the same step in any octave (the default §11.3 names).
  case pitch
}
