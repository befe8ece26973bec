import DisplayList
import ScoreModel

/// Page geometry and type styles the layout engine works to (sizes in points).
///
/// The staff space is the unit of all engraving geometry; everything else here is
/// page furniture. Page templates (the `Book` module) and abcm2ps directives fill it in.
/// With `mirrorMargins`, `marginLeft` is the inner margin and `marginRight` the outer one,
/// swapped on even pages; `gutter` is added to the inner margin of every page. A copy shares
/// one copy-on-write box of the fields (a setup is passed to every stage of every tune).
public struct PageSetup: Hashable, Sendable {
  /// The fields, shared by copies until one of them changes.
  @usableFromInline var storage: Storage

  public var width: Double {
    @inlinable _read { yield storage.fields.width }
    @inlinable _modify {
      unique()
      yield &storage.fields.width
    }
  }

  public var height: Double {
    @inlinable _read { yield storage.fields.height }
    @inlinable _modify {
      unique()
      yield &storage.fields.height
    }
  }

  public var marginTop: Double {
    @inlinable _read { yield storage.fields.marginTop }
    @inlinable _modify {
      unique()
      yield &storage.fields.marginTop
    }
  }

  public var marginBottom: Double {
    @inlinable _read { yield storage.fields.marginBottom }
    @inlinable _modify {
      unique()
      yield &storage.fields.marginBottom
    }
  }

  public var marginLeft: Double {
    @inlinable _read { yield storage.fields.marginLeft }
    @inlinable _modify {
      unique()
      yield &storage.fields.marginLeft
    }
  }

  public var marginRight: Double {
    @inlinable _read { yield storage.fields.marginRight }
    @inlinable _modify {
      unique()
      yield &storage.fields.marginRight
    }
  }

  /// Extra inner margin for the binding, in points.
  public var gutter: Double {
    @inlinable _read { yield storage.fields.gutter }
    @inlinable _modify {
      unique()
      yield &storage.fields.gutter
    }
  }

  /// Whether even (left-hand) pages mirror the margins of odd ones.
  public var mirrorMargins: Bool {
    @inlinable _read { yield storage.fields.mirrorMargins }
    @inlinable _modify {
      unique()
      yield &storage.fields.mirrorMargins
    }
  }

  /// The distance between two staff lines, in points.
  public var staffSpace: Double {
    @inlinable _read { yield storage.fields.staffSpace }
    @inlinable _modify {
      unique()
      yield &storage.fields.staffSpace
    }
  }

  public var titleFont: FontSpec {
    @inlinable _read { yield storage.fields.titleFont }
    @inlinable _modify {
      unique()
      yield &storage.fields.titleFont
    }
  }

  public var subtitleFont: FontSpec {
    @inlinable _read { yield storage.fields.subtitleFont }
    @inlinable _modify {
      unique()
      yield &storage.fields.subtitleFont
    }
  }

  public var composerFont: FontSpec {
    @inlinable _read { yield storage.fields.composerFont }
    @inlinable _modify {
      unique()
      yield &storage.fields.composerFont
    }
  }

  public var infoFont: FontSpec {
    @inlinable _read { yield storage.fields.infoFont }
    @inlinable _modify {
      unique()
      yield &storage.fields.infoFont
    }
  }

  public var tempoFont: FontSpec {
    @inlinable _read { yield storage.fields.tempoFont }
    @inlinable _modify {
      unique()
      yield &storage.fields.tempoFont
    }
  }

  /// Labels of first and second endings.
  public var voltaFont: FontSpec {
    @inlinable _read { yield storage.fields.voltaFont }
    @inlinable _modify {
      unique()
      yield &storage.fields.voltaFont
    }
  }

  /// `%%text`, `%%center` and `%%begintext` paragraphs.
  public var textFont: FontSpec {
    @inlinable _read { yield storage.fields.textFont }
    @inlinable _modify {
      unique()
      yield &storage.fields.textFont
    }
  }

  /// `W:` words printed after a tune.
  public var wordsFont: FontSpec {
    @inlinable _read { yield storage.fields.wordsFont }
    @inlinable _modify {
      unique()
      yield &storage.fields.wordsFont
    }
  }

  /// Chord symbols, annotations, lyrics and part labels (read through MusicTextStyle).
  public var chordFont: FontSpec {
    @inlinable _read { yield storage.fields.chordFont }
    @inlinable _modify {
      unique()
      yield &storage.fields.chordFont
    }
  }

