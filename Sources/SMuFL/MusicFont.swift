import Foundation
import Synchronization

/// Metrics of one SMuFL glyph, in staff spaces with y pointing up (SMuFL convention).
///
/// Plain values only (no arrays or dictionaries), so a copy is a few words: the layout
/// asks for glyph metrics hundreds of thousands of times. The stem anchors it uses are
/// stored; every anchor of a glyph is in `MusicFont.anchors(of:)`.
public struct GlyphMetrics: Hashable, Sendable {
  public var codepoint: UInt32
  public var advance: Double
  /// Bounding box corners.
  public var minX: Double
  public var minY: Double
  public var maxX: Double
  public var maxY: Double
  /// Bounding box south-west corner.
  public var southWest: (x: Double, y: Double) { (minX, minY) }
  /// Bounding box north-east corner.
  public var northEast: (x: Double, y: Double) { (maxX, maxY) }
  /// [swX, swY, neX, neY].
  public var bbox: [Double] { [minX, minY, maxX, maxY] }
  /// The stem anchors of noteheads (`stemUpSE`, `stemDownNW`, `stemUpNW`, `stemDownSW`).
  public let stemUpSE: (x: Double, y: Double)?
  public let stemDownNW: (x: Double, y: Double)?
  public let stemUpNW: (x: Double, y: Double)?
  public let stemDownSW: (x: Double, y: Double)?

  public init(codepoint: UInt32, advance: Double, bbox: [Double], anchors: [String: [Double]] = [:]) {
    let box = bbox.count == 4 ? (bbox[0], bbox[1], bbox[2], bbox[3]) : (0, 0, 0, 0)
    self.init(codepoint: codepoint, advance: advance, box: box, anchors: anchors)
  }

  /// The metrics with the bounding box's corners as (minX, minY, maxX, maxY).
  init(
    codepoint: UInt32, advance: Double, box: (Double, Double, Double, Double), anchors: [String: [Double]]
  ) {
    func point(_ name: String) -> (x: Double, y: Double)? {
      guard !anchors.isEmpty, let value = anchors[name], value.count == 2 else { return nil }
      return (value[0], value[1])
    }
    self.init(
      codepoint: codepoint, advance: advance, box: box, stemUpSE: point("stemUpSE"),
      stemDownNW: point("stemDownNW"), stemUpNW: point("stemUpNW"), stemDownSW: point("stemDownSW"))
  }

  init(
    codepoint: UInt32, advance: Double, box: (Double, Double, Double, Double),
    stemUpSE: (x: Double, y: Double)?,
    stemDownNW: (x: Double, y: Double)?, stemUpNW: (x: Double, y: Double)?,
    stemDownSW: (x: Double, y: Double)?
  ) {
    self.codepoint = codepoint
    self.advance = advance
    (minX, minY, maxX, maxY) = box
    self.stemUpSE = stemUpSE
    self.stemDownNW = stemDownNW
    self.stemUpNW = stemUpNW
    self.stemDownSW = stemDownSW
  }

  /// The stem anchors' names, in the order of the fields above, and as strings.
  static let stemAnchorKeys: [StaticString] = ["stemUpSE", "stemDownNW", "stemUpNW", "stemDownSW"]
  static let stemAnchorNames = stemAnchorKeys.map { "\($0)" }

  public var width: Double { maxX - minX }
  public var height: Double { maxY - minY }

  /// A stem anchor point in staff spaces (y up), if the font defines it; nil for other
  /// names (see `MusicFont.anchors(of:)`).
  public func anchor(_ name: String) -> (x: Double, y: Double)? {
    switch name {
    case "stemUpSE": stemUpSE
    case "stemDownNW": stemDownNW
    case "stemUpNW": stemUpNW
    case "stemDownSW": stemDownSW
    default: nil
    }
  }

  private var anchorValues: [Double?] {
    [stemUpSE, stemDownNW, stemUpNW, stemDownSW].flatMap { [$0?.x, $0?.y] }
  }

