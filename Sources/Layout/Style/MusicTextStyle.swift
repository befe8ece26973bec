import DisplayList
import ScoreModel

/// The type styles of text that belongs to the music: chord symbols, annotations,
/// lyrics, fingerings, part labels and bar numbers (sizes in points).
public struct MusicTextStyle: Hashable, Sendable {
  public var chordSymbolFont: FontSpec
  public var annotationFont: FontSpec
  public var lyricFont: FontSpec
  public var fingeringFont: FontSpec
  public var partLabelFont: FontSpec
  public var measureNumberFont: FontSpec
  /// Text decorations such as D.C., D.S., Fine.
  public var directionFont: FontSpec
  public var wordsFont: FontSpec
  public var chordSymbolsBoxed = false
  /// How chord symbols are set (template `music.chord-style`).
  public var chordSymbolStyle = ChordSymbolStyle.plain
  public var partLabelsBoxed = true
  /// Fretboard diagrams over chord symbols, and the player's own shapes.
  public var chordDiagrams: FrettedInstrument?
  public var chordDefinitions: [String: ChordFingering] = [:]

  /// The music's text styles from a page set-up's fonts (`%%gchordfont`,
  /// `%%annotationfont`, `%%vocalfont`, `%%partsfont`, `%%wordsfont` reach them there);
  /// fingerings, bar numbers and text marks are derived from the annotation font.
  public init(setup: PageSetup) {
    chordSymbolFont = setup.chordFont
    annotationFont = setup.annotationFont
    lyricFont = setup.vocalFont
    partLabelFont = setup.partsFont
    wordsFont = setup.wordsFont
    chordSymbolsBoxed = setup.chordSymbolsBoxed
    chordSymbolStyle = setup.chordSymbolStyle
    chordDiagrams = setup.chordDiagrams
    chordDefinitions = setup.chordDefinitions
    partLabelsBoxed = setup.partLabelsBoxed
    // The annotation font's family (and its hash) in other sizes and styles.
    var derived = setup.annotationFont
    (derived.size, derived.isBold, derived.isItalic) = (7.5, false, false)
    fingeringFont = derived
    derived.isItalic = true
    measureNumberFont = derived
    (derived.size, derived.isBold) = (10, true)
    directionFont = derived
  }
}
