import ScoreModel

/// The passes an ending (volta) is played on: `1`, `2`, `1,3`, `1-3`, `1-2,4`.
public struct EndingLabel: Hashable, Sendable {
  public var passes: Set<Int>

  public init(passes: Set<Int>) {
    self.passes = passes
  }

  /// Reads a label; text that holds no number gives nil (such an ending is played on
  /// every pass, as if it were not an ending).
  public init?(_ text: String) {
    var passes: Set<Int> = []
    for item in text.split(separator: ",") {
      let bounds = item.split(separator: "-", omittingEmptySubsequences: false).map {
        Int($0.trimmingCharacters(in: " \t"))
      }
      if bounds.count == 2, let low = bounds[0], let high = bounds[1], low <= high,
        high - low < Limits.endingRangeSpan
      {
        passes.formUnion(low...high)
      } else if bounds.count == 1, let only = bounds[0] {
        passes.insert(only)
      }
    }
    guard !passes.isEmpty else { return nil }
    self.passes = passes
  }

  /// The highest pass number.
  public var lastPass: Int { passes.max() ?? 1 }
}

extension StringProtocol {
  fileprivate func trimmingCharacters(in set: String) -> String {
    var scalars = Substring(self)
    while let first = scalars.first, set.contains(first) { scalars.removeFirst() }
    while let last = scalars.last, set.contains(last) { scalars.removeLast() }
    return String(scalars)
  }
}
