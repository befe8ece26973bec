import DisplayList
import SMuFL
import ScoreModel

/*
 Lines between notes: octave lines (`!8va(!` … `!8va)!`) and glissandos (`!-(!` … `!-)!`).

 Method. An octave line starts with its sign (8va, 8vb, 15ma) beside the first note's x,
 outside the ink already placed, and runs dashed to the end note, with a short hook
 towards the staff; one still open at the line's end runs to it, and one closed in a line
 it did not open in starts at that line's music. (The notes under the line are drawn an
 octave away by `SymbolBuilder`; they still sound as written.) A glissando is a straight
 (or wavy) line from one head to the next, between the heads' edges.

     !8va(!c'd'e'f' !8va)!g'   →   8va- - - - - - -┐ over notes drawn an octave lower
 */

extension MarkPlacement {
  mutating func placeLines(line: EngravedLine) {
    var ottava: (index: Int, glyph: SMuFLGlyph, above: Bool)?
    var glissando: (index: Int, wavy: Bool)?
    var trill: Int?
    var ottavaClosed = false
    var trillClosed = false
    for index in line.attached {
      // Both kinds of line open and close with a parenthesis (`!8va(!`, `!-)!`).
      for decoration in line.symbols[index].attachments.decorations
      where decoration.name.utf8.last == UInt8(ascii: "(") || decoration.name.utf8.last == UInt8(ascii: ")") {
        switch DecorationTable.kind(of: decoration.name) {
        case .ottavaStart(let glyph, let above, _):
          ottava = (index, glyph, above)
        case .ottavaEnd:
          ottavaClosed = true
          if let start = ottava
            ?? line.spans.openedOttava(before: line.first).map({ (line.first, $0.glyph, $0.above) })
          {
            drawOttava(
              start.glyph, above: start.above, from: start.index, to: index, closed: true, line: line)
          }
          ottava = nil
        case .trillStart:
          trill = index
        case .trillEnd:
          trillClosed = true
          if let start = trill ?? (line.spans.openedTrill(before: line.first) ? line.first - 1 : nil) {
            drawTrillLine(from: start, to: index, line: line, source: decoration.range.position)
          }
          trill = nil
        case .glissandoStart(let wavy):
          glissando = (index, wavy)
        case .glissandoEnd:
          if let start = glissando, let from = line.notes[start.index], let to = line.notes[index] {
            drawGlissando(
              from: from, to: to, wavy: start.wavy, column: line.column(of: start.index),
              source: decoration.range.position)
          }
          glissando = nil
        default:
          continue
        }
      }
    }
    if let start = ottava {
      drawOttava(start.glyph, above: start.above, from: start.index, to: line.last, closed: false, line: line)
    } else if !ottavaClosed, let start = line.spans.openedOttava(before: line.first) {
      // Opened in a line before and closed in a line after: it spans this whole line.
      drawOttava(start.glyph, above: start.above, from: line.first, to: line.last, closed: false, line: line)
    }
    if let start = trill
      ?? (!trillClosed && line.spans.openedTrill(before: line.first) ? line.first - 1 : nil)
    {
      drawTrillLine(from: start, to: nil, line: line, source: nil)
    }
  }

  /// A trill's wavy line (`!trill(!` … `!trill)!`): from its "tr" (drawn with the
  /// ornaments), at the sign's height, to where the last note under it ends — the next
  /// symbol, or the line's end when it goes on. `start` before the line's first symbol is a
  /// line carried over from the line before: it begins at the music.
  mutating func drawTrillLine(from start: Int, to end: Int?, line: EngravedLine, source: SourcePosition?) {
    guard let wiggle = font.glyph(.wiggleTrill), wiggle.advance > 0 else { return }
    var x0: Double
    var middle: Double
    if start >= line.first, let x = centre(of: start, line: line), let sign = font.glyph(.ornamentTrill) {
      let half = sign.width / 2
      let top = above.reach(from: x - half, to: x + half, floor: 0)
      middle = top + sign.height / 2
      x0 = x + half + 0.2
    } else {
      x0 = line.musicStart + 0.3
      middle = above.reach(from: x0, to: x0 + 2, floor: -1) - 0.8
    }
    var x1 = line.end - 0.5
    if let end, end + 1 <= line.last, let next = line.x(of: end + 1) { x1 = next - 0.6 }
    guard x1 > x0 + wiggle.advance else { return }
    // Level with the sign, but above any ink the line passes over.
    let half = (wiggle.northEast.y - wiggle.southWest.y) / 2
    middle = min(middle, above.reach(from: x0, to: x1, floor: 0) - 0.3 - half)
    let baseline = middle + (wiggle.northEast.y + wiggle.southWest.y) / 2
    let count = Int(((x1 - x0) / wiggle.advance).rounded())
    for step in 0..<count {
      canvas.glyph(
        .wiggleTrill, x: x0 + Double(step) * wiggle.advance, y: baseline, role: .decoration,
        column: line.column(of: max(start, line.first)), source: source)
    }
    let top = baseline - wiggle.northEast.y
    above.insert(
      x0: x0, x1: x0 + Double(count) * wiggle.advance, top: top, bottom: baseline - wiggle.southWest.y)
  }

