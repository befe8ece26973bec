/// What a display item means musically; themes colour by role, tests query by role.
///
/// The vocabulary is fixed and documented in Documentation/display-list.md; later stages
/// add cases, never rename them.
public enum Role: String, Sendable, CaseIterable {
  case staffLine, ledgerLine, barLine, repeatDot, clef, keySignature, timeSignature
  case notehead, accidental, dot, stem, flag, beam, rest
  case tie, slur, tuplet, decoration, chordSymbol, annotation, lyric
  case title, subtitle, composer, origin, rhythm, tempo, partLabel, measureNumber, volta
  case text, header, footer
  /// Fret numbers on a tablature staff.
  case tablature

  /// The case's position in `allCases` (a case without payload is stored as its
  /// declaration index; a test checks that the two agree).
  public var ordinal: Int { Int(unsafeBitCast(self, to: UInt8.self)) }
}
