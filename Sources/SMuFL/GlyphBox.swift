/// A glyph's codepoint and bounding box, as its `GlyphMetrics` give them: the part a
/// glyph's drawing reads, small enough to copy in registers.
public struct GlyphBox: Hashable, Sendable {
  public var codepoint: UInt32
  public var minX: Double
  public var minY: Double
  public var maxX: Double
  public var maxY: Double

  public init(_ metrics: GlyphMetrics) {
    codepoint = metrics.codepoint
    (minX, minY, maxX, maxY) = (metrics.minX, metrics.minY, metrics.maxX, metrics.maxY)
  }

  public var width: Double { maxX - minX }
  public var height: Double { maxY - minY }
}
