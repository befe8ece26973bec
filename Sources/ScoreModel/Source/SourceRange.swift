/// A 1-based line and column in an ABC source text (columns count Unicode scalars).
public struct SourceLocation: Hashable, Comparable, Sendable, CustomStringConvertible {
  public var line: Int
  public var column: Int

  public init(line: Int, column: Int) {
    self.line = line
    self.column = column
  }

  public var description: String { "\(line):\(column)" }

  public static func < (lhs: SourceLocation, rhs: SourceLocation) -> Bool {
    (lhs.line, lhs.column) < (rhs.line, rhs.column)
  }
}

/// A half-open span of source text, from `start` up to (not including) `end`.
public struct SourceRange: Hashable, Sendable, CustomStringConvertible {
  public var start: SourceLocation
  public var end: SourceLocation

  public init(start: SourceLocation, end: SourceLocation) {
    self.start = start
    self.end = end
  }

  /// A range covering a single position.
  public init(_ location: SourceLocation) {
    self.init(start: location, end: location)
  }

  public var description: String { "\(start)-\(end)" }
}
