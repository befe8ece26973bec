/// Choices that change how music is set and paged, independent of the page size.
public struct LayoutOptions: Hashable, Sendable {
  /// The page margins (points) and the music's size from one source line of a tune on.
  public struct MarginChange: Hashable, Sendable {
    public var sourceLine: Int
    public var left: Double
    public var right: Double
    /// The staff space relative to the tune's own (`%%scale` in the music).
    public var scale: Double

    public init(sourceLine: Int, left: Double, right: Double, scale: Double = 1) {
      self.sourceLine = sourceLine
      self.left = left
      self.right = right
      self.scale = scale
    }
  }

  public var lineBreaks: LineBreakMode
  /// The last line of a tune is justified only when its natural width is at least this
  /// fraction of the measure width (`%%stretchlast`).
  public var stretchLast: Double
  /// Let a tune start on a page where it does not fit, breaking it between systems
  /// (`%%splittune 1`); by default such a tune moves to the next page.
  public var splitTunes = false
  /// Start every tune on a new page (`%%oneperpage`).
  public var onePerPage = false
  /// Set a short tune in half the width, two to a row, when its lines fit there as they
  /// stand (`music.two-to-a-row`).
  public var twoToARow = false
  /// The gap between the two tunes of a row, in points.
  public static let rowGap = 24.0
  /// Spread the systems of a page that breaks to fill it to the bottom margin; nil (the
  /// default) spreads the pages a piece runs over, as scores are set, and no others.
  public var justifyVertically: Bool?
  /// Bar numbers every N bars (`%%measurenb`); 0 = at each line start, nil = none.
  public var measureNumbers: Int?
  /// Transposition in semitones (`%%transpose`), applied when a tune is laid out.
  public var transpose = 0
  /// Bars per line (`%%barsperstaff`), replacing the source's line breaks.
  public var barsPerStaff: Int?
  /// Indent of a tune's first system in points (`%%indent`).
  public var indent = 0.0
  /// Margins and scale changed inside a tune's music (`%%leftmargin`, `%%rightmargin`,
  /// `%%staffwidth`, `%%scale` between its lines), in source order: each holds for the
  /// score lines that begin after its source line.
  public var marginChanges: [MarginChange] = []

  public init(lineBreaks: LineBreakMode = .source, stretchLast: Double = 0.6) {
    self.lineBreaks = lineBreaks
    self.stretchLast = stretchLast
  }
}
