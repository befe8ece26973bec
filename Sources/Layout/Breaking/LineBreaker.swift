import SMuFL
import ScoreModel

/*
 LineBreaker — choose where score lines end, by dynamic programming over break points.

 Method. Break points are the bar lines (and the end of the tune). A line from break i to
 break j costs its badness: the squared relative stretch it needs to fill the measure
 width, or four times the squared relative squeeze when it is wider than the measure at
 natural spacing, or infinity when even the tightest spacing (force 0.7, never below the
 rods) overflows. The best set of lines is
 found by the usual shortest-path recurrence, best[j] = min over i of best[i] + cost(i, j).
 Line widths come from prefix sums of the springs at natural and at tightest spacing
 (`LineWidths`), so a cost is O(1); and since a line only gets wider as it starts earlier,
 the look-back from each end stops once even the tightest spacing is far too wide. It
 visits only the symbols a line can start at (after a candidate end), so the whole search
 is linear in the symbols of a tune times the bars of one line.

 Two modes:
 - `.source` (ABC's default): the music-line ends the source asks for are forced breaks and
   no line may run past one. Only a source line too wide for the page is split further, at
   its bar lines, paying a large penalty per extra break so the fewest splits win, and among
   those the most even ones (the tune's last line may be short for free only when the
   source starts it, not when it is what is left of a split line).
 - `.optimal` (`%%linebreak <none>`, `--auto-break`): source breaks are ignored and every
   bar line is a candidate, with a small penalty per line so the tune is not spread thin.

 A line that ends where the next one changes clef, key or meter must keep room at its end
 for the courtesy signatures announcing the change (`endRoom`): one that cannot, even at its
 tightest, is taken only when no other break will do. Its badness is still weighed at the
 full width, so lines are not set looser for the signs' sake. (Systems of several staves
 keep the room; a single staff's lines have not been seen to need it.)

 A single bar wider than the page may be broken before any note inside it, at a high
 penalty, so no line is ever overfull when a cut exists. The last line of a tune costs
 nothing for being short: it is set at natural width unless it fills `stretchLast`.

     source lines:  |abc|def|ghi|jkl|mno|pqr|  (too wide)    →   |abc|def|ghi|
                                                                 |jkl|mno|pqr|
 Limits. Widths come from the natural spacing of a whole line; no pure-estimate of
 stretched beams or slurs is needed because none changes width yet. The look-back stops at
 one and a half measure widths of tightest spacing (a line start with a long key signature
 can be that much wider than a plain one).
 */

/// How score lines are chosen.
public enum LineBreakMode: String, Sendable {
  /// Follow the source's line ends, splitting only lines too wide for the page.
  case source
  /// Ignore source line ends and choose all breaks for the least total badness.
  case optimal
}

/// One chosen score line: the symbols it holds.
struct LinePlan: Hashable {
  var first: Int
  var last: Int
}

/// Chooses line breaks for a voice's symbols.
struct LineBreaker {
  let spacer: HorizontalSpacer
  let width: Double
  let mode: LineBreakMode
  let stretchLast: Double
  /// How much narrower than `width` a line starting at a symbol is (margins changed in
  /// the middle of a tune); nil when every line has the full width.
  var narrowing: ((Int) -> Double)? = nil
  /// The room a line ending after a symbol needs past its last bar (the courtesy clef, key
  /// and meter announcing the next line's changes); nil when none is ever needed.
  var endRoom: ((Int) -> Double)? = nil

  /// The measure width of a line whose first symbol is `first`: `width`, less the
  /// narrowing (looked up once per symbol before the search, in `measures`).
  func width(from first: Int, _ measures: [Double]?) -> Double {
    measures?[first] ?? width
  }

