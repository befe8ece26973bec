/// The look of a bar line.
public enum BarStyle: String, Sendable {
  /// `|`
  case single
  /// `||`
  case double
  /// `[|`
  case thickThin
  /// `|]`
  case thinThick
  /// `.|` dotted
  case dotted
  /// `[|]` invisible
  case invisible
}

/// A bar line with its repeat marks and an optional ending (volta) that starts after it.
public struct BarLine: Hashable, Sendable {
  public var style: BarStyle
  /// Repeat dots before the line (`:|`).
  public var repeatsEnd: Bool
  /// Repeat dots after the line (`|:`).
  public var repeatsStart: Bool
  /// The ending label starting here (`|1`, `:|2`, `[1,3`), if any.
  public var ending: String?
  public var range: SourceRange
  /// Decorations and annotations written just before the bar line (`!segno!|`, `"^Fine"|`).
  public var decorations: [Decoration] = []
  public var annotations: [TextAnnotation] = []
  /// How many times the repeated section is played (ABC 2.1 §4.8): 2 for `:|` and `|:`,
  /// 3 for `::|` and `|::`, one more per extra colon. On a bar that both ends and starts
  /// a section (`::`, `::::`) it counts the colons of the longer side.
  public var repeatCount: Int = 2

  public init(
    style: BarStyle, repeatsEnd: Bool = false, repeatsStart: Bool = false, ending: String? = nil,
    range: SourceRange
  ) {
    self.style = style
    self.repeatsEnd = repeatsEnd
    self.repeatsStart = repeatsStart
    self.ending = ending
    self.range = range
  }
}
