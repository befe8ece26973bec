import ScoreModel

/// The margins of each score line of a tune whose music changes them (`%%leftmargin`,
/// `%%rightmargin`, `%%staffwidth` between its lines): a line takes the last change made
/// before its first source line. Lengths in staff spaces, relative to the tune's margins.
struct MarginPlan {
  private let changes: [LayoutOptions.MarginChange]
  private let baseLeft: Double
  private let baseRight: Double
  private let scale: Double

  init(setup: PageSetup, options: LayoutOptions) {
    changes = options.marginChanges
    baseLeft = setup.marginLeft
    baseRight = setup.marginRight
    scale = setup.staffSpace
  }

  var isEmpty: Bool { changes.isEmpty }

  /// How far right a line starting at `sourceLine` begins, and how much narrower it is.
  func shift(forSourceLine sourceLine: Int?) -> (dx: Double, narrower: Double) {
    guard let sourceLine, let change = changes.last(where: { $0.sourceLine < sourceLine }) else {
      return (0, 0)
    }
    let dx = (change.left - baseLeft) / scale
    return (dx, dx + (change.right - baseRight) / scale)
  }

  /// The shift of a line whose first symbol is `first`.
  func shift(forLineFrom first: Int, in symbols: [StaffSymbol]) -> (dx: Double, narrower: Double) {
    isEmpty ? (0, 0) : shift(forSourceLine: Self.sourceLine(from: first, in: symbols))
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
