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
///
/// The ending, decorations and annotations, which most bar lines lack, live in one
/// optional copy-on-write box: a bar line is copied wherever it is read (parsing, the
/// bar check, building and drawing staff symbols), and three fields of their own were
/// three reference counts per copy.
public struct BarLine: Hashable, Sendable {
  public var style: BarStyle
  /// Repeat dots before the line (`:|`).
  public var repeatsEnd: Bool
  /// Repeat dots after the line (`|:`).
  public var repeatsStart: Bool
  public var range: SourceRange
  /// How many times the repeated section is played (ABC 2.1 §4.8): 2 for `:|` and `|:`,
  /// 3 for `::|` and `|::`, one more per extra colon. On a bar that both ends and starts
  /// a section (`::`, `::::`) it counts the colons of the longer side.
  public var repeatCount: Int = 2
  /// The ending, decorations and annotations; nil when there are none.
  private var marks: Marks?

  /// The rarely set parts, shared until one is changed.
  private final class Marks: @unchecked Sendable {
    var ending: String?
    var decorations: [Decoration]
    var annotations: [TextAnnotation]

    init(ending: String?, decorations: [Decoration], annotations: [TextAnnotation]) {
      self.ending = ending
      self.decorations = decorations
      self.annotations = annotations
    }

    var isEmpty: Bool { ending == nil && decorations.isEmpty && annotations.isEmpty }
  }

  /// The ending label starting here (`|1`, `:|2`, `[1,3`), if any.
  public var ending: String? {
    get { marks?.ending }
    set { change { $0.ending = newValue } }
  }
  /// Decorations and annotations written just before the bar line (`!segno!|`, `"^Fine"|`).
  public var decorations: [Decoration] {
    get { marks?.decorations ?? [] }
    set { change { $0.decorations = newValue } }
  }
  public var annotations: [TextAnnotation] {
    get { marks?.annotations ?? [] }
    set { change { $0.annotations = newValue } }
  }

  /// Changes the marks, copying the box first when another bar line shares it; no box is
  /// kept when none is left.
  private mutating func change(_ body: (Marks) -> Void) {
    if marks == nil || !isKnownUniquelyReferenced(&marks) {
      marks = Marks(
        ending: marks?.ending, decorations: marks?.decorations ?? [], annotations: marks?.annotations ?? [])
    }
    if let marks {
      body(marks)
      if marks.isEmpty { self.marks = nil }
    }
  }

  public init(
    style: BarStyle, repeatsEnd: Bool = false, repeatsStart: Bool = false, ending: String? = nil,
    range: SourceRange
  ) {
    self.style = style
    self.repeatsEnd = repeatsEnd
    self.repeatsStart = repeatsStart
    self.range = range
    if let ending { marks = Marks(ending: ending, decorations: [], annotations: []) }
  }

  // Equal and hashed by what the marks hold (a shared box and two equal boxes alike).
  public static func == (lhs: BarLine, rhs: BarLine) -> Bool {
    lhs.style == rhs.style && lhs.repeatsEnd == rhs.repeatsEnd && lhs.repeatsStart == rhs.repeatsStart
      && lhs.range == rhs.range && lhs.repeatCount == rhs.repeatCount && lhs.ending == rhs.ending
      && lhs.decorations == rhs.decorations && lhs.annotations == rhs.annotations
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(style)
    hasher.combine(repeatsEnd)
    hasher.combine(repeatsStart)
    hasher.combine(range)
    hasher.combine(repeatCount)
    hasher.combine(ending)
    hasher.combine(decorations)
    hasher.combine(annotations)
  }
}