  public static func == (lhs: GlyphMetrics, rhs: GlyphMetrics) -> Bool {
    lhs.codepoint == rhs.codepoint && lhs.advance == rhs.advance && lhs.bbox == rhs.bbox
      && lhs.anchorValues == rhs.anchorValues
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(codepoint)
    hasher.combine(advance)
    hasher.combine(bbox)
  }
}

/// A SMuFL music font's metadata: glyph metrics, anchors and engraving defaults.
///
/// Decoded from the `Fonts/<Family>.json` files that `scripts/fetch-fonts` writes (see
/// Fonts/README.md). Decoding takes bytes, not a path: the caller does the file I/O.
public struct MusicFont: Sendable {
  /// The font's tables, in one shared, immutable object: a font is copied into every
  /// drawing helper of every line, and copying five tables was five reference counts.
  @usableFromInline final class Storage: Sendable {
    let family: String
    @usableFromInline let engravingDefaults: EngravingDefaults
    /// The metrics of the glyphs the engraver draws, by `SMuFLGlyph.ordinal` (no string
    /// hashing on the layout's hot paths).
    @usableFromInline let byOrdinal: [GlyphMetrics?]
    /// Each glyph's advance (nil when the font lacks it) and its stems' head anchors, by
    /// ordinal: what the engraver asks of every note, read without copying the glyph's
    /// whole record (a call to copy memory each time).
    @usableFromInline let advances: [Double?]
    @usableFromInline let stemUpAnchors: [(x: Double, y: Double)?]
    @usableFromInline let stemDownAnchors: [(x: Double, y: Double)?]
    @usableFromInline let boxes: [GlyphBox?]
    /// Every glyph's metrics and anchors: given, or read from `source` when first asked
    /// for (the engraver reads `byOrdinal` alone, a fifth of a font's glyphs).
    private let tables: Mutex<Tables?>
    /// The metadata's JSON, for the whole tables (nil when they were given).
    private let source: [UInt8]?
    /// The storage this one copies (`MusicFont.ownCopy()`), which keeps the whole tables.
    private let original: Storage?

    /// Every glyph by name, and every anchor of every glyph that has any, by glyph name
    /// then anchor name.
    struct Tables {
      var glyphs: [String: GlyphMetrics]
      var anchors: [String: [String: [Double]]]
    }

    init(
      family: String, engravingDefaults: EngravingDefaults, glyphs: [String: GlyphMetrics],
      anchors: [String: [String: [Double]]]
    ) {
      self.family = family
      self.engravingDefaults = engravingDefaults
      byOrdinal = SMuFLGlyph.allCases.map { glyphs[$0.rawValue] }
      (advances, stemUpAnchors, stemDownAnchors, boxes) = Self.summaries(of: byOrdinal)
      tables = Mutex(Tables(glyphs: glyphs, anchors: anchors))
      source = nil
      original = nil
    }

    /// The same font in an object of its own: the engraver's tables shared (each array
    /// counted once, here), the whole tables asked of `other`.
    init(copying other: Storage) {
      family = other.family
      engravingDefaults = other.engravingDefaults
      byOrdinal = other.byOrdinal
      advances = other.advances
      stemUpAnchors = other.stemUpAnchors
      stemDownAnchors = other.stemDownAnchors
      boxes = other.boxes
      tables = Mutex(nil)
      source = nil
      original = other.original ?? other
    }

    init(family: String, engravingDefaults: EngravingDefaults, byOrdinal: [GlyphMetrics?], source: [UInt8]) {
      self.family = family
      self.engravingDefaults = engravingDefaults
      self.byOrdinal = byOrdinal
      (advances, stemUpAnchors, stemDownAnchors, boxes) = Self.summaries(of: byOrdinal)
      tables = Mutex(nil)
      self.source = source
      original = nil
    }

