import DisplayList
import SMuFL

/// Draws volta brackets over endings, clearing the ink beneath them, and splits them
/// across score lines (a continued bracket has no start hook, a bracket that goes on has
/// no end hook).
struct VoltaDrawing {
  let font: MusicFont
  let labelFont: FontSpec
  let measurer: any TextMeasurer

  /// Draws the part of `span` inside the line; `xs` are the line's anchors from `first`.
  func draw(
    _ span: EndingSpan, symbols: [StaffSymbol], first: Int, last: Int, xs: [Double], end: Double,
    on canvas: inout StaffCanvas
  ) {
    guard span.start <= last, span.end >= first, !xs.isEmpty else { return }
    // An ending closed by the bar that opens this line was finished on the line before.
    if span.end == first && span.start < first { return }
    // An ending opened by the bar that ends this line starts on the next line.
    if span.start == last && span.end > last { return }
    let startsHere = span.start >= first || span.start == first - 1
    let endsHere = span.end <= last
    let closesAtLineEnd = span.end == last + 1
    let left = span.start >= first ? xs[span.start - first] + symbols[span.start].right * 0.5 : xs[0] - 1.0
    let right = endsHere ? xs[span.end - first] - 0.15 : end
    guard right > left + 0.5 else { return }
    // Clear everything already drawn under the bracket and its label, and stay off the staff.
    let scale = canvas.scale
    func inkTop(_ x0: Double, _ x1: Double) -> Double {
      canvas.items.filter { $0.box.maxX > x0 * scale && $0.box.minX < x1 * scale }
        .map { $0.box.minY / scale }.min() ?? 0
    }
    let text = span.label
    let extent = measurer.measure(text, font: labelFont)
    let labelHeight = (extent.ascent + extent.descent) / scale
    let labelWidth = extent.width / scale
    var y = min(inkTop(left, right) - 1.2, -2.5)
    if startsHere { y = min(y, inkTop(left, left + labelWidth + 0.8) - labelHeight - 0.5) }
    let thickness = font.engravingDefaults.repeatEndingLineThickness
    let hook = 2.0
    let column = span.start >= first ? span.start - first : nil
    // Hooks stop short of any ink below them.
    let below = (left: inkTop(left - 0.3, left + 0.3), right: inkTop(right - 0.3, right + 0.3))
    canvas.line(from: (left, y), to: (right, y), thickness: thickness, role: .volta, column: column)
    if startsHere {
      let end = max(y + 0.5, min(y + hook, below.left - 0.3))
      canvas.line(from: (left, y), to: (left, end), thickness: thickness, role: .volta, column: column)
      canvas.text(
        text, font: labelFont, x: left + 0.4, y: y + thickness + extent.ascent / scale, extent: extent,
        role: .volta, column: column)
    }
    if (endsHere || closesAtLineEnd) && span.isClosed {
      let end = max(y + 0.5, min(y + hook, below.right - 0.3))
      canvas.line(from: (right, y), to: (right, end), thickness: thickness, role: .volta, column: column)
    }
  }
}
