import DisplayList
import SMuFL
import ScoreModel

/// Draws one score line: staff lines, the line start, every symbol, stems and beams.
struct SystemEngraver {
  let font: MusicFont
  let scale: Double
  let setup: PageSetup
  let measurer: any TextMeasurer

  func engrave(
    symbols: [StaffSymbol], plan: LinePlan, start: LineStart, xs: [Double], end: Double,
    endings: [EndingSpan], context: ItemContext
  ) -> StaffSystem {
    var canvas = StaffCanvas(font: font, scale: scale, context: context)
    let staffThickness = font.engravingDefaults.staffLineThickness
    for line in 0..<5 {
      let y = Double(line)
      canvas.line(from: (0, y), to: (end, y), thickness: staffThickness, role: .staffLine)
    }
    ClefDrawing.draw(start.clef, x: start.clefX, on: &canvas)
    KeyDrawing.draw(start.key, cancel: nil, clef: start.clef, x: start.keyX, on: &canvas)
    if let meter = start.meter { MeterDrawing.draw(meter, x: start.meterX, on: &canvas) }

    let notes = NoteDrawing(font: font)
    let beams = BeamPlacement(font: font, drawing: notes)
    var group: [(note: NoteSymbol, x: Double, column: Int, source: SourcePosition?)] = []
    var groupNumber: Int?
    func flushGroup() {
      if group.count == 1, let only = group.first {
        let stem = notes.defaultStem(only.note, x: only.x)
        notes.draw(
          only.note, x: only.x, stem: stem, drawFlag: true, on: &canvas, column: only.column,
          source: only.source)
      } else if !group.isEmpty {
        beams.draw(group: group, on: &canvas)
      }
      group = []
      groupNumber = nil
    }

    for (column, index) in (start.firstSymbol...max(start.firstSymbol, plan.last)).enumerated()
    where index <= plan.last && column < xs.count {
      let symbol = symbols[index]
      let x = xs[column]
      if case .note(let note) = symbol.kind, let number = note.beamGroup {
        if groupNumber != number { flushGroup() }
        groupNumber = number
        group.append((note, x, column, symbol.source))
        continue
      }
      flushGroup()
      switch symbol.kind {
      case .note(let note):
        notes.draw(
          note, x: x, stem: notes.defaultStem(note, x: x), drawFlag: true, on: &canvas,
          column: column, source: symbol.source)
      case .rest(let rest):
        drawRest(rest, x: x, on: &canvas, column: column, source: symbol.source)
      case .bar(let bar):
        BarLineDrawing.draw(bar, x: x, on: &canvas, column: column, source: symbol.source)
      case .clef(let clef):
        ClefDrawing.draw(clef, x: x, on: &canvas, column: column, source: symbol.source, size: 0.8)
      case .key(let key, let cancel):
        KeyDrawing.draw(
          key, cancel: cancel, clef: symbol.clef, x: x, on: &canvas, column: column,
          source: symbol.source)
      case .meter(let meter):
        MeterDrawing.draw(meter, x: x, on: &canvas, column: column, source: symbol.source)
      }
    }
    flushGroup()
    let volta = VoltaDrawing(font: font, labelFont: setup.voltaFont, measurer: measurer)
    for span in endings {
      volta.draw(
        span, symbols: symbols, first: start.firstSymbol, last: plan.last, xs: xs, end: end, on: &canvas)
    }
    return StaffSystem(items: canvas.items, staffHeight: 4 * scale)
  }

  func drawRest(
    _ rest: RestSymbol, x: Double, on canvas: inout StaffCanvas, column: Int, source: SourcePosition?
  ) {
    guard rest.isVisible else { return }
    if let count = rest.measureCount {
      drawMultiMeasureRest(count: count, x: x, on: &canvas, column: column, source: source)
      return
    }
    let glyph = rest.value.rest
    let position = glyph == .restWhole || glyph == .restDoubleWhole ? 6 : 4
    canvas.glyph(
      glyph, x: x, y: StaffCanvas.y(ofPosition: position), role: .rest, column: column, source: source)
    for dot in 0..<rest.value.dots {
      canvas.glyph(
        .augmentationDot, x: x + (font.glyph(glyph)?.advance ?? 1) + 0.35 + Double(dot) * 0.55,
        y: StaffCanvas.y(ofPosition: 5), role: .dot, column: column, source: source)
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
