import DisplayList
import SMuFL

/// Draws rests: a glyph on its line, dots, and the H-bar of a multi-measure rest.
struct RestDrawing {
  let font: MusicFont

  func draw(_ rest: RestSymbol, x: Double, on canvas: inout StaffCanvas, column: Int, source: SourcePosition?)
  {
    guard rest.isVisible else { return }
    if let sign = rest.repeatSign {
      drawRepeatSign(sign, x: x, on: &canvas, column: column, source: source)
      return
    }
    if let count = rest.measureCount {
      drawMultiMeasureRest(count: count, x: x, on: &canvas, column: column, source: source)
      return
    }
    let glyph = rest.isWholeBar ? SMuFLGlyph.restWhole : rest.value.rest
    let position = (glyph == .restWhole || glyph == .restDoubleWhole ? 6 : 4) + rest.shift
    // A rest of a smaller voice (`%%voicescale`) shrinks towards its line.
    let size = rest.size
    canvas.glyph(
      glyph, x: x, y: StaffCanvas.y(ofPosition: position), role: .rest, column: column, source: source,
      size: size)
    guard !rest.isWholeBar else { return }
    for dot in 0..<rest.value.dots {
      canvas.glyph(
        .augmentationDot, x: x + ((font.glyph(glyph)?.advance ?? 1) + 0.35 + Double(dot) * 0.55) * size,
        y: StaffCanvas.y(ofPosition: 5 + rest.shift), role: .dot, column: column, source: source, size: size)
    }
  }

  /// The glyph of a `%%repeat` sign.
  static func glyph(for sign: RepeatSignShape) -> SMuFLGlyph {
    switch sign {
    case .bar: .repeat1Bar
    case .twoBars: .repeat2Bars
    case .slash: .repeatBarSlash
    }
  }

  /// A repeat sign on the middle line, a one-bar sign's number above the staff.
  func drawRepeatSign(
    _ sign: RepeatSignShape, x: Double, on canvas: inout StaffCanvas, column: Int, source: SourcePosition?
  ) {
    let glyph = Self.glyph(for: sign)
    canvas.glyph(glyph, x: x, y: 2, role: .rest, column: column, source: source)
    guard case .bar(let number?) = sign else { return }
    let digits = SMuFLGlyph.decimalDigits(number).map(SMuFLGlyph.tupletDigit)
    let width = digits.reduce(0) { $0 + (font.glyph($1)?.advance ?? 0.8) }
    var cursor = x + ((font.glyph(glyph)?.advance ?? 2) - width) / 2
    for digit in digits {
      canvas.glyph(digit, x: cursor, y: -1.2, role: .rest, column: column, source: source)
      cursor += font.glyph(digit)?.advance ?? 0.8
    }
  }

  /// An H-bar across the middle of the staff with the bar count above it.
  func drawMultiMeasureRest(
    count: Int, x: Double, on canvas: inout StaffCanvas, column: Int, source: SourcePosition?
  ) {
    let left = x + 0.5
    let right = x + 7.5
    canvas.polygon(
      [(left, 1.6), (right, 1.6), (right, 2.4), (left, 2.4)], role: .rest, column: column, source: source)
    let thin = font.engravingDefaults.thinBarlineThickness
    for edge in [left, right] {
      canvas.line(
        from: (edge, 1), to: (edge, 3), thickness: thin, role: .rest, column: column, source: source)
    }
    let digits = MeterDrawing.digits(count)
    let width = MeterDrawing.rowWidth(digits, font: font)
    var cursor = (left + right - width) / 2
    for digit in digits {
      canvas.glyph(digit, x: cursor, y: -1.4, role: .rest, column: column, source: source)
      cursor += font.glyph(digit)?.advance ?? 1.8
    }
  }
}