  /// The sign at the first note and a dashed line to the last, outside the ink between.
  mutating func drawOttava(
    _ glyph: SMuFLGlyph, above side: Bool, from first: Int, to last: Int, closed: Bool, line: EngravedLine
  ) {
    guard let metrics = font.glyph(glyph) else { return }
    let size = 0.8
    let x0 = first == line.first && line.notes[first] == nil ? line.musicStart : (line.x(of: first) ?? 0)
    let lastX = line.notes[last].map { $0.x + $0.headWidth } ?? (line.x(of: last) ?? x0) + 1
    let x1 = closed ? lastX : line.end - 0.3
    let height = metrics.height * size
    let column = line.column(of: first)
    let source = line.symbols[first].source
    let box =
      side
      ? above.place(from: x0, to: max(x1, x0 + metrics.width * size), height: height, padding: 0.6, floor: 0)
      : below.place(from: x0, to: max(x1, x0 + metrics.width * size), height: height, padding: 0.6, floor: 4)
    canvas.glyph(
      glyph, x: x0 - metrics.southWest.x * size, y: box.bottom + metrics.southWest.y * size,
      role: .decoration,
      column: column, source: source, size: size)
    let lineY = side ? box.top + height * 0.35 : box.bottom - height * 0.35
    let dashStart = x0 + metrics.width * size + 0.4
    if x1 > dashStart + 0.5 {
      canvas.line(
        from: (dashStart, lineY), to: (x1, lineY), thickness: 0.12, role: .decoration, column: column,
        source: source, dash: 0.5)
      if closed {
        let hook = side ? 0.9 : -0.9
        canvas.line(
          from: (x1, lineY), to: (x1, lineY + hook), thickness: 0.12, role: .decoration, column: column,
          source: source)
      }
    }
    let top = min(box.top, lineY - 0.2)
    let bottom = max(box.bottom, lineY + 0.2)
    if side {
      below.insert(x0: x0, x1: x1, top: top, bottom: bottom)
    } else {
      above.insert(x0: x0, x1: x1, top: top, bottom: bottom)
    }
    addToSkylines(
      Rect(x: x0 * scale, y: top * scale, width: (x1 - x0) * scale, height: (bottom - top) * scale))
  }

  /// A line between two heads: straight, or a wave (`!~(!`).
  mutating func drawGlissando(
    from start: NoteGeometry, to end: NoteGeometry, wavy: Bool, column: Int?, source: SourcePosition?
  ) {
    let x0 = start.x + start.rightEdge + 0.3
    let x1 = end.x - 0.4
    guard x1 > x0 + 0.5 else { return }
    let y0 = start.lowestY
    let y1 = end.lowestY
    guard wavy else {
      canvas.line(
        from: (x0, y0), to: (x1, y1), thickness: 0.14, role: .decoration, column: column, source: source)
      return
    }
    let length = ((x1 - x0) * (x1 - x0) + (y1 - y0) * (y1 - y0)).squareRoot()
    let waves = max(2, Int(length / 0.6))
    let (dx, dy) = ((x1 - x0) / Double(waves), (y1 - y0) / Double(waves))
    let (nx, ny) = (-(y1 - y0) / length * 0.25, (x1 - x0) / length * 0.25)
    var points: [PathSegment] = [.move(canvas.point(x0, y0))]
    for step in 1...waves {
      let side = step % 2 == 0 ? -1.0 : 1.0
      let x = x0 + dx * Double(step) - dx / 2 + nx * side
      let y = y0 + dy * Double(step) - dy / 2 + ny * side
      points.append(.line(canvas.point(x, y)))
    }
    points.append(.line(canvas.point(x1, y1)))
    canvas.path(points, strokeWidth: 0.14, dash: nil, role: .decoration, column: column, source: source)
  }

  /// `!editorial!`: the note's accidentals small above it, outside the ink.
  mutating func placeEditorialAccidentals(_ note: NoteSymbol, centre x: Double, floor: Double, column: Int?) {
    for head in note.heads.reversed() {
      guard let glyph = head.accidentalGlyph(in: font) else { continue }
      placeGlyph(
        glyph, centre: x, side: .above, floor: floor, padding: 0.4, role: .accidental, column: column,
        source: nil, size: 0.75)
    }
  }
}