  public var annotationFont: FontSpec {
    @inlinable _read { yield storage.fields.annotationFont }
    @inlinable _modify {
      unique()
      yield &storage.fields.annotationFont
    }
  }

  public var vocalFont: FontSpec {
    @inlinable _read { yield storage.fields.vocalFont }
    @inlinable _modify {
      unique()
      yield &storage.fields.vocalFont
    }
  }

  public var partsFont: FontSpec {
    @inlinable _read { yield storage.fields.partsFont }
    @inlinable _modify {
      unique()
      yield &storage.fields.partsFont
    }
  }

  /// Frames around chord symbols (`%%gchordfont … box`, `%%gchordbox`).
  public var chordSymbolsBoxed: Bool {
    @inlinable _read { yield storage.fields.chordSymbolsBoxed }
    @inlinable _modify {
      unique()
      yield &storage.fields.chordSymbolsBoxed
    }
  }

  /// How chord symbols are set: as written, raised extensions, or jazz signs.
  public var chordSymbolStyle: ChordSymbolStyle {
    @inlinable _read { yield storage.fields.chordSymbolStyle }
    @inlinable _modify {
      unique()
      yield &storage.fields.chordSymbolStyle
    }
  }

  /// Fretboard diagrams over chord symbols (`%%diagram`, `music.chord-diagrams`), nil for none.
  public var chordDiagrams: FrettedInstrument? {
    @inlinable _read { yield storage.fields.chordDiagrams }
    @inlinable _modify {
      unique()
      yield &storage.fields.chordDiagrams
    }
  }

  /// Shapes of the player's own (`%%chorddef NAME FRETS`), by chord symbol text.
  public var chordDefinitions: [String: ChordFingering] {
    @inlinable _read { yield storage.fields.chordDefinitions }
    @inlinable _modify {
      unique()
      yield &storage.fields.chordDefinitions
    }
  }

  /// Frames around part labels (`%%partsbox`; on by default, as tune books print them).
  public var partLabelsBoxed: Bool {
    @inlinable _read { yield storage.fields.partLabelsBoxed }
    @inlinable _modify {
      unique()
      yield &storage.fields.partLabelsBoxed
    }
  }

  /// Vertical space between consecutive tunes, in points.
  public var tuneGap: Double {
    @inlinable _read { yield storage.fields.tuneGap }
    @inlinable _modify {
      unique()
      yield &storage.fields.tuneGap
    }
  }

  /// Minimum clear space between staff systems, in staff spaces.
  public var systemGap: Double {
    @inlinable _read { yield storage.fields.systemGap }
    @inlinable _modify {
      unique()
      yield &storage.fields.systemGap
    }
  }

  /// Extra space at the top of every page, above the first item (`%%topspace`), in points.
  public var topSpace: Double {
    @inlinable _read { yield storage.fields.topSpace }
    @inlinable _modify {
      unique()
      yield &storage.fields.topSpace
    }
  }

  /// Least distance between the top lines of the staves of one system (`%%sysstaffsep`),
  /// in points.
  public var staffSeparation: Double {
    @inlinable _read { yield storage.fields.staffSeparation }
    @inlinable _modify {
      unique()
      yield &storage.fields.staffSeparation
    }
  }

  /// Extra space above a tune's title (`%%titlespace`), in points.
  public var titleSpace: Double {
    @inlinable _read { yield storage.fields.titleSpace }
    @inlinable _modify {
      unique()
      yield &storage.fields.titleSpace
    }
  }

  /// Space between a tune's heading and its first staff (`%%musicspace`), in points.
  public var musicSpace: Double {
    @inlinable _read { yield storage.fields.musicSpace }
    @inlinable _modify {
      unique()
      yield &storage.fields.musicSpace
    }
  }

  /// The tune heading's style: alignment, case and which fields print.
  public var titleStyle: TitleStyle {
    @inlinable _read { yield storage.fields.titleStyle }
    @inlinable _modify {
      unique()
      yield &storage.fields.titleStyle
    }
  }

  /// Running header and footer; nil prints none.
  public var header: RunningHead? {
    @inlinable _read { yield storage.fields.header }
    @inlinable _modify {
      unique()
      yield &storage.fields.header
    }
  }

  public var footer: RunningHead? {
    @inlinable _read { yield storage.fields.footer }
    @inlinable _modify {
      unique()
      yield &storage.fields.footer
    }
  }