    /// The advances, stem anchors and boxes of `metrics`, in its order.
    static func summaries(of metrics: [GlyphMetrics?]) -> (
      [Double?], [(x: Double, y: Double)?], [(x: Double, y: Double)?], [GlyphBox?]
    ) {
      (
        metrics.map { $0?.advance }, metrics.map { $0?.stemUpSE }, metrics.map { $0?.stemDownNW },
        metrics.map { $0.map(GlyphBox.init) }
      )
    }

    /// The whole tables, read from the JSON the first time (a glyph the engraver does not
    /// draw whose entry is malformed is left out; `decode` checked the document's syntax).
    var whole: Tables {
      if let original { return original.whole }
      return tables.withLock { tables in
        if let tables { return tables }
        var anchors: [String: [String: [Double]]] = [:]
        var glyphs: [String: GlyphMetrics] = [:]
        var scanner = JSONScanner(source ?? [])
        try? scanner.object { key, scanner in
          if key == "glyphs" {
            glyphs = try MusicFont.glyphTable(&scanner, anchors: &anchors)
          } else {
            try scanner.skipValue()
          }
        }
        let made = Tables(glyphs: glyphs, anchors: anchors)
        tables = made
        return made
      }
    }
  }

  @usableFromInline let storage: Storage

  public var family: String { storage.family }
  /// Inlinable, as `glyph(_:)`: a caller reads the one value it needs in place.
  @inlinable public var engravingDefaults: EngravingDefaults { storage.engravingDefaults }
  /// Every glyph's metrics by SMuFL name.
  public var glyphs: [String: GlyphMetrics] { storage.whole.glyphs }

  public init(
    family: String, engravingDefaults: EngravingDefaults, glyphs: [String: GlyphMetrics],
    anchors: [String: [String: [Double]]] = [:]
  ) {
    storage = Storage(family: family, engravingDefaults: engravingDefaults, glyphs: glyphs, anchors: anchors)
  }

  init(storage: Storage) { self.storage = storage }

  /// The same font in an object of its own, for one thread's engraving. The layout copies
  /// the font into every helper of every line, and each copy counts a reference to its
  /// object: with one object for every thread, the cores fought over that count.
  public func ownCopy() -> MusicFont { MusicFont(storage: Storage(copying: storage)) }

  /// Whether `other` is this font's object itself (not a copy of it).
  public func isIdentical(to other: MusicFont) -> Bool { storage === other.storage }

  /// Every anchor of the glyph named `name` (SMuFL's `glyphsWithAnchors`), by anchor name.
  public func anchors(of name: String) -> [String: [Double]] { storage.whole.anchors[name] ?? [:] }

  /// The metrics of a glyph by SMuFL name. A caller that keeps the result (binds it to a
  /// local) copies the whole record: the hot paths read `advance(of:)`, `box(of:)` and the
  /// stem anchors below instead.
  @inlinable
  public func glyph(_ glyph: SMuFLGlyph) -> GlyphMetrics? { storage.byOrdinal[glyph.ordinal] }

  /// A glyph's codepoint and bounding box (what drawing it needs), without a copy of its
  /// whole metrics; nil when the font lacks it.
  @inlinable
  public func box(of glyph: SMuFLGlyph) -> GlyphBox? { storage.boxes[glyph.ordinal] }

  /// `glyph(glyph)?.advance`, without a copy of the glyph's metrics.
  @inlinable
  public func advance(of glyph: SMuFLGlyph) -> Double? { storage.advances[glyph.ordinal] }

  /// `glyph(glyph)?.stemUpSE`, without a copy of the glyph's metrics.
  @inlinable
  public func stemUpSE(of glyph: SMuFLGlyph) -> (x: Double, y: Double)? {
    storage.stemUpAnchors[glyph.ordinal]
  }

