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
    let startsHere = span.start >= first
    let endsHere = span.end <= last
    let left = startsHere ? xs[span.start - first] + symbols[span.start].right * 0.5 : xs[0] - 1.0
    let right = endsHere ? xs[span.end - first] - 0.15 : end
    guard right > left + 0.5 else { return }
    // Clear everything already drawn under the bracket, and stay off the staff.
    let scale = canvas.scale
    let inkTop =
      canvas.items.filter { $0.box.maxX > left * scale && $0.box.minX < right * scale }
      .map { $0.box.minY / scale }.min() ?? 0
    let y = min(inkTop - 1.2, -2.5)
    let thickness = font.engravingDefaults.repeatEndingLineThickness
    let hook = 2.0
    let column = startsHere ? span.start - first : nil
    canvas.line(from: (left, y), to: (right, y), thickness: thickness, role: .volta, column: column)
    if startsHere {
      canvas.line(from: (left, y), to: (left, y + hook), thickness: thickness, role: .volta, column: column)
      let text = span.label
      let extent = measurer.measure(text, font: labelFont)
      canvas.text(
        text, font: labelFont, x: left + 0.4, y: y + thickness + extent.ascent / scale, extent: extent,
        role: .volta, column: column)
    }
    if endsHere && span.isClosed {
      canvas.line(from: (right, y), to: (right, y + hook), thickness: thickness, role: .volta, column: column)
    }
  }
}
