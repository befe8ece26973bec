import Foundation

/// Metrics of one SMuFL glyph, in staff spaces with y pointing up (SMuFL convention).
public struct GlyphMetrics: Hashable, Sendable {
  public var codepoint: UInt32
  public var advance: Double
  /// Bounding box south-west corner.
  public var southWest: (x: Double, y: Double) { (bbox[0], bbox[1]) }
  /// Bounding box north-east corner.
  public var northEast: (x: Double, y: Double) { (bbox[2], bbox[3]) }
  /// [swX, swY, neX, neY].
  public var bbox: [Double]
  public var anchors: [String: [Double]]

  public init(codepoint: UInt32, advance: Double, bbox: [Double], anchors: [String: [Double]] = [:]) {
    self.codepoint = codepoint
    self.advance = advance
    self.bbox = bbox
    self.anchors = anchors
  }

  public var width: Double { bbox[2] - bbox[0] }
  public var height: Double { bbox[3] - bbox[1] }

  /// An anchor point in staff spaces (y up), if the font defines it.
  public func anchor(_ name: String) -> (x: Double, y: Double)? {
    guard let value = anchors[name], value.count == 2 else { return nil }
    return (value[0], value[1])
  }
}

/// A SMuFL music font's metadata: glyph metrics, anchors and engraving defaults.
///
/// Decoded from the `Fonts/<Family>.json` files that `scripts/fetch-fonts` writes (see
/// Fonts/README.md). Decoding takes bytes, not a path: the caller does the file I/O.
public struct MusicFont: Sendable {
  public var family: String
  public var engravingDefaults: EngravingDefaults
  public var glyphs: [String: GlyphMetrics]

  public init(family: String, engravingDefaults: EngravingDefaults, glyphs: [String: GlyphMetrics]) {
    self.family = family
    self.engravingDefaults = engravingDefaults
    self.glyphs = glyphs
  }

  /// The metrics of a glyph by SMuFL name.
  public func glyph(_ glyph: SMuFLGlyph) -> GlyphMetrics? { glyphs[glyph.rawValue] }

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
    var defaults = EngravingDefaults()
    for (key, value) in file.engravingDefaults {
      if case .number(let number) = value { defaults.values[key] = number }
    }
    return MusicFont(family: file.family, engravingDefaults: defaults, glyphs: glyphs)
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