  /// `glyph(glyph)?.stemDownNW`, without a copy of the glyph's metrics.
  @inlinable
  public func stemDownNW(of glyph: SMuFLGlyph) -> (x: Double, y: Double)? {
    storage.stemDownAnchors[glyph.ordinal]
  }

  /// The built-in music fonts ABCPress knows how to fetch.
  public static let knownFamilies = ["Bravura", "Leland", "Petaluma"]
  public static let defaultFamily = "Bravura"

  /// Errors reading font metadata.
  public enum LoadError: Error, CustomStringConvertible {
    case malformed(String)

    public var description: String {
      switch self {
      case .malformed(let why): "malformed music font metadata: \(why)"
      }
    }
  }

  /// Decodes the JSON metadata produced by `scripts/fetch-fonts`.
  ///
  /// The glyphs the engraver draws (`SMuFLGlyph`) are read now, and a malformed entry of
  /// one of them fails the decoding; the others, four in five, are passed over until
  /// `glyphs` or `anchors(of:)` asks for them (most runs never do).
  public static func decode(_ data: Data) throws -> MusicFont {
    var family: String?
    var values: [String: Double]?
    var byOrdinal: [GlyphMetrics?]?
    let bytes = [UInt8](data)
    var scanner = JSONScanner(bytes)
    do {
      try scanner.object { key, scanner in
        switch key {
        case "family": family = try scanner.string()
        case "engravingDefaults": values = try engravingDefaults(&scanner)
        case "glyphs": byOrdinal = try engravedGlyphs(&scanner)
        default: try scanner.skipValue()
        }
      }
    } catch let error as JSONScanner.Failure {
      throw LoadError.malformed(error.description)
    }
    guard let family, let values, let byOrdinal else {
      throw LoadError.malformed("family, engravingDefaults and glyphs are required")
    }
    return MusicFont(
      storage: Storage(
        family: family, engravingDefaults: EngravingDefaults(values: values), byOrdinal: byOrdinal,
        source: bytes))
  }

  /// The numeric engraving defaults (others, such as `textEnclosure`, are skipped).
  private static func engravingDefaults(_ scanner: inout JSONScanner) throws -> [String: Double] {
    var values: [String: Double] = [:]
    try scanner.object { key, scanner in
      if try scanner.atNumber() { values[key] = try scanner.number() } else { try scanner.skipValue() }
    }
    return values
  }

  /// Every `SMuFLGlyph`'s position in `allCases` by its name.
  private static let ordinals = Dictionary(
    SMuFLGlyph.allCases.map { ($0.rawValue, $0.ordinal) }, uniquingKeysWith: { first, _ in first })

  /// The metrics of the glyphs the engraver draws, by ordinal; the others' values skipped.
  /// (Names are matched by their bytes, `EngravedNames`: a string made and hashed for each
  /// of a font's 885 names was a third of reading its metadata.)
  private static func engravedGlyphs(_ scanner: inout JSONScanner) throws -> [GlyphMetrics?] {
    var table = [GlyphMetrics?](repeating: nil, count: SMuFLGlyph.allCases.count)
    try scanner.objectByKeyBytes { name, scanner in
      let ordinal: Int?
      if name.allSatisfy({ $0 < 0x80 }) {
        ordinal = EngravedNames.shared.ordinal(of: name)
      } else {
        // A name beyond ASCII is compared as a string is (canonical equivalence).
        ordinal = ordinals[String(decoding: name, as: UTF8.self)]
      }
      guard let ordinal else { return try scanner.skipQuickly() }
      table[ordinal] = try engravedMetrics(name, &scanner)
    }
    return table
  }

