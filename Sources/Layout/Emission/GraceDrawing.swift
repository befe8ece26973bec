import DisplayList
import SMuFL
import ScoreModel

/// Draws grace notes: small heads with stems up, a flag or a beam, and a slash through
/// the stem of an acciaccatura.
enum GraceDrawing {
  static let size = 0.62
  static let step = 1.05

  /// The width a grace group takes before its main note, in staff spaces.
  static func width(of group: GraceGroup, font: MusicFont) -> Double {
    var width = 0.0
    for note in group.notes {
      width += step
      if note.heads.contains(where: { $0.accidental != nil }) {
        width += (font.glyph(.accidentalSharp)?.advance ?? 1) * size + 0.1
      }
    }
    return width + 0.2
  }

  /// The room kept between a grace group and its main chord's arpeggio: the arpeggio's own
  /// and, for a lone grace note, its flag's overhang past the group's width.
  static func arpeggioRoom(after group: GraceGroup) -> Double {
    SymbolBuilder.arpeggioRoom + (group.notes.count == 1 ? 0.3 : 0)
  }

  /// Draws the group so it ends at `rightEdge`; returns where a slur to the main note
  /// starts: under the last grace note's lowest head (staff spaces).
  @discardableResult
  static func draw(
    _ group: GraceGroup, rightEdge: Double, clef: Clef, on canvas: inout StaffCanvas, column: Int,
    source: SourcePosition?
  ) -> (x: Double, y: Double)? {
    let font = canvas.font
    let headWidth = (font.glyph(.noteheadBlack)?.advance ?? 1.18) * size
    let accidentalWidth = (font.glyph(.accidentalSharp)?.advance ?? 1) * size
    var x = rightEdge - width(of: group, font: font) + 0.1
    var stems: [(x: Double, headY: Double, position: Int)] = []
    let thickness = font.engravingDefaults.stemThickness * 0.8
    for note in group.notes {
      let heads = note.heads.map { (clef.staffPosition(of: $0.pitch), $0.accidental) }
      if heads.contains(where: { $0.1 != nil }) { x += accidentalWidth + 0.1 }
      for (position, accidental) in heads {
        let y = StaffCanvas.y(ofPosition: position)
        canvas.glyph(.noteheadBlack, x: x, y: y, role: .notehead, column: column, source: source, size: size)
        if let accidental {
          canvas.glyph(
            accidental.glyph, x: x - accidentalWidth - 0.1, y: y, role: .accidental, column: column,
            source: source, size: size)
        }
        LedgerLines.draw(
          lowest: position, highest: position, left: x - 0.25, right: x + headWidth + 0.25, on: &canvas,
          column: column,
          source: source)
      }
      let top = heads.map(\.0).max() ?? 4
      stems.append(
        (x + headWidth - thickness / 2, StaffCanvas.y(ofPosition: heads.map(\.0).min() ?? 4) - 0.1, top))
      x += step
    }
    guard let first = stems.first, let last = stems.last else { return nil }
    let flags = max(1, NoteValue(duration: group.notes.first?.duration ?? Rational(1, 8)).flagCount)
    // The beam follows the run (half the interval of its outer notes, at most a space),
    // level for a concave or zig-zag run, like a main beam; every stem keeps 2.6 spaces
    // and reaches above the middle line.
    let positions = stems.map { Double($0.position) }
    var rise = -max(-2, min(2, (positions[positions.count - 1] - positions[0]) / 2)) / 2
    let inner = positions.dropFirst().dropLast()
    if let peak = inner.max(), peak > max(positions[0], positions[positions.count - 1]) { rise = 0 }
    if BeamPlacement.turns(positions) >= 2 { rise = 0 }
    let slope = stems.count > 1 ? rise / max(last.x - first.x, 0.01) : 0
    var tipY = Double.infinity
    for stem in stems {
      let offset = slope * (stem.x - first.x)
      tipY = min(
        tipY, StaffCanvas.y(ofPosition: stem.position) - 2.6 - offset,
        StaffCanvas.y(ofPosition: 4) - 0.2 - offset)
    }
    func tip(_ x: Double) -> Double { tipY + slope * (x - first.x) }
    for stem in stems {
      canvas.line(
        from: (stem.x, stem.headY), to: (stem.x, tip(stem.x)), thickness: thickness, role: .stem,
        column: column,
        source: source)
    }
    if stems.count == 1 {
      let flag =
        NoteValue(duration: group.notes.first?.duration ?? Rational(1, 8)).flag(up: true) ?? .flag8thUp
      canvas.glyph(
        flag, x: first.x - thickness / 2, y: tipY, role: .flag, column: column, source: source, size: size)
    } else {
      let beam = font.engravingDefaults.beamThickness * size
      for level in 0..<min(flags, 3) {
        let drop = Double(level) * beam * 1.6
        let (x0, x1) = (first.x - thickness / 2, last.x + thickness / 2)
        canvas.polygon(
          [
            (x0, tip(x0) + drop), (x1, tip(x1) + drop), (x1, tip(x1) + drop + beam),
            (x0, tip(x0) + drop + beam),
          ],
          role: .beam, column: column, source: source)
      }
    }
    if group.isAcciaccatura {
      canvas.line(
        from: (first.x - 0.55, tipY + 1.6), to: (first.x + 0.75, tipY + 0.5), thickness: thickness,
        role: .flag, column: column, source: source)
    }
    return (last.x - headWidth / 2, last.headY + 0.45)
  }

