/// A point in page coordinates (points, origin at the page's top-left, y down).
public struct Point: Hashable, Sendable {
  public var x: Double
  public var y: Double

  public init(x: Double, y: Double) {
    self.x = x
    self.y = y
  }
}

/// An axis-aligned rectangle in page coordinates.
public struct Rect: Hashable, Sendable {
  public var x: Double
  public var y: Double
  public var width: Double
  public var height: Double

  public init(x: Double, y: Double, width: Double, height: Double) {
    self.x = x
    self.y = y
    self.width = width
    self.height = height
  }

  public var minX: Double { x }
  public var minY: Double { y }
  public var maxX: Double { x + width }
  public var maxY: Double { y + height }
  public var midX: Double { x + width / 2 }
  public var midY: Double { y + height / 2 }

  /// The smallest rectangle holding both.
  public func union(_ other: Rect) -> Rect {
    let left = Swift.min(minX, other.minX)
    let top = Swift.min(minY, other.minY)
    return Rect(
      x: left, y: top, width: Swift.max(maxX, other.maxX) - left,
      height: Swift.max(maxY, other.maxY) - top)
  }

  /// True when the interiors overlap by more than `tolerance` in both directions.
  public func intersects(_ other: Rect, tolerance: Double = 0) -> Bool {
    minX + tolerance < other.maxX && other.minX + tolerance < maxX
      && minY + tolerance < other.maxY && other.minY + tolerance < maxY
  }

  /// The bounding box of a set of points.
  public static func bounding(_ points: [Point]) -> Rect {
    guard let first = points.first else { return Rect(x: 0, y: 0, width: 0, height: 0) }
    var (minX, minY, maxX, maxY) = (first.x, first.y, first.x, first.y)
    for point in points.dropFirst() {
      minX = Swift.min(minX, point.x)
      minY = Swift.min(minY, point.y)
      maxX = Swift.max(maxX, point.x)
      maxY = Swift.max(maxY, point.y)
    }
    return Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
  }
}
