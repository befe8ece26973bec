import ScoreModel

/// The margins and size of each score line of a tune whose music changes them
/// (`%%leftmargin`, `%%rightmargin`, `%%staffwidth`, `%%scale` between its lines): a line
/// takes the last change made before its first source line.
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
  private let baseLeft: Double
  private let baseRight: Double
  private let scale: Double
  private let contentWidth: Double

  init(setup: PageSetup, options: LayoutOptions) {
    changes = options.marginChanges
    baseLeft = setup.marginLeft
    baseRight = setup.marginRight
    scale = setup.staffSpace
    contentWidth = setup.contentWidth
  }

  var isEmpty: Bool { changes.isEmpty }

  /// The shift of a line starting at `sourceLine`.
  func shift(forSourceLine sourceLine: Int?) -> Shift {
    guard let sourceLine, let change = changes.last(where: { $0.sourceLine < sourceLine }) else {
      return Shift()
    }
    let dx = (change.left - baseLeft) / scale
    let widthPoints = contentWidth - (change.left - baseLeft) - (change.right - baseRight)
    let factor = change.scale > 0 ? change.scale : 1
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
