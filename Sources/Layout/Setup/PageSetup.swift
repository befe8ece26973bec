import DisplayList
import ScoreModel

/// Page geometry and type styles the layout engine works to (sizes in points).
///
/// The staff space is the unit of all engraving geometry; everything else here is
/// page furniture. Page templates (the `Book` module) and abcm2ps directives fill it in.
/// With `mirrorMargins`, `marginLeft` is the inner margin and `marginRight` the outer one,
/// swapped on even pages; `gutter` is added to the inner margin of every page.
public struct PageSetup: Hashable, Sendable {
  public var width: Double
  public var height: Double
  public var marginTop: Double
  public var marginBottom: Double
  public var marginLeft: Double
  public var marginRight: Double
  /// Extra inner margin for the binding, in points.
  public var gutter: Double = 0
  /// Whether even (left-hand) pages mirror the margins of odd ones.
  public var mirrorMargins = false
  /// The distance between two staff lines, in points.
  public var staffSpace: Double
  public var titleFont: FontSpec
  public var subtitleFont: FontSpec
  public var composerFont: FontSpec
  public var infoFont: FontSpec
  public var tempoFont: FontSpec
  /// Labels of first and second endings.
  public var voltaFont: FontSpec
  /// `%%text`, `%%center` and `%%begintext` paragraphs.
  public var textFont: FontSpec
  /// `W:` words printed after a tune.
  public var wordsFont: FontSpec
  /// Chord symbols, annotations, lyrics and part labels (read through MusicTextStyle).
  public var chordFont: FontSpec
  public var annotationFont: FontSpec
  public var vocalFont: FontSpec
  public var partsFont: FontSpec
  /// Frames around chord symbols (`%%gchordfont … box`, `%%gchordbox`).
  public var chordSymbolsBoxed = false
  /// How chord symbols are set: as written, raised extensions, or jazz signs.
  public var chordSymbolStyle = ChordSymbolStyle.plain
  /// Fretboard diagrams over chord symbols (`%%diagram`, `music.chord-diagrams`), nil for none.
  public var chordDiagrams: FrettedInstrument?
  /// Shapes of the player's own (`%%chorddef NAME FRETS`), by chord symbol text.
  public var chordDefinitions: [String: ChordFingering] = [:]
  /// Frames around part labels (`%%partsbox`; on by default, as tune books print them).
  public var partLabelsBoxed = true
  /// Vertical space between consecutive tunes, in points.
  public var tuneGap: Double
  /// Minimum clear space between staff systems, in staff spaces.
  public var systemGap: Double
  /// Extra space at the top of every page, above the first item (`%%topspace`), in points.
  public var topSpace: Double = 0
  /// Least distance between the top lines of the staves of one system (`%%sysstaffsep`),
  /// in points.
  public var staffSeparation: Double = 36
  /// Extra space above a tune's title (`%%titlespace`), in points.
  public var titleSpace: Double = 0
  /// Space between a tune's heading and its first staff (`%%musicspace`), in points.
  public var musicSpace: Double = 4
  /// The tune heading's style: alignment, case and which fields print.
  public var titleStyle = TitleStyle()
  /// Running header and footer; nil prints none.
  public var header: RunningHead?
  public var footer: RunningHead?

  public init(
    width: Double, height: Double, margin: Double = 42.5, staffSpace: Double = 5.0,
    textFamily: String = "TeX Gyre Schola"
  ) {
    self.width = width
    self.height = height
    self.marginTop = margin
    self.marginBottom = margin
    self.marginLeft = margin
    self.marginRight = margin
    self.staffSpace = staffSpace
    self.titleFont = FontSpec(family: textFamily, size: 18, isBold: true)
    self.subtitleFont = FontSpec(family: textFamily, size: 13)
    self.composerFont = FontSpec(family: textFamily, size: 10.5, isItalic: true)
    self.infoFont = FontSpec(family: textFamily, size: 10)
    self.tempoFont = FontSpec(family: textFamily, size: 10, isBold: true)
    self.voltaFont = FontSpec(family: textFamily, size: 9)
    self.textFont = FontSpec(family: textFamily, size: 10.5)
    self.wordsFont = FontSpec(family: textFamily, size: 10.5)
    self.chordFont = FontSpec(family: textFamily, size: 10)
    self.annotationFont = FontSpec(family: textFamily, size: 9)
    self.vocalFont = FontSpec(family: textFamily, size: 9.5)
    self.partsFont = FontSpec(family: textFamily, size: 11, isBold: true)
    self.tuneGap = 28
    self.systemGap = 4
  }

  /// ISO A4 portrait, 210 × 297 mm.
  public static let a4 = PageSetup(width: 595.28, height: 841.89)
  /// US Letter portrait, 8.5 × 11 in.
  public static let letter = PageSetup(width: 612, height: 792)
  /// ISO A5 portrait, 148 × 210 mm.
  public static let a5 = PageSetup(width: 419.53, height: 595.28, margin: 34)

  /// The width available to music, in points (the same on every page).
  public var contentWidth: Double { width - marginLeft - marginRight - gutter }
  /// The height available to music, in points.
  public var contentHeight: Double { height - marginTop - marginBottom }

  /// The x of the content area's left edge on a page (0-based physical page index:
  /// index 0 is page 1, a right-hand, odd page).
  public func contentLeft(pageIndex: Int) -> Double {
    let isEven = pageIndex % 2 == 1
    if mirrorMargins && isEven { return marginRight }
    return marginLeft + gutter
  }

  /// Every text font but the running heads'.
  static var textFontPaths: [WritableKeyPath<PageSetup, FontSpec>] {
    [
      \.titleFont, \.subtitleFont, \.composerFont, \.infoFont, \.tempoFont, \.voltaFont, \.textFont,
      \.wordsFont, \.chordFont, \.annotationFont, \.vocalFont, \.partsFont,
    ]
  }

  /// The families of every text font, the running heads' included.
  public var textFamilies: Set<String> {
    var families = Set(Self.textFontPaths.map { self[keyPath: $0].family })
    for head in [header, footer] { if let head { families.insert(head.font.family) } }
    return families
  }

  /// Every text font, for themes that swap the family.
  public mutating func setTextFamily(_ family: String) {
    for path in Self.textFontPaths { self[keyPath: path].family = family }
    header?.font.family = family
    footer?.font.family = family
  }
}
