/// A bracket or brace in `%%score` / `%%staves`: which voices share which staves.
///
/// `%%score (S A) | {RH LH}` gives a group of one staff holding voices S and A, then a
/// braced group of two staves. `staves` lists, per staff, the voice ids drawn on it.
public struct StaffGroup: Hashable, Sendable {
  public enum Bracket: String, Hashable, Sendable {
    case none, bracket, brace
  }

  /// A bracket or brace nested in the group (`[{RH LH} Vn Va]`): its sign and which of
  /// the group's staves it spans.
  public struct Inner: Hashable, Sendable {
    public var bracket: Bracket
    public var staves: Range<Int>

    public init(bracket: Bracket, staves: Range<Int>) {
      self.bracket = bracket
      self.staves = staves
    }
  }

  public var bracket: Bracket
  public var staves: [[String]]
  /// `|` between staves: bar lines continue through the gap.
  public var barLinesJoin: Bool
  /// Brackets and braces inside this one, outermost first.
  public var inner: [Inner] = []

  public init(bracket: Bracket, staves: [[String]], barLinesJoin: Bool = false) {
    self.bracket = bracket
    self.staves = staves
    self.barLinesJoin = barLinesJoin
  }
}

/// A `%%score` / `%%staves` met inside a tune's music: the staves it lists hold from
/// `time` on (abcm2ps's mid-tune staff changes: voices leave and join, staves are regrouped).
public struct ScoreChange: Hashable, Sendable {
  /// When it takes effect: the furthest any voice had got when the directive stood.
  public var time: Rational
  public var groups: [StaffGroup]
  public var range: SourceRange

  public init(time: Rational, groups: [StaffGroup], range: SourceRange) {
    self.time = time
    self.groups = groups
    self.range = range
  }
}
