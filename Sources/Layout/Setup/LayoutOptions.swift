/// Choices that change how music is set, independent of the page.
public struct LayoutOptions: Hashable, Sendable {
  public var lineBreaks: LineBreakMode
  /// The last line of a tune is justified only when its natural width is at least this
  /// fraction of the measure width (`%%stretchlast`).
  public var stretchLast: Double

  public init(lineBreaks: LineBreakMode = .source, stretchLast: Double = 0.6) {
    self.lineBreaks = lineBreaks
    self.stretchLast = stretchLast
  }
}
