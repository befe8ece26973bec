/// How a tune's heading is set: title alignment, capitals, and which fields print.
public struct TitleStyle: Hashable, Sendable {
  /// Where titles sit across the measure.
  public var alignment: TextAlignment = .center
  /// Titles in capitals (`%%titlecaps`).
  public var capitals = false
  /// Header letters whose fields print (`%%writefields`): `T` titles, `C` composer, `O`
  /// origin, `R` rhythm, `X` the reference number before the title, `Q` tempo, `W` words,
  /// `N` notes and `H` history after the tune.
  public var fields: Set<Character> = ["T", "C", "O", "R", "Q", "W"]

  public init() {}
}

/// Horizontal placement of a line of text in its column.
public enum TextAlignment: String, Hashable, Sendable, CaseIterable {
  case left, center, right

  /// The share of spare width placed before the text (0, ½ or 1).
  public var factor: Double {
    switch self {
    case .left: 0
    case .center: 0.5
    case .right: 1
    }
  }
}
