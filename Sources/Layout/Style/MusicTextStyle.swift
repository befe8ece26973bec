import DisplayList

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

  public init(textFamily: String = "TeX Gyre Schola") {
    chordSymbolFont = FontSpec(family: textFamily, size: 11)
    annotationFont = FontSpec(family: textFamily, size: 9.5)
    lyricFont = FontSpec(family: textFamily, size: 10)
    fingeringFont = FontSpec(family: textFamily, size: 7.5)
    partLabelFont = FontSpec(family: textFamily, size: 11, isBold: true)
    measureNumberFont = FontSpec(family: textFamily, size: 7.5, isItalic: true)
    directionFont = FontSpec(family: textFamily, size: 10, isBold: true, isItalic: true)
    wordsFont = FontSpec(family: textFamily, size: 10.5)
  }
}
