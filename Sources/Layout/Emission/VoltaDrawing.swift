import DisplayList
import SMuFL

/// Draws volta brackets over endings, clearing the ink beneath them, and splits them
/// across score lines (a continued bracket has no start hook, a bracket that goes on has
/// no end hook).
struct VoltaDrawing {
  let font: MusicFont
  let labelFont: FontSpec
  let measurer: any TextMeasurer

  /// Where a bracket of `span` stands on a line: its ends, whether it starts, ends or
  /// closes there, and the height it needs to clear the ink below it and its label.
  struct Placement {
    var span: EndingSpan
    var left: Double
    var right: Double
    var startsHere: Bool
    var closes: Bool
    var y: Double
    var extent: TextExtent
  }

  /// Draws the parts of `spans` inside the line, every bracket at the height the highest
  /// of them needs (engravers align a line's voltas: a second ending raised by a word over
  /// its first note does not stand above the first); `xs` are the line's anchors from
  /// `first`.
  func draw(
    _ spans: [EndingSpan], symbols: [StaffSymbol], first: Int, last: Int, xs: [Double], end: Double,
    on canvas: inout StaffCanvas
  ) {
    let placements = spans.compactMap {
      place($0, symbols: symbols, first: first, last: last, xs: xs, end: end, canvas: canvas)
    }
    guard let y = placements.map(\.y).min() else { return }
    for placement in placements { draw(placement, y: y, first: first, on: &canvas) }
  }

  /// The part of `span` inside the line, nil when none of it is drawn there.
  func place(
    _ span: EndingSpan, symbols: [StaffSymbol], first: Int, last: Int, xs: [Double], end: Double,
    canvas: StaffCanvas
  ) -> Placement? {
    guard span.start <= last, span.end >= first, !xs.isEmpty else { return nil }
    // An ending closed by the bar that opens this line was finished on the line before.
    if span.end == first && span.start < first { return nil }
    // An ending opened by the bar that ends this line starts on the next line.
    if span.start == last && span.end > last { return nil }
    let startsHere = span.start >= first || span.start == first - 1
    let endsHere = span.end <= last
    let closesAtLineEnd = span.end == last + 1
    let left = span.start >= first ? xs[span.start - first] + symbols[span.start].right * 0.5 : xs[0] - 1.0
    let right = endsHere ? xs[span.end - first] - 0.15 : end
    guard right > left + 0.5 else { return nil }
    // Clear everything already drawn under the bracket and its label, and stay off the staff.
    let extent = measurer.measure(span.label, font: labelFont)
    let labelHeight = (extent.ascent + extent.descent) / canvas.scale
    let labelWidth = extent.width / canvas.scale
    var y = min(Self.inkTop(left, right, canvas) - 1.2, -2.5)
    if startsHere { y = min(y, Self.inkTop(left, left + labelWidth + 0.8, canvas) - labelHeight - 0.5) }
    return Placement(
      span: span, left: left, right: right, startsHere: startsHere,
      closes: (endsHere || closesAtLineEnd) && span.isClosed, y: y, extent: extent)
  }

  /// The top of the ink drawn between x0 and x1 (staff spaces), 0 (the top line) when none.
  static func inkTop(_ x0: Double, _ x1: Double, _ canvas: StaffCanvas) -> Double {
    let scale = canvas.scale
    return canvas.items.filter { $0.box.maxX > x0 * scale && $0.box.minX < x1 * scale }
      .map { $0.box.minY / scale }.min() ?? 0
  }

  /// Draws one bracket at height `y`, its hooks stopping short of any ink below them.
  func draw(_ placement: Placement, y: Double, first: Int, on canvas: inout StaffCanvas) {
    let (left, right, span) = (placement.left, placement.right, placement.span)
    let thickness = font.engravingDefaults.repeatEndingLineThickness
    let hook = 2.0
    let column = span.start >= first ? span.start - first : nil
    let below = (
      left: Self.inkTop(left - 0.3, left + 0.3, canvas), right: Self.inkTop(right - 0.3, right + 0.3, canvas)
    )
    canvas.line(from: (left, y), to: (right, y), thickness: thickness, role: .volta, column: column)
    if placement.startsHere {
      let end = max(y + 0.5, min(y + hook, below.left - 0.3))
      canvas.line(from: (left, y), to: (left, end), thickness: thickness, role: .volta, column: column)
      canvas.text(
        span.label, font: labelFont, x: left + 0.4, y: y + thickness + placement.extent.ascent / canvas.scale,
        extent: placement.extent, role: .volta, column: column)
    }
    if placement.closes {
      let end = max(y + 0.5, min(y + hook, below.right - 0.3))
      canvas.line(from: (right, y), to: (right, end), thickness: thickness, role: .volta, column: column)
    }
  }
}
