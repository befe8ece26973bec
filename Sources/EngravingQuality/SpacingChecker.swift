import DisplayList
import Layout

/*
 SpacingChecker — score lines set too thin, and measures spread by text that did not need it.

 Method. Two checks that overlap cannot see:
   - underfilled split lines: from the engraver's `LineFill`s, a line that splits a source
     line (a break the source did not ask for before or after it) whose music takes under
     half its width at natural spacing — the ragged remainder of a greedy split;
   - text that widened a measure more than it needs: the tune is engraved twice, with its
     texts and without (chord symbols, annotations and lyrics taken out), and each line's
     measures are compared by their share of the line between its first and last bar
     line. A measure that grew by more than a staff space must hold two texts of one row
     that stand close (within two staff spaces, justification stretch allowed for: they
     would collide at the plain spacing), a
     text beside the staff (a `<` / `>` annotation beside its head), or a text the line's
     end holds back (in the last measure, reaching past its last note); else the text
     spread the notes for nothing.

     "Bbmaj7"B A G F |  — the chord overhangs A G F: the measure keeps its plain width
 Limits. Lines are compared only when both engravings break them alike (as many lines, the
 same bar lines of the source); only the first staff's bar lines are read.
 */

/// Finds spacing defects: underfilled split lines and measures widened by text.
public enum SpacingChecker {
  /// A measure that text widened, on a line of a tune.
  public struct WidenedMeasure: Sendable, CustomStringConvertible {
    public var line: Int
    public var measure: Int
    /// How much wider (points) it is than without its texts.
    public var growth: Double

    public var description: String {
      "textWidenedMeasure: line \(line + 1), measure \(measure + 1), \(Int(growth.rounded())) pt wider"
    }
  }

  /// The lines (indices) that split a source line and are filled under half.
  public static func underfilledSplitLines(_ fills: [LineFill]) -> [Int] {
    fills.indices.filter { fills[$0].splitsSourceLine && fills[$0].share < 0.5 }
  }

  /// Measures of `withText` wider than in `withoutText` (the same tune, texts taken out)
  /// by more than `space` points, with no texts in them that needed the room.
  public static func textWidenedMeasures(
    withText: DisplayList, withoutText: DisplayList, space: Double
  ) -> [WidenedMeasure] {
    let texted = lines(of: withText)
    let plain = lines(of: withoutText)
    guard texted.count == plain.count else { return [] }
    var found: [WidenedMeasure] = []
    for (line, (a, b)) in zip(texted, plain).enumerated() {
      // Alike means the same bar lines of the source, not only as many.
      guard a.bars.count == b.bars.count, a.bars.count >= 3, a.barSources == b.barSources else { continue }
      let spanA = a.bars[a.bars.count - 1] - a.bars[0]
      let spanB = b.bars[b.bars.count - 1] - b.bars[0]
      guard spanA > 0, spanB > 0 else { continue }
      for measure in 0..<(a.bars.count - 1) {
        let widthA = a.bars[measure + 1] - a.bars[measure]
        let widthB = (b.bars[measure + 1] - b.bars[measure]) * spanA / spanB
        let growth = widthA - widthB
        guard growth > space else { continue }
        let range = a.bars[measure]..<a.bars[measure + 1]
        // Its texts, and the next measure's: a text may overhang the bar line to the next.
        let reach = range.lowerBound..<a.bars[min(measure + 2, a.bars.count - 1)]
        let texts = a.texts.filter { reach.contains($0.box.minX) }
        // A text the line's end holds back (`"D.S."` reaching past the last note) needs its room.
        let lastHead = a.heads.filter { range.contains($0) }.max() ?? range.lowerBound
        let heldByEnd = measure == a.bars.count - 2 && texts.contains { $0.box.maxX > lastHead }
        if !heldByEnd && !needsRoom(texts, staff: a.staff, space: space) {
          found.append(WidenedMeasure(line: line, measure: measure, growth: growth))
        }
      }
    }
    return found
  }

  /// Whether texts of one measure needed room: two of a row within a staff space of
  /// each other, or one beside the staff.
  static func needsRoom(_ texts: [DisplayItem], staff: ClosedRange<Double>, space: Double) -> Bool {
    for (index, a) in texts.enumerated() {
      if a.box.maxY > staff.lowerBound && a.box.minY < staff.upperBound { return true }
      for b in texts[(index + 1)...] where a.role == b.role {
        let sameRow = a.box.minY < b.box.maxY && b.box.minY < a.box.maxY
        let gap = max(b.box.minX - a.box.maxX, a.box.minX - b.box.maxX)
        if sameRow && gap < 2 * space { return true }
      }
    }
    return false
  }

  /// One score line: its first staff's bar line xs, its heads' right edges, its texts and
  /// its staff's extent.
  struct Line {
    var bars: [Double] = []
    /// Where in the source the bar lines are written.
    var barSources: Set<SourcePosition> = []
    var heads: [Double] = []
    var texts: [DisplayItem] = []
    var staff: ClosedRange<Double> = 0...0
  }

  static let textRoles: Set<Role> = [.chordSymbol, .annotation, .lyric]

  /// The lines of a one-tune display list, in order.
  static func lines(of list: DisplayList) -> [Line] {
    var lines: [Int: Line] = [:]
    var order: [Int] = []
    for (page, item) in list.allItems {
      guard let number = item.context.line else { continue }
      let key = page * 100_000 + number
      if lines[key] == nil {
        lines[key] = Line()
        order.append(key)
      }
      if item.role == .barLine, item.context.staff ?? 0 == 0, case .line(let line) = item.shape {
        let x = line.from.x
        // The strokes of one double or repeat bar line count once.
        if !(lines[key]?.bars.contains { abs($0 - x) < 6 } ?? false) { lines[key]?.bars.append(x) }
        if let source = item.source { lines[key]?.barSources.insert(source) }
      } else if item.role == .notehead, item.context.staff ?? 0 == 0 {
        lines[key]?.heads.append(item.box.maxX)
      } else if textRoles.contains(item.role) {
        lines[key]?.texts.append(item)
      } else if item.role == .staffLine, item.context.staff ?? 0 == 0, let old = lines[key] {
        let y = item.box.midY
        lines[key]?.staff =
          old.staff == 0...0 ? y...y : min(old.staff.lowerBound, y)...max(old.staff.upperBound, y)
      }
    }
    return order.compactMap { key in
      lines[key].map {
        var line = $0
        line.bars.sort()
        return line
      }
    }
  }
}
