import DisplayList
import SMuFL
import ScoreModel

/*
 Tablature — a string staff under the notes, with the fret of each note on its string.

 Method. The staff hangs below whatever ink the voice's staff already has (articulations,
 chord symbols written below), one line per string, the highest string on top, lines 1.5
 staff spaces apart as guitar tablature is printed. A "TAB" clef starts it; each note's
 fret numbers (from `Tablature.positions`: every head on its own string, as low on the neck
 as it goes, frets counted from a capo) are centred under the note's head, and the string
 line is broken around each number so the digits stand clear. Bar lines are repeated across
 the tablature. Heads tied from the note before show no new number: the string sounds on.

     notes   E,  A,  D   G   B   e            tab   e|--0--|
                                                    B|--0--|   …one number per string
 Limits. No rhythm stems on the tablature, no bends, slides or hammer-ons; a chord with more
 notes than strings leaves the extra notes out (`check` says so).
 */

extension MarkPlacement {
  /// The distance between string lines, in staff spaces.
  static let tabLineSpacing = 1.5

  /// Draws the tablature staff of `tablature` under the line's ink.
  mutating func placeTablature(_ tablature: Tablature, line: EngravedLine) {
    let strings = tablature.strings.count
    let spacing = Self.tabLineSpacing
    // A label stands over the first line's staff: the staff moves down to make room for it.
    let label = line.first == 0 ? tablature.label : nil
    let labelExtent = label.flatMap { $0.isEmpty ? nil : measurer.measure($0, font: style.annotationFont) }
    let labelHeight = labelExtent.map { ($0.ascent + $0.descent) / scale + 0.4 } ?? 0
    let top = max(below.reach(from: 0, to: line.end, floor: 4) + 1.2 + labelHeight, 6)
    let bottom = top + Double(strings - 1) * spacing
    let spec = FontSpec(family: style.annotationFont.family, size: 1.7 * scale)
    let sample = measurer.measure("0", font: spec)
    // Fret numbers, and for each string the spans its numbers keep clear.
    var gaps = [[(Double, Double)]](repeating: [], count: strings)
    for index in line.attached {
      let notes = line.symbols[index].attachments.tabNotes
      guard !notes.isEmpty, let centre = centre(of: index, line: line) else { continue }
      for note in notes {
        let text = String(note.fret)
        let extent = measurer.measure(text, font: spec)
        let width = extent.width / scale
        let y = top + Double(strings - 1 - note.string) * spacing
        let digitHeight = (sample.ascent * 0.72) / scale
        canvas.text(
          text, font: spec, x: centre - width / 2, y: y + digitHeight / 2, extent: extent, role: .tablature,
          column: line.column(of: index), source: line.symbols[index].source)
        gaps[note.string].append((centre - width / 2 - 0.2, centre + width / 2 + 0.2))
      }
    }
    let thickness = font.engravingDefaults.staffLineThickness
    for string in 0..<strings {
      let y = top + Double(strings - 1 - string) * spacing
      var x = 0.0
      for (x0, x1) in gaps[string].sorted(by: { $0.0 < $1.0 }) {
        if x0 > x { canvas.line(from: (x, y), to: (x0, y), thickness: thickness, role: .staffLine) }
        x = max(x, x1)
      }
      if x < line.end { canvas.line(from: (x, y), to: (line.end, y), thickness: thickness, role: .staffLine) }
    }
    drawTabBars(line: line, top: top, bottom: bottom)
    drawTabClef(strings: strings, top: top, bottom: bottom)
    if let label, let labelExtent {
      canvas.text(
        label, font: style.annotationFont, x: 0, y: top - 0.4 - labelExtent.descent / scale,
        extent: labelExtent,
        role: .annotation)
    }
    below.insert(x0: 0, x1: line.end, top: top, bottom: bottom + 0.4)
  }

  /// The line's bar lines again across the tablature (thin and thick strokes; no dots).
  mutating func drawTabBars(line: EngravedLine, top: Double, bottom: Double) {
    for index in line.indices where index <= line.last {
      guard case .bar(let bar) = line.symbols[index].kind, let x = line.x(of: index) else { continue }
      var cursor = x
      let parts = BarLineDrawing.parts(of: bar)
      for (position, part) in parts.enumerated() {
        let width = BarLineDrawing.partWidth(part, font: font)
        if part == .thin || part == .thick {
          canvas.line(
            from: (cursor + width / 2, top), to: (cursor + width / 2, bottom), thickness: width,
            role: .barLine,
            column: line.column(of: index), source: line.symbols[index].source)
        }
        cursor += width
        if position + 1 < parts.count {
          cursor += BarLineDrawing.separation(part, parts[position + 1], font: font)
        }
      }
    }
    let thin = font.engravingDefaults.thinBarlineThickness
    canvas.line(from: (thin / 2, top), to: (thin / 2, bottom), thickness: thin, role: .barLine)
  }

  /// "TAB" at the staff's start, sized to the staff (SMuFL's tab clefs).
  mutating func drawTabClef(strings: Int, top: Double, bottom: Double) {
    let glyph: SMuFLGlyph = strings >= 6 ? .sixStringTabClef : .fourStringTabClef
    if let metrics = font.glyph(glyph) {
      let size = (bottom - top) * 0.8 / metrics.height
      let middle = (top + bottom) / 2
      let y = middle + (metrics.northEast.y + metrics.southWest.y) / 2 * size
      canvas.glyph(glyph, x: 0.6, y: y, role: .clef, size: size)
    }
  }
}
