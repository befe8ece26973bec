import Foundation

/// Metrics of one SMuFL glyph, in staff spaces with y pointing up (SMuFL convention).
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
  public var anchors: [String: [Double]]
  /// The stem anchors of noteheads, read once (`stemUpSE`, `stemDownNW`).
  public let stemUpSE: (x: Double, y: Double)?
  public let stemDownNW: (x: Double, y: Double)?

  public init(codepoint: UInt32, advance: Double, bbox: [Double], anchors: [String: [Double]] = [:]) {
    self.codepoint = codepoint
    self.advance = advance
    minX = bbox.count == 4 ? bbox[0] : 0
    minY = bbox.count == 4 ? bbox[1] : 0
    maxX = bbox.count == 4 ? bbox[2] : 0
    maxY = bbox.count == 4 ? bbox[3] : 0
    self.anchors = anchors
    func point(_ name: String) -> (x: Double, y: Double)? {
      guard let value = anchors[name], value.count == 2 else { return nil }
      return (value[0], value[1])
    }
    stemUpSE = point("stemUpSE")
    stemDownNW = point("stemDownNW")
  }

  public var width: Double { maxX - minX }
  public var height: Double { maxY - minY }

  /// An anchor point in staff spaces (y up), if the font defines it.
  public func anchor(_ name: String) -> (x: Double, y: Double)? {
    switch name {
    case "stemUpSE": return stemUpSE
    case "stemDownNW": return stemDownNW
    default:
      guard let value = anchors[name], value.count == 2 else { return nil }
      return (value[0], value[1])
    }
  }

  public static func == (lhs: GlyphMetrics, rhs: GlyphMetrics) -> Bool {
    lhs.codepoint == rhs.codepoint && lhs.advance == rhs.advance && lhs.bbox == rhs.bbox
      && lhs.anchors == rhs.anchors
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
  public var family: String
  public var engravingDefaults: EngravingDefaults
  /// Every glyph's metrics by SMuFL name.
  public var glyphs: [String: GlyphMetrics] {
    didSet { byOrdinal = Self.table(glyphs) }
  }
  /// The metrics of the glyphs the engraver draws, by `SMuFLGlyph.ordinal` (no string
  /// hashing on the layout's hot paths).
  private var byOrdinal: [GlyphMetrics?]

  public init(family: String, engravingDefaults: EngravingDefaults, glyphs: [String: GlyphMetrics]) {
    self.family = family
    self.engravingDefaults = engravingDefaults
    self.glyphs = glyphs
    byOrdinal = Self.table(glyphs)
  }

  private static func table(_ glyphs: [String: GlyphMetrics]) -> [GlyphMetrics?] {
    SMuFLGlyph.allCases.map { glyphs[$0.rawValue] }
  }

  /// The metrics of a glyph by SMuFL name.
  public func glyph(_ glyph: SMuFLGlyph) -> GlyphMetrics? { byOrdinal[glyph.ordinal] }

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
  public static func decode(_ data: Data) throws -> MusicFont {
    struct File: Decodable {
      var family: String
      var engravingDefaults: [String: JSONValue]
      var glyphs: [String: Glyph]
    }
    struct Glyph: Decodable {
      var codepoint: UInt32
      var advance: Double
      var bbox: [Double]
      var anchors: [String: [Double]]?
    }
    let file: File
    do {
      file = try JSONDecoder().decode(File.self, from: data)
    } catch {
      throw LoadError.malformed(String(describing: error))
    }
    var glyphs: [String: GlyphMetrics] = [:]
    for (name, glyph) in file.glyphs {
      guard glyph.bbox.count == 4 else { throw LoadError.malformed("bbox of \(name)") }
      glyphs[name] = GlyphMetrics(
        codepoint: glyph.codepoint, advance: glyph.advance, bbox: glyph.bbox,
        anchors: glyph.anchors ?? [:])
    }
    var values: [String: Double] = [:]
    for (key, value) in file.engravingDefaults {
      if case .number(let number) = value { values[key] = number }
    }
    return MusicFont(
      family: file.family, engravingDefaults: EngravingDefaults(values: values), glyphs: glyphs)
  }
}

/// A JSON scalar or container, enough to skip values we do not use.
enum JSONValue: Decodable {
  case number(Double)
  case other

  init(from decoder: Decoder) throws {
    let container = try decoder.singleValueContainer()
    if let number = try? container.decode(Double.self) {
      self = .number(number)
    } else {
      self = .other
    }
  }
}