  /// Ties from the last grace note's tied heads to the main note's heads of the same pitch
  /// (a grace chord held into the note), short curves beside the heads.
  static func drawTies(
    _ group: GraceGroup, rightEdge: Double, toHeadsAt x: Double, positions: [Int], clef: Clef,
    on canvas: inout StaffCanvas, column: Int, source: SourcePosition?
  ) {
    guard let last = group.notes.last else { return }
    let headWidth = (canvas.font.glyph(.noteheadBlack)?.advance ?? 1.18) * size
    let graceX = rightEdge - headWidth + 0.1
    for head in last.heads where head.isTiedToNext {
      let position = clef.staffPosition(of: head.pitch)
      guard positions.contains(position), x - 0.15 > graceX + headWidth + 0.2 else { continue }
      let y = StaffCanvas.y(ofPosition: position) + 0.35
      CurveDrawing(font: canvas.font).draw(
        from: (graceX + headWidth * 0.8, y), to: (x + 0.1, y), height: 0.25, isTie: true, isDotted: false,
        role: .tie, on: &canvas, column: column, source: source)
    }
  }

  /// abcm2ps's grace slur (on unless `%%graceslurs 0`): a small curve from under the last
  /// grace note to under the main note's lowest head.
  static func drawSlur(
    from start: (x: Double, y: Double), toHeadAt x: Double, lowest: Int, on canvas: inout StaffCanvas,
    column: Int, source: SourcePosition?
  ) {
    let end = (x + 0.25, StaffCanvas.y(ofPosition: lowest) + 0.55)
    guard end.0 > start.x + 0.3 else { return }
    CurveDrawing(font: canvas.font).draw(
      from: (start.x, start.y), to: end, height: 0.3, isTie: true, isDotted: false, role: .slur, on: &canvas,
      column: column, source: source)
  }
}

/// Draws ledger lines for staff positions outside the staff.
enum LedgerLines {
  /// The ledger lines heads from staff position `lowest` to `highest` need (most notes
  /// need none: nothing is made for them).
  static func draw(
    lowest: Int, highest: Int, left: Double, right: Double, on canvas: inout StaffCanvas, column: Int,
    source: SourcePosition?
  ) {
    guard lowest <= -2 || highest >= 10 else { return }
    let thickness = canvas.font.engravingDefaults.legerLineThickness
    func draw(_ position: Int) {
      let y = StaffCanvas.y(ofPosition: position)
      canvas.line(
        from: (left, y), to: (right, y), thickness: thickness, role: .ledgerLine, column: column,
        source: source)
    }
    for position in stride(from: -2, through: lowest, by: -2) { draw(position) }
    for position in stride(from: 10, through: highest, by: 2) { draw(position) }
  }
}

extension GraceGroup {
  /// Room kept between the grace notes and the main note for a tie into it.
  var tieRoom: Double { notes.last?.heads.contains(where: \.isTiedToNext) == true ? 0.9 : 0 }

  /// True when the last grace note ties a head into the main note (no slur is drawn then).
  func tiesIntoMain(_ positions: [Int], clef: Clef) -> Bool {
    guard let last = notes.last else { return false }
    return last.heads.contains { $0.isTiedToNext && positions.contains(clef.staffPosition(of: $0.pitch)) }
  }
}
