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
  private var starts: [LineStart?]

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
    starts = Array(repeating: nil, count: symbols.count)
  }

  /// The line start for a line beginning at `first` (computed once).
  mutating func start(_ first: Int) -> LineStart {
    if let known = starts[first] { return known }
    let start = spacer.lineStart(symbols, from: first, meter: first == 0 ? firstMeter : nil)
    starts[first] = start
    return start
  }

  /// The width of the line `first...last` at `force` (1 or the minimum force).
  mutating func width(from first: Int, to last: Int, force: Double) -> Double {
    let start = start(first)
    guard start.firstSymbol <= last else { return start.width }
    let sums = force == 1 ? natural : tightest
    let springs = sums[last] - sums[start.firstSymbol]
    return start.width + springs + spacer.trailingSpring(after: symbols[last]).length(force: force)
  }
}
