/// How chord symbols are set: as written, with raised extensions, or in jazz shorthand.
public enum ChordSymbolStyle: String, CaseIterable, Hashable, Sendable {
  /// As written, with real ♭ and ♯: `F♯m7♭5`.
  case plain
  /// Extensions raised and smaller after the root and quality: F♯m⁷♭⁵.
  case superscript
  /// Raised extensions and the jazz signs: Δ for major seventh, ø for half-diminished,
  /// ° for diminished (`Cmaj7` → CΔ7, `F#m7b5` → F♯ø7, `Bdim7` → B°7).
  case jazz
}
