import DisplayList
import SMuFL
import ScoreModel

/// Where a note's stem runs, in staff spaces: its centre x and its two ends' y.
struct StemGeometry {
  var x: Double
  /// The end at the noteheads.
  var headY: Double
  /// The free end (at the beam or flag).
  var tipY: Double
  var up: Bool
}

/// Draws a note's heads, accidentals, dots, ledger lines, stem and flag.
///
/// Stems attach at the notehead's SMuFL `stemUpSE` / `stemDownNW` anchors and are 3.5
/// staff spaces long, lengthened to reach the middle line from ledger-line notes and for
/// flags beyond the semiquaver. Ledger lines extend `legerLineExtension` past the heads.
struct NoteDrawing {
  let font: MusicFont

  var headWidth: Double { font.advance(of: .noteheadBlack) ?? 1.18 }

  /// The stem of an unbeamed note at anchor x (a small note's is shorter by its size).
  func defaultStem(_ note: NoteSymbol, x: Double) -> StemGeometry? {
    guard note.value.hasStem, !note.isStemless else { return nil }
    if note.isCrossBeamed {
      // Short until the beam across the staves sets its length (the staves stack closer).
      return stem(note, x: x, tipPosition: Double(note.stemUp ? note.highest + 5 : note.lowest - 5))
    }
    let extra = Double(max(0, note.value.flagCount - 2)) * 0.5
    let length = (7 + extra * 2) * note.size
    if note.stemUp {
      let tip = max(Double(note.highest) + length, note.isSmall ? Double(note.highest) + length : 4)
      return stem(note, x: x, tipPosition: tip)
    }
    let tip = min(Double(note.lowest) - length, note.isSmall ? Double(note.lowest) - length : 4)
    return stem(note, x: x, tipPosition: tip)
  }

  /// A stem for the note reaching the given staff position (half spaces, may be fractional).
  func stem(_ note: NoteSymbol, x: Double, tipPosition: Double) -> StemGeometry {
    let glyph = note.notehead
    // The font has the glyph when it has its advance (the anchors read alone, not a copy of
    // the glyph's metrics).
    let hasHead = font.advance(of: glyph) != nil
    let outline = hasHead ? nil : NoteheadOutline.stemAnchors(of: glyph, headWidth: headWidth)
    let thickness = font.engravingDefaults.stemThickness
    let size = note.size
    if note.stemUp {
      let anchor = (hasHead ? font.stemUpSE(of: glyph) : nil) ?? outline?.up ?? (headWidth, 0.168)
      return StemGeometry(
        x: x + anchor.x * size - thickness / 2,
        headY: StaffCanvas.y(ofPosition: note.lowest) - anchor.y * size,
        tipY: StaffCanvas.y(ofPosition: tipPosition), up: true)
    }
    let anchor = (hasHead ? font.stemDownNW(of: glyph) : nil) ?? outline?.down ?? (0, -0.168)
    return StemGeometry(
      x: x + anchor.x * size + thickness / 2,
      headY: StaffCanvas.y(ofPosition: note.highest) - anchor.y * size,
      tipY: StaffCanvas.y(ofPosition: tipPosition), up: false)
  }

  @discardableResult
  func draw(
    _ note: NoteSymbol, x: Double, stem: StemGeometry?, drawFlag: Bool,
    on canvas: inout StaffCanvas, column: Int, source: SourcePosition?
  ) -> NoteGeometry {
    let before = canvas.items.count
    drawParts(note, x: x, stem: stem, drawFlag: drawFlag, on: &canvas, column: column, source: source)
    var top = Double.infinity
    var bottom = -Double.infinity
    // Read in place (a loop over the slice copied each item).
    for index in before..<canvas.items.count {
      top = min(top, canvas.items[index].box.minY)
      bottom = max(bottom, canvas.items[index].box.maxY)
    }
    if top > bottom { (top, bottom) = (0, 0) }
    let size = note.size
    let width = (font.advance(of: note.notehead) ?? headWidth) * size
    var rightmost = 0.0
    for index in note.heads.indices { rightmost = max(rightmost, note.heads[index].offset * size) }
    var rightEdge = (note.heads.isEmpty ? 0 : rightmost) + width
    if note.value.dots > 0 {
      rightEdge =
        firstDotX(
          note, x: 0, stem: stem.map { StemGeometry(x: $0.x - x, headY: $0.headY, tipY: $0.tipY, up: $0.up) })
        + Double(note.value.dots) * 0.55 * size
    }
    return NoteGeometry(
      x: x, headWidth: width, rightEdge: rightEdge,
      lowestPosition: note.heads.isEmpty ? 4 : note.heads[0].position,
      highestPosition: note.heads.isEmpty ? 4 : note.heads[note.heads.count - 1].position,
      stemUp: stem?.up ?? note.stemUp,
      hasStem: stem != nil, stemX: stem?.x ?? x + width / 2,
      stemTipY: stem?.tipY ?? StaffCanvas.y(ofPosition: note.stemUp ? note.highest : note.lowest),
      top: top / canvas.scale, bottom: bottom / canvas.scale)
  }

