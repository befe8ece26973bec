import ScoreModel

/// The margins and size of each score line of a tune whose music changes them
/// (`%%leftmargin`, `%%rightmargin`, `%%staffwidth`, `%%scale` between its lines): a line
/// takes the last change made before its first source line. A one-staff tune's
/// `%%staffscale` sizes every line as a `%%scale` would (its text stays its size).
///
/// `dx` is in the tune's staff spaces; `narrower` is how much less than the tune's full
/// width (in its staff spaces) the line may fill in its own: a line at twice the size
/// holds half as many of its staff spaces, so it is set as if that much narrower.
struct MarginPlan {
  /// Where a line starts, how much narrower it is, and its staff space against the tune's.
  struct Shift {
    var dx = 0.0
    var narrower = 0.0
    var scale = 1.0
  }

  private let changes: [LayoutOptions.MarginChange]
  /// The size of a one-staff tune's staff (`%%staffscale`), under every line's own.
  private let staffScale: Double
  private let baseLeft: Double
  private let baseRight: Double
  private let scale: Double
  private let contentWidth: Double

  init(setup: PageSetup, options: LayoutOptions, staffScale: Double = 1) {
    changes = options.marginChanges
    self.staffScale = staffScale
    baseLeft = setup.marginLeft
    baseRight = setup.marginRight
    scale = setup.staffSpace
    contentWidth = setup.contentWidth
  }

  var isEmpty: Bool { changes.isEmpty && staffScale == 1 }

  /// The shift of a line starting at `sourceLine`.
  func shift(forSourceLine sourceLine: Int?) -> Shift {
    let change = sourceLine.flatMap { line in changes.last { $0.sourceLine < line } }
    guard change != nil || staffScale != 1 else { return Shift() }
    let left = change?.left ?? baseLeft
    let right = change?.right ?? baseRight
    let dx = (left - baseLeft) / scale
    let widthPoints = contentWidth - (left - baseLeft) - (right - baseRight)
    let factor = (change.map { $0.scale > 0 ? $0.scale : 1 } ?? 1) * staffScale
    return Shift(dx: dx, narrower: contentWidth / scale - widthPoints / (scale * factor), scale: factor)
  }

  /// The shift of a line whose first symbol is `first`.
  func shift(forLineFrom first: Int, in symbols: [StaffSymbol]) -> Shift {
    isEmpty ? Shift() : shift(forSourceLine: Self.sourceLine(from: first, in: symbols))
  }

  /// The line breaker's narrowing by first symbol; nil when no margin changes.
  func narrowing(for symbols: [StaffSymbol]) -> ((Int) -> Double)? {
    isEmpty ? nil : { shift(forLineFrom: $0, in: symbols).narrower }
  }

  /// The first source line of the symbols from `first` on (the first that has one).
  static func sourceLine(from first: Int, in symbols: [StaffSymbol]) -> Int? {
    var index = first
    while index < symbols.count {
      if let line = symbols[index].source?.line { return line }
      index += 1
    }
    return nil
  }
}
