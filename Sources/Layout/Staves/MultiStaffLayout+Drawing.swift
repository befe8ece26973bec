import DisplayList
import SMuFL
import ScoreModel

extension MultiStaffLayout {
  /// Draws one voice of a line at its columns' xs onto its staff's canvas.
  func drawVoice(
    _ voice: Int, symbols: [StaffSymbol], columns: [ColumnMerger.Column], line: LinePlan, start: LineStart,
    columnXs: [Double], from firstColumn: Int, end: Double, endings: [EndingSpan], drawsStaff: Bool,
    isTop: Bool, on canvas: inout StaffCanvas
  ) {
    var voiceFormat = format
    if !isTop { voiceFormat.measureNumberInterval = nil }
    let engraver = SystemEngraver(
      font: font, scale: scale, setup: layout.setup, style: layout.style, format: voiceFormat,
      measurer: layout.measurer)
    var indices: [(index: Int, x: Double)] = []
    if firstColumn <= line.last {
      for column in firstColumn...line.last where column - firstColumn < columnXs.count {
        if let member = columns[column].members[voice] {
          indices.append((member, columnXs[column - firstColumn]))
        }
      }
    }
    guard let first = indices.first?.index, let last = indices.last?.index,
      indices.count == last - first + 1
    else {
      if drawsStaff { engraver.drawStaff(start: start, end: end, on: &canvas) }
      return
    }
    var voiceStart = start
    voiceStart.firstSymbol = first
    engraver.draw(
      symbols: symbols, plan: LinePlan(first: first, last: last), start: voiceStart, xs: indices.map(\.x),
      end: end, endings: endings, drawsStaff: drawsStaff, on: &canvas)
  }
}
