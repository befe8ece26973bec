import DisplayList
import ScoreModel

/*
 Chord diagrams — a fretboard over each chord symbol (abc2svg's `%%diagram`).

 Method. Once a line's chord symbols stand on their baseline, each symbol whose chord the
 instrument can play (`Fretboard.fingering`) gets a diagram centred over it: strings as
 vertical lines, four frets as horizontal ones (the nut thick when the shape starts at
 the first fret, else the fret written beside the top row), a dot on each stopped string,
 a bar across a barre, `o` over an open string and `×` over one not played. The diagrams
 of a line share one bottom, above the chord symbols and the ink under them, so they read
 as a row. A symbol that repeats the chord before it on the line is named but not drawn
 again; spacing leaves room for the others (`SymbolBuilder.reserveChordDiagrams`).

     [o    o]       C  (x32010)
     ╒═╤═╤═╤═╕
     │ │ │ ● │
     │ │ ● │ │
     │ ● │ │ │
     C

 Limits. One shape per chord; fingers are not numbered.
 */

extension MarkPlacement {
  /// Geometry of a diagram, in staff spaces.
  static let diagramStringGap = 0.8
  static let diagramFretGap = 0.95
  static let diagramFrets = 4
  /// Room right of a diagram for its fret label (`5fr`), and the least gap between two.
  static let diagramLabelRoom = 1.2
  static let diagramGap = 0.6

  /// Draws the diagrams over a line's chord symbols: `entries` are the symbols placed,
  /// with their x, width, top (staff spaces) and text.
  mutating func placeChordDiagrams(
    _ entries: [(text: String, x: Double, width: Double, top: Double, column: Int?, source: SourcePosition)],
    instrument: FrettedInstrument
  ) {
    let strings = instrument.tuning.count
    let width = Double(strings - 1) * Self.diagramStringGap
    let height = Double(Self.diagramFrets) * Self.diagramFretGap
    var drawn: [(entry: Int, shape: ChordFingering, left: Double)] = []
    var previousText: String?
    var previousRight = -Double.infinity
    for (index, entry) in entries.enumerated() {
      defer { previousText = entry.text }
      guard entry.text != previousText,
        let shape = Fretboard.fingering(
          for: entry.text, on: instrument, definitions: style.chordDefinitions)
      else { continue }
      let left = entry.x + entry.width / 2 - width / 2
      // Spacing keeps drawn diagrams apart (`SymbolBuilder.reserveChordDiagrams`); this
      // guards a line squeezed past its rods.
      guard left > previousRight + Self.diagramGap - 0.05 else { continue }
      drawn.append((index, shape, left))
      previousRight = left + width + (shape.diagramStart > 1 ? Self.diagramLabelRoom : 0)
    }
    guard !drawn.isEmpty else { return }
    // One bottom for the row: over the symbols and whatever ink stands above them.
    var bottom = entries.map(\.top).min() ?? 0
    for item in drawn {
      bottom = min(bottom, above.reach(from: item.left - 0.3, to: item.left + width + 0.3, floor: bottom))
    }
    bottom -= 0.5
    let top = bottom - height
    for item in drawn {
      let entry = entries[item.entry]
      drawDiagram(
        item.shape, left: item.left, top: top, strings: strings, column: entry.column, source: entry.source)
      let right = item.left + width + (item.shape.diagramStart > 1 ? Self.diagramLabelRoom : 0)
      above.insert(x0: item.left - 0.3, x1: right + 0.3, top: top - 0.9, bottom: bottom)
    }
  }

  /// One diagram with its top-left string at (left, top).
  private mutating func drawDiagram(
    _ shape: ChordFingering, left: Double, top: Double, strings: Int, column: Int?, source: SourcePosition
  ) {
    let gap = Self.diagramStringGap
    let fret = Self.diagramFretGap
    let frets = Self.diagramFrets
    let right = left + Double(strings - 1) * gap
    let bottom = top + Double(frets) * fret
    let start = shape.diagramStart
    for row in 0...frets {
      let y = top + Double(row) * fret
      let thickness = row == 0 && start == 1 ? 0.3 : 0.07
      canvas.line(
        from: (left, y), to: (right, y), thickness: thickness, role: .chordSymbol, column: column,
        source: source)
    }
    for string in 0..<strings {
      let x = left + Double(string) * gap
      canvas.line(
        from: (x, top), to: (x, bottom), thickness: 0.07, role: .chordSymbol, column: column, source: source)
    }
    if start > 1 {
      let font = FontSpec(family: style.fingeringFont.family, size: style.fingeringFont.size * 0.9)
      let label = "\(start)fr"
      let extent = measurer.measure(label, font: font)
      canvas.text(
        label, font: font, x: right + 0.3, y: top + fret * 0.5 + extent.ascent / scale * 0.4, extent: extent,
        role: .chordSymbol, column: column, source: source)
    }
    let barre = shape.barre
    if let barre {
      let y = top + (Double(barre.fret - start) + 0.5) * fret
      canvas.line(
        from: (left + Double(barre.from) * gap, y), to: (left + Double(barre.to) * gap, y), thickness: 0.42,
        role: .chordSymbol, column: column, source: source)
    }
    for (string, stopped) in shape.frets.enumerated() {
      let x = left + Double(string) * gap
      switch stopped {
      case nil:
        let size = 0.2
        let y = top - 0.45
        canvas.line(
          from: (x - size, y - size), to: (x + size, y + size), thickness: 0.07, role: .chordSymbol,
          column: column, source: source)
        canvas.line(
          from: (x - size, y + size), to: (x + size, y - size), thickness: 0.07, role: .chordSymbol,
          column: column, source: source)
      case 0?:
        circle(x: x, y: top - 0.45, radius: 0.2, filled: false, column: column, source: source)
      case let number?:
        if let barre, barre.fret == number, (barre.from...barre.to).contains(string) { continue }
        let y = top + (Double(number - start) + 0.5) * fret
        circle(x: x, y: y, radius: 0.3, filled: true, column: column, source: source)
      }
    }
  }

  /// A circle of four Bézier quarters, filled or stroked thin.
  private mutating func circle(
    x: Double, y: Double, radius: Double, filled: Bool, column: Int?, source: SourcePosition
  ) {
    let k = 0.5523 * radius
    let scale = self.scale
    let p = { (dx: Double, dy: Double) in Point(x: (x + dx) * scale, y: (y + dy) * scale) }
    let segments: [PathSegment] = [
      .move(p(radius, 0)),
      .curve(p(radius, k), p(k, radius), p(0, radius)),
      .curve(p(-k, radius), p(-radius, k), p(-radius, 0)),
      .curve(p(-radius, -k), p(-k, -radius), p(0, -radius)),
      .curve(p(k, -radius), p(radius, -k), p(radius, 0)),
      .close,
    ]
    canvas.path(
      segments, strokeWidth: filled ? nil : 0.07, dash: nil, role: .chordSymbol, column: column,
      source: source)
  }
}
