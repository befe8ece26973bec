import DisplayList

/// One engraved score line: its items relative to the staff's top-left corner (points)
/// and how far its ink reaches above and below.
public struct StaffSystem: Sendable {
  public var items: [DisplayItem]
  /// Ink above the top staff line, in points (positive).
  public var above: Double
  /// Ink below the top staff line, in points, at least the staff's own height.
  public var below: Double
  /// How far right of the tune's left margin the system starts, in points (a mid-tune
  /// `%%leftmargin`).
  public var dx = 0.0

  public init(items: [DisplayItem], above: Double, below: Double) {
    self.items = items
    self.above = above
    self.below = below
  }

  /// Measures the ink extent of `items` around a staff of height `staffHeight`.
  public init(items: [DisplayItem], staffHeight: Double) {
    var top = 0.0
    var bottom = staffHeight
    for item in items {
      top = min(top, item.box.minY)
      bottom = max(bottom, item.box.maxY)
    }
    self.init(items: items, above: -top, below: bottom)
  }
}