  private func drawParts(
    _ note: NoteSymbol, x: Double, stem: StemGeometry?, drawFlag: Bool,
    on canvas: inout StaffCanvas, column: Int, source: SourcePosition?
  ) {
    drawLedgerLines(note, x: x, on: &canvas, column: column, source: source)
    let glyph = note.notehead
    let size = note.size
    for head in note.heads {
      let y = StaffCanvas.y(ofPosition: head.position)
      canvas.glyph(
        head.glyph ?? glyph, x: x + head.offset * size, y: y, role: .notehead, column: column, source: source,
        size: size)
      if !head.isEditorial, let accidental = head.accidentalGlyph(in: font) {
        var cursor = x + head.accidentalOffset * size
        if head.isCautionary {
          canvas.glyph(
            .accidentalParensLeft, x: cursor, y: y, role: .accidental, column: column, source: source,
            size: size)
          cursor += (font.glyph(.accidentalParensLeft)?.advance ?? 0.4) * size
        }
        canvas.glyph(
          accidental, x: cursor, y: y, role: .accidental, column: column, source: source, size: size)
        if head.isCautionary {
          cursor += (font.glyph(accidental)?.advance ?? 1) * size
          canvas.glyph(
            .accidentalParensRight, x: cursor, y: y, role: .accidental, column: column, source: source,
            size: size)
        }
      }
    }
    drawDots(note, x: x, stem: stem, on: &canvas, column: column, source: source)
    guard let stem else { return }
    canvas.line(
      from: (stem.x, stem.headY), to: (stem.x, stem.tipY),
      thickness: font.engravingDefaults.stemThickness, role: .stem, column: column, source: source)
    if drawFlag, let flag = note.value.flag(up: stem.up), let metrics = font.glyph(flag) {
      let half = font.engravingDefaults.stemThickness / 2
      let anchor = metrics.anchor(stem.up ? "stemUpNW" : "stemDownSW") ?? (0, 0)
      canvas.glyph(
        flag, x: stem.x - half - anchor.x * size, y: stem.tipY + anchor.y * size, role: .flag, column: column,
        source: source, size: size)
    }
  }

  /// Where the note's first dot stands: a little right of the heads, and right of an
  /// up-stem note's flag when the dot would fall inside it (a dotted quaver on a line).
  func firstDotX(_ note: NoteSymbol, x: Double, stem: StemGeometry?) -> Double {
    let size = note.size
    let offset =
      note.heads.isEmpty ? 0 : note.heads.reduce(into: -Double.infinity) { $0 = max($0, $1.offset) }
    let right = offset * size + (font.advance(of: note.notehead) ?? 1.18) * size
    var dotX = x + right + 0.35 * size
    guard let stem, stem.up, note.beamGroup == nil, !note.isCrossBeamed,
      let flag = note.value.flag(up: true), let metrics = font.glyph(flag)
    else { return dotX }
    // The flag as `drawParts` places it.
    let anchor = metrics.anchor("stemUpNW") ?? (0, 0)
    let originX = stem.x - font.engravingDefaults.stemThickness / 2 - anchor.x * size
    let originY = stem.tipY + anchor.y * size
    let flagTop = originY - metrics.northEast.y * size
    let flagBottom = originY - metrics.southWest.y * size
    for position in dotPositions(note) {
      let y = StaffCanvas.y(ofPosition: position)
      if y - 0.25 < flagBottom && y + 0.25 > flagTop {
        dotX = max(dotX, originX + metrics.northEast.x * size + 0.2)
      }
    }
    return dotX
  }

  /// The staff positions of a note's dots: in the space of each head (a head on a line
  /// puts its dot in the space above), one dot per space.
  func dotPositions(_ note: NoteSymbol) -> [Int] {
    var positions: [Int] = []
    positions.reserveCapacity(note.heads.count)
    for head in note.heads.reversed() {
      var position = head.position % 2 == 0 ? head.position + 1 : head.position
      if positions.contains(position) { position -= 2 }
      guard !positions.contains(position) else { continue }
      positions.append(position)
    }
    return positions
  }

  func drawDots(
    _ note: NoteSymbol, x: Double, stem: StemGeometry?, on canvas: inout StaffCanvas, column: Int,
    source: SourcePosition?
  ) {
    guard note.value.dots > 0 else { return }
    let first = firstDotX(note, x: x, stem: stem)
    let size = note.size
    for position in dotPositions(note) {
      for dot in 0..<note.value.dots {
        canvas.glyph(
          .augmentationDot, x: first + Double(dot) * 0.55 * size,
          y: StaffCanvas.y(ofPosition: position), role: .dot, column: column, source: source, size: size)
      }
    }
  }

  func drawLedgerLines(
    _ note: NoteSymbol, x: Double, on canvas: inout StaffCanvas, column: Int, source: SourcePosition?
  ) {
    var (lowest, highest) = (Int.max, Int.min)
    var (leftmost, rightmost) = (Double.infinity, -Double.infinity)
    for index in note.heads.indices {
      let (position, offset) = (note.heads[index].position, note.heads[index].offset)
      (lowest, highest) = (min(lowest, position), max(highest, position))
      (leftmost, rightmost) = (min(leftmost, offset), max(rightmost, offset))
    }
    guard !note.heads.isEmpty, lowest <= -2 || highest >= 10 else { return }
    let size = note.size
    let overhang = font.engravingDefaults.legerLineExtension * size
    let width = (font.advance(of: note.notehead) ?? headWidth) * size
    LedgerLines.draw(
      lowest: lowest, highest: highest, left: x + leftmost * size - overhang,
      right: x + rightmost * size + width + overhang,
      on: &canvas, column: column, source: source)
  }

}
