import ScoreModel

/// The width of any candidate line in O(1): line starts computed once per first symbol,
/// and prefix sums of the springs at natural and at tightest spacing.
///
/// A line from `first` to `last` is its start (clef, key, maybe meter) plus the springs
/// from the start's first drawn symbol up to `last`, plus the space after `last`.
struct LineWidths {
  let spacer: HorizontalSpacer
  let symbols: [StaffSymbol]
  let firstMeter: Meter?
  /// Prefix sums: `natural[k]` is the length of springs 0..<k at force 1.
  private let natural: [Double]
  private let tightest: [Double]
  /// The space after each symbol when it ends a line, at force 1 and at the tightest.
  private let trailingNatural: [Double]
  private let trailingTightest: [Double]
  /// Each first symbol's line start, as the two numbers widths need (NaN: not computed
  /// yet). Plain values: the breaker reads them hundreds of thousands of times a book.
  private var startWidth: [Double]
  private var startFirst: [Int]

  init(spacer: HorizontalSpacer, symbols: [StaffSymbol], springs: [Spring], firstMeter: Meter?) {
    self.spacer = spacer
    self.symbols = symbols
    self.firstMeter = firstMeter
    var natural = [0.0]
    var tightest = [0.0]
    natural.reserveCapacity(springs.count + 1)
    tightest.reserveCapacity(springs.count + 1)
    for spring in springs {
      natural.append(natural[natural.count - 1] + spring.length(force: 1))
      tightest.append(tightest[tightest.count - 1] + spring.length(force: HorizontalSpacer.minimumForce))
    }
    self.natural = natural
    self.tightest = tightest
    var trailingNatural: [Double] = []
    var trailingTightest: [Double] = []
    trailingNatural.reserveCapacity(symbols.count)
    trailingTightest.reserveCapacity(symbols.count)
    for index in symbols.indices {
      let trailing = spacer.trailingSpring(after: index, in: symbols)
      trailingNatural.append(trailing.length(force: 1))
      trailingTightest.append(trailing.length(force: HorizontalSpacer.minimumForce))
    }
    self.trailingNatural = trailingNatural
    self.trailingTightest = trailingTightest
    startWidth = .filled(.nan, count: symbols.count)
    startFirst = .filled(0, count: symbols.count)
  }

  /// The width and first drawn symbol of a line beginning at `first` (computed once).
  private mutating func start(_ first: Int) -> (width: Double, firstSymbol: Int) {
    if !startWidth[first].isNaN { return (startWidth[first], startFirst[first]) }
    let start = spacer.lineStart(symbols, from: first, meter: first == 0 ? firstMeter : nil)
    startWidth[first] = start.width
    startFirst[first] = start.firstSymbol
    return (start.width, start.firstSymbol)
  }

  /// The width of the line `first...last` at `force` (1 or the minimum force).
  mutating func width(from first: Int, to last: Int, force: Double) -> Double {
    let start = start(first)
    guard start.firstSymbol <= last else { return start.width }
    if force == 1 {
      return start.width + (natural[last] - natural[start.firstSymbol]) + trailingNatural[last]
    }
    return start.width + (tightest[last] - tightest[start.firstSymbol]) + trailingTightest[last]
  }
}