  func breakLines(_ symbols: [StaffSymbol], springs: [Spring], firstMeter: Meter?) -> [LinePlan] {
    guard !symbols.isEmpty else { return [] }
    let count = symbols.count
    var widths = LineWidths(spacer: spacer, symbols: symbols, springs: springs, firstMeter: firstMeter)
    // Candidate ends: after bars, after forced breaks, at the end; inside over-wide bars
    // also after any note.
    var isCandidate = symbols.indices.map {
      symbols[$0].isBar && !symbols[$0].blocksBreak || symbols[$0].breakAfter || symbols[$0].mustBreak
    }
    isCandidate[count - 1] = true
    let isForced = symbols.indices.map { mode == .source && symbols[$0].breakAfter || symbols[$0].mustBreak }
    let measures = narrowing.map { narrowing in symbols.indices.map { width - narrowing($0) } }
    markInnerCandidates(&isCandidate, symbols: symbols, widths: &widths, measures: measures)
    // Looked up once per candidate end (signatures are rare, so this stays linear).
    let room = symbols.indices.map { isCandidate[$0] ? endRoom?($0) ?? 0 : 0 }

    var best = [Double].filled(.infinity, count: count + 1)
    var previous = [Int].filled(-1, count: count + 1)
    best[0] = 0
    // The symbols a line can start at: the first, and each one after a candidate end. Only
    // they are visited: a line's width is checked where it could start, not at every symbol
    // between (a start past the cut-off below costs infinity, so visiting one more changes
    // nothing).
    var starts = [0]
    for index in 0..<(count - 1) where isCandidate[index] { starts.append(index + 1) }
    var lastStart = 0
    // best[k]: cost of setting symbols[0..<k] with a break after symbol k - 1.
    for end in 0..<count where isCandidate[end] {
      // Read once per end (reading a symbol's kind in the loop below copied its payload).
      let isBarEnd = symbols[end].isBar
      let forcedEnd = isForced[end] || end == count - 1
      while lastStart + 1 < starts.count && starts[lastStart + 1] <= end { lastStart += 1 }
      for startIndex in stride(from: lastStart, through: 0, by: -1) {
        let start = starts[startIndex]
        if best[start] < .infinity {
          // The tune's last line is free to be short only when the source starts it: the
          // remainder of a split source line is weighed like any line (4 + 4, not 6 + 2).
          let startsSourceLine = start == 0 || isForced[start - 1]
          func costAt(_ measure: Double) -> Double {
            lineCost(
              symbols, widths: &widths, first: start, last: end, forcedEnd: forcedEnd,
              isLast: end == count - 1 && (startsSourceLine || mode == .optimal),
              isBarEnd: isBarEnd,
              width: measure)
          }
          // Weighed at the full width (the courtesy signs take their room from the stretch),
          // but a line too full to hold them even at its tightest is set only when nothing
          // else will do (they then run into the margin), rather than cut up note by note.
          let measure = width(from: start, measures)
          var cost = costAt(measure)
          if room[end] > 0 && cost < .infinity
            && widths.width(from: start, to: end, force: HorizontalSpacer.minimumForce) > measure - room[end]
          {
            cost += 1e5
          }
          if best[start] + cost < best[end + 1] {
            best[end + 1] = best[start] + cost
            previous[end + 1] = start
          }
        }
        // Lines only get wider as they start earlier: stop well past the measure.
        if start < end
          && widths.width(from: start, to: end, force: HorizontalSpacer.minimumForce) > width(
            from: start, measures)
            * 1.5
        {
          break
        }
        if start > 0 && isForced[start - 1] { break }
      }
    }
    var lines: [LinePlan] = []
    var end = count
    while end > 0 {
      let start = previous[end]
      guard start >= 0 else {
        // No feasible set of lines (cannot happen while every symbol is a candidate); fall
        // back to one symbol per line rather than loop.
        return symbols.indices.map { LinePlan(first: $0, last: $0) }
      }
      lines.append(LinePlan(first: start, last: end - 1))
      end = start
    }
    return lines.reversed()
  }

  func lineCost(
    _ symbols: [StaffSymbol], widths: inout LineWidths, first: Int, last: Int, forcedEnd: Bool, isLast: Bool,
    isBarEnd: Bool, width: Double
  ) -> Double {
    let natural = widths.width(from: first, to: last, force: 1)
    let breakPenalty: Double
    switch mode {
    case .source: breakPenalty = forcedEnd ? 0 : 1000
    case .optimal: breakPenalty = isLast ? 0 : 8
    }
    let innerPenalty = isBarEnd || isLast ? 0.0 : 5000
    if natural > width + 1e-6 {
      // Tighter than natural: allowed down to the minimum force, and costlier than
      // stretching by the same amount. Past that the line is overfull, acceptable only
      // for a single symbol that cannot be split.
      if widths.width(from: first, to: last, force: HorizontalSpacer.minimumForce) > width + 1e-6 {
        return first == last ? 1e7 : .infinity
      }
      let squeeze = (natural - width) / width
      return 400 * squeeze * squeeze + breakPenalty + innerPenalty
    }
    let stretch = (width - natural) / width
    if isLast && natural < width * stretchLast { return breakPenalty + innerPenalty }
    return 100 * stretch * stretch + breakPenalty + innerPenalty
  }

  /// Inside a bar that alone is wider than the page, allow breaks after each note.
  func markInnerCandidates(
    _ isCandidate: inout [Bool], symbols: [StaffSymbol], widths: inout LineWidths, measures: [Double]?
  ) {
    var barStart = 0
    for index in symbols.indices where isCandidate[index] {
      if index > barStart
        && widths.width(from: barStart, to: index, force: HorizontalSpacer.minimumForce)
          > width(from: barStart, measures)
      {
        for inner in barStart..<index where symbols[inner].isDurational {
          isCandidate[inner] = true
        }
      }
      barStart = index + 1
    }
  }
}
