/// The size of a measured text run, in points.
public struct TextMetrics: Hashable, Sendable {
  /// The advance width of the run.
  public var width: Double
  /// From the baseline up to the top of the line box.
  public var ascent: Double
  /// From the baseline down to the bottom of the line box.
  public var descent: Double

  public init(width: Double, ascent: Double, descent: Double) {
    self.width = width
    self.ascent = ascent
    self.descent = descent
  }

  /// Nothing: the size of an empty run.
  public static let zero = TextMetrics(width: 0, ascent: 0, descent: 0)

  /// Ascent plus descent.
  public var height: Double { ascent + descent }
}
