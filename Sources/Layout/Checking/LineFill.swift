import ScoreModel

/*
 LineFill — how full each score line of a tune is at natural spacing, for the quality check.

 Method. For each line the line breaker chose, the width its symbols take at natural
 spacing (force 1, from the line start through its last symbol) against the width the
 line is set in (the measure, less an indent or a mid-tune margin change). A line splits
 a source line when a break before or after it is not one the source asked for. The
 quality check reads these: a split line filled under half at natural spacing is the
 ragged remainder balanced splitting avoids (6 + 2 bars where 4 + 4 reads right).

     |abc|def|ghi|jkl|mno|pqr|stu|vw|  → 4 + 4: each line ~ 0.9 full, none under 0.5

 Limits. Multi-staff lines measure their column symbols with the first staff's start (the
 widest voice start is not added), so their share reads a little low.
 */

/// How full one score line is at natural spacing.
public struct LineFill: Hashable, Sendable {
  /// The line's width at natural spacing, in staff spaces.
  public var natural: Double
  /// The width the line is set in, in staff spaces.
  public var width: Double
  /// Whether a break before or after the line is not one the source asked for.
  public var splitsSourceLine: Bool
  /// Whether it is the tune's last line.
  public var isLast: Bool

  /// The share of the line's width its music takes at natural spacing.
  public var share: Double { width > 0 ? natural / width : 0 }

  public init(natural: Double, width: Double, splitsSourceLine: Bool, isLast: Bool) {
    self.natural = natural
    self.width = width
    self.splitsSourceLine = splitsSourceLine
    self.isLast = isLast
  }

  /// The fills of `plans` over `symbols`: `width(line, first)` gives a line's measure.
  static func measure(
    plans: [LinePlan], symbols: [StaffSymbol], springs: [Spring], spacer: HorizontalSpacer,
    firstMeter: Meter?, width: (Int, Int) -> Double
  ) -> [LineFill] {
    plans.enumerated().map { index, plan in
      let start = spacer.lineStart(symbols, from: plan.first, meter: index == 0 ? firstMeter : nil)
      let natural = spacer.width(start: start, last: plan.last, springs: springs, symbols: symbols)
      let splitBefore = plan.first > 0 && !symbols[plan.first - 1].breakAfter
      let splitAfter = plan.last < symbols.count - 1 && !symbols[plan.last].breakAfter
      return LineFill(
        natural: natural, width: width(index, plan.first), splitsSourceLine: splitBefore || splitAfter,
        isLast: index == plans.count - 1)
    }
  }
}