  public init(
    width: Double, height: Double, margin: Double = 42.5, staffSpace: Double = 5.0,
    textFamily: String = "TeX Gyre Schola"
  ) {
    storage = Storage(
      Fields(
        width: width,
        height: height,
        marginTop: margin,
        marginBottom: margin,
        marginLeft: margin,
        marginRight: margin,
        staffSpace: staffSpace,
        titleFont: FontSpec(family: textFamily, size: 18, isBold: true),
        subtitleFont: FontSpec(family: textFamily, size: 13),
        composerFont: FontSpec(family: textFamily, size: 10.5, isItalic: true),
        infoFont: FontSpec(family: textFamily, size: 10),
        tempoFont: FontSpec(family: textFamily, size: 10, isBold: true),
        voltaFont: FontSpec(family: textFamily, size: 9),
        textFont: FontSpec(family: textFamily, size: 10.5),
        wordsFont: FontSpec(family: textFamily, size: 10.5),
        chordFont: FontSpec(family: textFamily, size: 10),
        annotationFont: FontSpec(family: textFamily, size: 9),
        vocalFont: FontSpec(family: textFamily, size: 9.5),
        partsFont: FontSpec(family: textFamily, size: 11, isBold: true),
        tuneGap: 28,
        systemGap: 4))
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

  /// Turns the page a quarter: its width and height change places (landscape ↔ portrait).
  public mutating func turn() {
    (width, height) = (height, width)
  }

  /// Every text font, for themes that swap the family.
  public mutating func setTextFamily(_ family: String) {
    for path in Self.textFontPaths { self[keyPath: path].family = family }
    header?.font.family = family
    footer?.font.family = family
  }

  /// Copies the box before a change when another setup shares it.
  @inlinable mutating func unique() {
    if !isKnownUniquelyReferenced(&storage) { storage = Storage(storage.fields) }
  }

  public static func == (lhs: PageSetup, rhs: PageSetup) -> Bool {
    lhs.storage === rhs.storage || lhs.storage.fields == rhs.storage.fields
  }

  public func hash(into hasher: inout Hasher) {
    storage.fields.hash(into: &hasher)
  }
}

extension PageSetup {
  /// A setup's fields, as one value.
  @usableFromInline struct Fields: Hashable {
    @usableFromInline var width: Double
    @usableFromInline var height: Double
    @usableFromInline var marginTop: Double
    @usableFromInline var marginBottom: Double
    @usableFromInline var marginLeft: Double
    @usableFromInline var marginRight: Double
    @usableFromInline var gutter: Double = 0
    @usableFromInline var mirrorMargins: Bool = false
    @usableFromInline var staffSpace: Double
    @usableFromInline var titleFont: FontSpec
    @usableFromInline var subtitleFont: FontSpec
    @usableFromInline var composerFont: FontSpec
    @usableFromInline var infoFont: FontSpec
    @usableFromInline var tempoFont: FontSpec
    @usableFromInline var voltaFont: FontSpec
    @usableFromInline var textFont: FontSpec
    @usableFromInline var wordsFont: FontSpec
    @usableFromInline var chordFont: FontSpec
    @usableFromInline var annotationFont: FontSpec
    @usableFromInline var vocalFont: FontSpec
    @usableFromInline var partsFont: FontSpec
    @usableFromInline var chordSymbolsBoxed: Bool = false
    @usableFromInline var chordSymbolStyle: ChordSymbolStyle = .plain
    @usableFromInline var chordDiagrams: FrettedInstrument? = nil
    @usableFromInline var chordDefinitions: [String: ChordFingering] = [:]
    @usableFromInline var partLabelsBoxed: Bool = true
    @usableFromInline var tuneGap: Double
    @usableFromInline var systemGap: Double
    @usableFromInline var topSpace: Double = 0
    @usableFromInline var staffSeparation: Double = 36
    @usableFromInline var titleSpace: Double = 0
    @usableFromInline var musicSpace: Double = 4
    @usableFromInline var titleStyle: TitleStyle = TitleStyle()
    @usableFromInline var header: RunningHead? = nil
    @usableFromInline var footer: RunningHead? = nil
  }

  /// The box a setup's fields live in. Changed only through a `PageSetup` that holds the
  /// sole reference (`unique`), so sharing one between threads is as safe as sharing a value.
  @usableFromInline final class Storage: @unchecked Sendable {
    @exclusivity(unchecked) @usableFromInline var fields: Fields

    @usableFromInline init(_ fields: Fields) {
      self.fields = fields
    }
  }
}