  /// An engraved glyph's entry, its four stem anchors read straight into the metrics (no
  /// table of every anchor made).
  private static func engravedMetrics(_ name: ArraySlice<UInt8>, _ scanner: inout JSONScanner) throws
    -> GlyphMetrics
  {
    var stems: [(x: Double, y: Double)?] = [nil, nil, nil, nil]
    let described = { String(decoding: name, as: UTF8.self) }
    let (codepoint, advance, box) = try entry(
      &scanner, name: described,
      anchor: { anchor, scanner in
        var point = (0.0, 0.0, 0.0, 0.0)
        guard anchor.allSatisfy({ $0 < 0x80 }) else {
          // Compared as a string is, as `GlyphMetrics` looks its anchors up.
          let index = GlyphMetrics.stemAnchorNames.firstIndex(of: String(decoding: anchor, as: UTF8.self))
          let count = try scanner.numbers(into: &point)
          if let index { stems[index] = count == 2 ? (point.0, point.1) : nil }
          return
        }
        let count = try scanner.numbers(into: &point)
        for index in 0..<4 where JSONScanner.key(anchor, is: GlyphMetrics.stemAnchorKeys[index]) {
          stems[index] = count == 2 ? (point.0, point.1) : nil
        }
      })
    return GlyphMetrics(
      codepoint: codepoint, advance: advance, box: box, stemUpSE: stems[0], stemDownNW: stems[1],
      stemUpNW: stems[2], stemDownSW: stems[3])
  }

  /// A glyph's entry: its codepoint, advance and box, each of its anchors handed to
  /// `anchor` with its name's bytes (which must read or skip the anchor's value).
  private static func entry(
    _ scanner: inout JSONScanner, name: () -> String,
    anchor: (ArraySlice<UInt8>, inout JSONScanner) throws -> Void
  ) throws -> (codepoint: UInt32, advance: Double, box: (Double, Double, Double, Double)) {
    var codepoint: Double?
    var advance: Double?
    var box = (0.0, 0.0, 0.0, 0.0)
    var boxCount = 0
    // Members told apart by their names' bytes (no string made for each).
    try scanner.objectByKeyBytes { key, scanner in
      if JSONScanner.key(key, is: "codepoint") {
        codepoint = try scanner.number()
      } else if JSONScanner.key(key, is: "advance") {
        advance = try scanner.number()
      } else if JSONScanner.key(key, is: "bbox") {
        boxCount = try scanner.numbers(into: &box)
      } else if JSONScanner.key(key, is: "anchors") {
        try scanner.objectByKeyBytes(anchor)
      } else {
        try scanner.skipValue()
      }
    }
    guard let codepoint, let advance, let scalar = UInt32(exactly: codepoint), boxCount == 4 else {
      throw LoadError.malformed("codepoint, advance or bbox of \(name())")
    }
    return (scalar, advance, box)
  }

  /// Every glyph's metrics by name, and their anchors; an entry without its codepoint,
  /// advance or box is left out (`decode` has read those of the glyphs the engraver draws).
  static func glyphTable(
    _ scanner: inout JSONScanner, anchors allAnchors: inout [String: [String: [Double]]]
  ) throws -> [String: GlyphMetrics] {
    var glyphs: [String: GlyphMetrics] = [:]
    glyphs.reserveCapacity(1024)  // Bravura has 885: the table made once, not grown
    try scanner.object { name, scanner in
      do {
        let (metrics, anchors) = try glyphMetrics(name, &scanner)
        glyphs[name] = metrics
        if !anchors.isEmpty { allAnchors[name] = anchors }
      } catch is LoadError {
        // The entry was read to its end: on to the next.
      }
    }
    return glyphs
  }

  /// One glyph's entry: its metrics and its anchors by name.
  private static func glyphMetrics(
    _ name: String, _ scanner: inout JSONScanner
  ) throws -> (metrics: GlyphMetrics, anchors: [String: [Double]]) {
    var anchors: [String: [Double]] = [:]
    let (codepoint, advance, box) = try entry(
      &scanner, name: { name },
      anchor: { anchor, scanner in anchors[String(decoding: anchor, as: UTF8.self)] = try scanner.numbers() })
    return (GlyphMetrics(codepoint: codepoint, advance: advance, box: box, anchors: anchors), anchors)
  }
}
