import ScoreModel

/// A first, second or variant ending: the symbols a volta bracket spans.
struct EndingSpan: Hashable, SymbolSpan {
  /// The bar line the ending starts after.
  var start: Int
  /// The bar line that closes it, or the last symbol when it runs to the end.
  var end: Int
  var label: String
  /// True when the bracket closes with a hook at its end.
  var isClosed: Bool

  /// Finds the endings in a voice.
  ///
  /// An ending that starts inside a repeat (`|1`) runs to the bar that ends the repeat or
  /// starts the next ending. A final ending (one that starts at a repeat's end, `:|2`) runs
  /// to the next double, thick or repeat bar when one comes within four bars, else covers
  /// one bar with an open end, as tune books usually mean it. A bar marked `!rbstop!` or
  /// `!rbend!` (abcm2ps) ends it there, open or hooked. The search for an ending's
  /// end looks at most `searchBars` bars ahead (an ending never closed covers them).
  static let searchBars = 64

  static func find(in symbols: [StaffSymbol]) -> [EndingSpan] {
    var spans: [EndingSpan] = []
    // By index, asking the kind first: a loop over the symbols copied each one whole.
    for index in symbols.indices where symbols[index].isBar {
      guard case .bar(let bar) = symbols[index].kind, let label = bar.ending else { continue }
      var bars = 0
      var firstBar: Int?
      var end: (index: Int, closed: Bool)?
      for next in (index + 1)..<max(index + 1, symbols.count) {
        guard case .bar(let other) = symbols[next].kind else { continue }
        bars += 1
        if firstBar == nil { firstBar = next }
        // abcm2ps's `!rbstop!` ends the bracket at this bar open, `!rbend!` with its hook.
        let marks = symbols[next].attachments.decorations
        if !marks.isEmpty, let stop = marks.first(where: { $0.name == "rbstop" || $0.name == "rbend" }) {
          end = (next, stop.name == "rbend")
          break
        }
        let closes =
          other.repeatsEnd || other.repeatsStart || other.ending != nil || other.style != .single
        if closes {
          end = (next, other.style != .invisible)
          break
        }
        if bar.repeatsEnd && bars >= 4 { break }
        if bars >= searchBars {
          end = (next, false)
          break
        }
      }
      if end == nil, bar.repeatsEnd, let firstBar { end = (firstBar, false) }
      let resolved = end ?? (symbols.count - 1, false)
      spans.append(EndingSpan(start: index, end: resolved.index, label: label, isClosed: resolved.closed))
    }
    return spans
  }
}
