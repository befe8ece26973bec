import DisplayList
import SMuFL
import ScoreModel

extension MarkPlacement {
  /// Staccato, accent, tenuto …: next to the head, away from the stem (on a shared
  /// staff, on the voice's own side). Placed before the slurs, which then clear them (a
  /// staccato under a slur sits at its head, inside the curve); returns, by symbol, how
  /// far the marks reach above (smallest y) and below (largest y).
  @discardableResult
  mutating func placeArticulations(line: EngravedLine) -> [Int: (top: Double, bottom: Double)] {
    var reach: [Int: (top: Double, bottom: Double)] = [:]
    for index in line.attached {
      let attachments = line.symbols[index].attachments
      let decorations = attachments.decorations
      guard !decorations.isEmpty, let note = line.notes[index] else { continue }
      for (decoration, kind) in zip(decorations, attachments.decorationKinds) {
        let up: SMuFLGlyph
        let down: SMuFLGlyph
        var fixed: Bool?
        var sided = false
        switch kind {
        case .articulation(let above, let below)?:
          (up, down) = (above, below)
          // On a shared staff a voice's articulations go to its own side, past the stem.
          fixed = SoloBars.contains(soloBars, line.symbols[index].onset) ? nil : voiceAbove
        case .sidedArticulation(let glyph, let above)?:
          (up, down, fixed, sided) = (glyph, glyph, above, true)
        default:
          continue
        }
        let placeAbove = fixed ?? (!note.stemUp || !note.hasStem && note.highestPosition >= 4)
        let glyph = placeAbove ? up : down
        var floor = placeAbove ? note.highestY - 0.5 : note.lowestY + 0.5
        if sided && note.hasStem && note.stemUp == placeAbove {
          // On the stem's side: past its tip.
          floor = placeAbove ? min(floor, note.stemTipY - 0.5) : max(floor, note.stemTipY + 0.5)
        } else if fixed != nil && !sided {
          floor = placeAbove ? min(floor, note.top) : max(floor, note.bottom)
        }
        let before = canvas.items.count
        placeGlyph(
          glyph, centre: note.centreX, side: placeAbove ? .above : .below, floor: floor, padding: 0.35,
          role: .decoration, column: line.column(of: index), source: decoration.range.position)
        for item in canvas.items[before...] {
          let (top, bottom) = (item.box.minY / scale, item.box.maxY / scale)
          let old = reach[index] ?? (top, bottom)
          reach[index] = (min(old.top, top), max(old.bottom, bottom))
        }
      }
    }
    articulationsPlaced = true
    return reach
  }

  /// Ornaments, fermatas, bowings, fingerings, text marks, rolls and the like.
  mutating func placeOrnaments(line: EngravedLine) {
    guard !line.attached.isEmpty else { return }
    let rows = ornamentRows(line: line)
    for index in line.attached {
      let decorations = line.symbols[index].attachments.decorations
      guard !decorations.isEmpty, let x = centre(of: index, line: line) else { continue }
      let column = line.column(of: index)
      let note = line.notes[index]
      let kinds = line.symbols[index].attachments.decorationKinds
      for (decoration, kind) in zip(decorations, kinds) {
        let source = decoration.range.position
        switch kind {
        case .above(let glyph):
          if let bottom = rows[index], let metrics = font.glyph(glyph) {
            // One of a run of the same mark: on the run's common baseline.
            let x0 = x - metrics.width / 2
            canvas.glyph(
              glyph, x: x0 - metrics.southWest.x, y: bottom + metrics.southWest.y, role: .decoration,
              column: column, source: source)
            above.insert(x0: x0, x1: x0 + metrics.width, top: bottom - metrics.height, bottom: bottom)
            below.insert(x0: x0, x1: x0 + metrics.width, top: bottom - metrics.height, bottom: bottom)
            continue
          }
          placeGlyph(
            glyph, centre: x, side: .above, floor: min(0, (note?.top ?? 0)), padding: 0.5, role: .decoration,
            column: column, source: source)
        case .below(let glyph) where glyph == .keyboardPedalPed || glyph == .keyboardPedalUp:
          break  // Pedal marks go in one row under everything (`placePedals`).
        case .below(let glyph):
          placeGlyph(
            glyph, centre: x, side: .below, floor: max(4, (note?.bottom ?? 4)), padding: 0.5,
            role: .decoration,
            column: column, source: source)
        case .text(let text):
          placeText(
            text, font: style.directionFont, x: x, centred: true, side: .above, floor: 0, padding: 0.6,
            role: .decoration, column: column, source: source)
        case .fingering(let digit):
          placeText(
            digit, font: style.fingeringFont, x: x, centred: true, side: .above,
            floor: min(0, note?.top ?? 0), padding: 0.3, role: .decoration, column: column, source: source)
        case .roll:
          placeRoll(centre: x, floor: min(0, note?.top ?? 0), column: column, source: source)
        case .stemTremolo(let strokes):
          if let note { drawStemTremolo(strokes, note: note, column: column, source: source) }
        case .twoNoteTremolo(let strokes):
          if let note, !note.hasStem, let previous = previousNote(before: index, line: line) {
            drawFloatingTremolo(strokes, from: previous, to: note, column: column, source: source)
          }
        case .trillStart:
          placeGlyph(
            .ornamentTrill, centre: x, side: .above, floor: min(0, note?.top ?? 0), padding: 0.5,
            role: .decoration, column: column, source: source)
        case .phrase(let length):
          let right = (line.x(of: index) ?? x) + line.symbols[index].right + 0.4
          canvas.line(
            from: (right, -0.4), to: (right, -0.4 + length), thickness: 0.16, role: .decoration,
            column: column,
            source: source)
        case .slide:
          if let note {
            CurveDrawing(font: font).draw(
              from: (note.x - 1.6, note.lowestY + 0.9), to: (note.x - 0.25, note.lowestY + 0.1), height: 0.25,
              isTie: true, isDotted: false, role: .decoration, on: &canvas, column: column, source: source)
          }
        case .arpeggio:
          if let note {
            // Left of the chord's accidentals (and of heads set left of the stem).
            var left = 0.0
            if case .note(let symbol) = line.symbols[index].kind {
              for head in symbol.heads {
                left = min(left, head.offset * symbol.size)
                if head.accidental != nil && !head.isEditorial {
                  left = min(left, head.accidentalOffset * symbol.size)
                }
              }
            }
            left = leftOfOtherVoices(note: note, left: left)
            drawArpeggio(note: note, left: left, column: column, source: source)
          }
        case .staffGlyph(let glyph):
          let width = font.glyph(glyph)?.advance ?? 2
          canvas.glyph(glyph, x: x - width / 2, y: 2, role: .decoration, column: column, source: source)
        case .editorialAccidental:
          if case .note(let symbol) = line.symbols[index].kind {
            placeEditorialAccidentals(symbol, centre: x, floor: min(0, note?.top ?? 0), column: column)
          }
        case .articulation, .sidedArticulation, .dynamic, .hairpinStart, .hairpinEnd, .trillEnd, .notehead,
          .beamBreak,
          .layoutOnly, .dynamicText, .dynamicPhrase, .ottavaStart, .ottavaEnd, .glissandoStart, .glissandoEnd,
          .courtesyAccidental, .invisible, .stemless, nil:
          break
        }
      }
    }
  }

  /// The common baseline (bottom y) of each run of two or more neighbouring notes (or rests) that carry
  /// the same mark above them (`MgMfMeMd`, a row of trills): the highest any of them needs,
  /// so they stand in one row instead of a staircase. Keyed by symbol index.
  func ornamentRows(line: EngravedLine) -> [Int: Double] {
    var rows: [Int: Double] = [:]
    // Only a line with two marks above (most lines have none) can hold a run.
    var marksAbove = 0
    for index in line.attached {
      for kind in line.symbols[index].attachments.decorationKinds {
        if case .above? = kind {
          marksAbove += 1
          break
        }
      }
    }
    guard marksAbove > 1 else { return rows }
    var run: [(index: Int, x0: Double, x1: Double, floor: Double)] = []
    var runGlyph: SMuFLGlyph?
    func close() {
      defer { (run, runGlyph) = ([], nil) }
      guard run.count > 1 else { return }
      let bottom = run.map { above.reach(from: $0.x0, to: $0.x1, floor: $0.floor) - 0.5 }.min() ?? 0
      for member in run { rows[member.index] = bottom }
    }
    for index in line.indices where index <= line.last {
      // Notes and rests make runs (a fermata over a note and the rest after it); bar
      // lines and signatures between them neither join nor break one.
      let note = line.notes[index]
      guard note != nil || line.symbols[index].isDurational, let centre = centre(of: index, line: line) else {
        continue
      }
      var glyph: SMuFLGlyph?
      for kind in line.symbols[index].attachments.decorationKinds {
        if case .above(let found)? = kind {
          glyph = found
          break
        }
      }
      guard let glyph, let metrics = font.glyph(glyph) else {
        close()
        continue
      }
      if glyph != runGlyph { close() }
      runGlyph = glyph
      let x0 = centre - metrics.width / 2
      run.append((index, x0, x0 + metrics.width, min(0, note?.top ?? 0)))
    }
    close()
    return rows
  }

  /// Strokes across the middle of the stem (above or below a stemless head), with the
  /// SMuFL combining tremolo glyphs.
  mutating func drawStemTremolo(_ strokes: Int, note: NoteGeometry, column: Int?, source: SourcePosition?) {
    let glyph: SMuFLGlyph = strokes >= 3 ? .tremolo3 : strokes == 2 ? .tremolo2 : .tremolo1
    let y: Double
    let x: Double
    if note.hasStem {
      // Between the head and the stem's end, nearer the end.
      let head = note.stemUp ? note.highestY : note.lowestY
      y = head + (note.stemTipY - head) * 0.55
      x = note.stemX
    } else {
      y = note.highestY - 1.6
      x = note.centreX
    }
    canvas.glyph(glyph, x: x, y: y, role: .beam, column: column, source: source)
  }

  /// A two-note tremolo between stemless notes: strokes floating between the heads.
  mutating func drawFloatingTremolo(
    _ strokes: Int, from first: NoteGeometry, to second: NoteGeometry, column: Int?, source: SourcePosition?
  ) {
    let left = first.x + first.headWidth + 0.5
    let right = second.x - 0.5
    guard right > left + 0.5 else { return }
    let startY = (first.highestY + first.lowestY) / 2 - 1
    let endY = (second.highestY + second.lowestY) / 2 - 1
    let rise = max(-0.5, min(0.5, (endY - startY) / 2))
    let thickness = font.engravingDefaults.beamThickness
    for stroke in 0..<strokes {
      let y = min(startY, endY) - Double(stroke) * (thickness + font.engravingDefaults.beamSpacing)
      canvas.polygon(
        [
          (left, y - rise / 2), (right, y + rise / 2), (right, y + rise / 2 + thickness),
          (left, y - rise / 2 + thickness),
        ],
        role: .beam, column: column, source: source)
    }
  }

  /// The note drawn before `index` in the line, if any.
  func previousNote(before index: Int, line: EngravedLine) -> NoteGeometry? {
    var probe = index - 1
    while probe >= line.first {
      if let note = line.notes[probe] { return note }
      probe -= 1
    }
    return nil
  }

  /// The roll (`~`) as abcm2ps draws it: a small tilde over the note, a wave rising then
  /// falling across a head's width, thick in its middle and thin at its ends — not an arc,
  /// which reads as a slur or a fermata without its dot.
  mutating func placeRoll(centre x: Double, floor: Double, column: Int?, source: SourcePosition?) {
    let width = 1.3
    let box = above.place(from: x - width / 2, to: x + width / 2, height: 0.5, padding: 0.45, floor: floor)
    let (x0, x1, middle) = (x - width / 2, x + width / 2, box.bottom - 0.25)
    // A cubic whose inner control points stand k above and below the middle line swings
    // about 0.28 k each way; the outline's two edges part by `thickness` in the middle.
    let (k, thickness, end) = (0.8, 0.11, 0.03)
    let (c1, c2) = (x0 + width / 3, x0 + 2 * width / 3)
    let segments: [PathSegment] = [
      .move(canvas.point(x0, middle - end)),
      .curve(
        canvas.point(c1, middle - k - thickness), canvas.point(c2, middle + k - thickness),
        canvas.point(x1, middle - end)),
      .line(canvas.point(x1, middle + end)),
      .curve(
        canvas.point(c2, middle + k + thickness), canvas.point(c1, middle - k + thickness),
        canvas.point(x0, middle + end)),
      .close,
    ]
    canvas.path(segments, strokeWidth: nil, dash: nil, role: .decoration, column: column, source: source)
  }

  /// Dynamics and hairpins under the staff (below the lyrics).
  mutating func placeDynamics(line: EngravedLine) {
    // A voice with words has its dynamics above the staff, clear of the lyrics (Gould).
    let lineSide: Skyline.Side = line.spans.hasLyrics ? .above : .below
    // Under notes beamed to the staff below (their stems run down through the gap, joined
    // after the marks are placed), a dynamic or hairpin would cross the stems: it goes
    // above the staff there.
    // Found when a mark first asks (most lines have none to place).
    var found: [(from: Double, to: Double)]?
    func sideAt(_ x0: Double, _ x1: Double) -> Skyline.Side {
      let crossRuns = found ?? (lineSide == .below ? crossRuns(line) : [])
      found = crossRuns
      return crossRuns.contains { $0.from < x1 + 0.5 && $0.to > x0 - 0.5 } ? .above : lineSide
    }
    func floorAt(_ x0: Double, _ x1: Double) -> Double { sideAt(x0, x1) == .above ? 0 : 4 }
    var hairpin: (x: Double, crescendo: Bool, column: Int?, source: SourcePosition?)?
    for index in line.attached {
      let decorations = line.symbols[index].attachments.decorations
      guard !decorations.isEmpty, let x = centre(of: index, line: line) else { continue }
      let column = line.column(of: index)
      let kinds = line.symbols[index].attachments.decorationKinds
      // A hairpin that ends where the next begins (`<>`): the first ends just before the
      // note, the second starts just after it, and ends are taken before starts.
      let bothEnds =
        kinds.contains { if case .hairpinEnd? = $0 { true } else { false } }
        && kinds.contains { if case .hairpinStart? = $0 { true } else { false } }
      // With no hairpin open, both ends on one note make a hairpin under that note alone
      // (MusicXML's wedge over one long note): it runs to the next note.
      let alone = bothEnds && hairpin == nil && Self.openedHairpin(before: index, line: line) == nil
      let chained = bothEnds && !alone
      let ordered = zip(decorations, kinds).sorted { first, second in
        alone
          ? !Self.isHairpinEnd(first.1) && Self.isHairpinEnd(second.1)
          : Self.isHairpinEnd(first.1) && !Self.isHairpinEnd(second.1)
      }
      for (decoration, kind) in ordered {
        switch kind {
        case .dynamic(let glyph):
          placeGlyph(
            glyph, centre: x, side: sideAt(x - 1, x + 1), floor: floorAt(x - 1, x + 1), padding: 0.7,
            role: .decoration, column: column, source: decoration.range.position)
        case .dynamicText(let words):
          var spec = style.directionFont
          spec.isBold = false
          placeText(
            words, font: spec, x: x - 0.6, side: sideAt(x - 1, x + 3), floor: floorAt(x - 1, x + 3),
            padding: 0.7,
            role: .decoration, column: column, source: decoration.range.position)
        case .dynamicPhrase(let pieces):
          placeDynamicPhrase(
            pieces, centre: x, side: sideAt(x - 2, x + 2), floor: floorAt(x - 2, x + 2), column: column,
            source: decoration.range.position)
        case .hairpinStart(let crescendo):
          hairpin = (chained ? x + 0.5 : x - 0.4, crescendo, column, decoration.range.position)
        case .hairpinEnd:
          var end = chained ? x - 0.3 : x + 0.6
          if alone {
            let next = ((index + 1)..<max(index + 1, line.last + 1)).lazy.compactMap { line.notes[$0]?.x }
              .first
            end = max(end, (next ?? line.end) - 0.6)
          }
          if let start = hairpin {
            drawHairpin(
              from: start.x, to: end, crescendo: start.crescendo, side: sideAt(start.x, end),
              column: start.column,
              source: start.source)
            hairpin = nil
          } else if let crescendo = Self.openedHairpin(before: index, line: line) {
            // Begun on an earlier line: it goes on from this line's start.
            drawHairpin(
              from: line.musicStart + 0.5, to: end, crescendo: crescendo, side: sideAt(line.musicStart, end),
              column: column, source: decoration.range.position)
          }
        default:
          break
        }
      }
    }
    if let start = hairpin {
      drawHairpin(
        from: start.x, to: line.end - 0.5, crescendo: start.crescendo, side: sideAt(start.x, line.end),
        column: start.column, source: start.source)
    }
  }

  /// The runs of notes beamed to the staff below that marks under the staff avoid: every
  /// voice's on a shared staff (another voice's stems cross the gap just as well).
  func crossRuns(_ line: EngravedLine) -> [(from: Double, to: Double)] {
    staffCrossRuns ?? Self.crossBeamedRuns(line)
  }

  /// The x ranges (staff spaces) of the line's runs of notes beamed to the staff below
  /// (stems down), from the first head's left to the last stem.
  static func crossBeamedRuns(_ line: EngravedLine) -> [(from: Double, to: Double)] {
    var runs: [(from: Double, to: Double)] = []
    var open: (from: Double, to: Double)?
    for index in line.indices where index <= line.last {
      guard case .note(let note) = line.symbols[index].kind else { continue }
      if note.isCrossBeamed, !note.stemUp, let geometry = line.notes[index] {
        open = (open?.from ?? geometry.x, geometry.x + geometry.headWidth)
      } else if let run = open {
        runs.append(run)
        open = nil
      }
    }
    if let run = open { runs.append(run) }
    return runs
  }

  /// Pedal marks in one row under the staff's other marks, as pianists read them: a
  /// release and a new press at one note (a pedal change) side by side, the release first.
  mutating func placePedals(line: EngravedLine) {
    var marks: [(x: Double, glyph: SMuFLGlyph, column: Int?, source: SourcePosition?)] = []
    for index in line.attached {
      guard !line.symbols[index].attachments.decorations.isEmpty else { continue }
      let attachments = line.symbols[index].attachments
      guard let x = centre(of: index, line: line) else { continue }
      let glyphs = zip(attachments.decorations, attachments.decorationKinds).compactMap {
        decoration, kind -> (SMuFLGlyph, SourcePosition?)? in
        guard case .below(let glyph)? = kind, glyph == .keyboardPedalPed || glyph == .keyboardPedalUp else {
          return nil
        }
        return (glyph, decoration.range.position)
      }
      // A change: the release just left of the note, the press just right of it.
      let change = glyphs.count > 1
      for (glyph, source) in glyphs.sorted(by: { $0.0 == .keyboardPedalUp && $1.0 != .keyboardPedalUp }) {
        let width = font.glyph(glyph)?.width ?? 1.5
        let shift = change ? (glyph == .keyboardPedalUp ? -width / 2 - 0.15 : width / 2 + 0.15) : 0
        marks.append((x + shift, glyph, line.column(of: index), source))
      }
    }
    guard !marks.isEmpty else { return }
    var row = 4.0
    var height = 0.0
    for mark in marks {
      guard let metrics = font.glyph(mark.glyph) else { continue }
      row = max(row, below.reach(from: mark.x - metrics.width / 2, to: mark.x + metrics.width / 2, floor: 4))
      height = max(height, metrics.height)
    }
    let top = row + 0.6
    for mark in marks {
      guard let metrics = font.glyph(mark.glyph) else { continue }
      let x0 = clamp(mark.x - metrics.width / 2, width: metrics.width)
      let baseline = top + metrics.northEast.y
      canvas.glyph(
        mark.glyph, x: x0 - metrics.southWest.x, y: baseline, role: .decoration, column: mark.column,
        source: mark.source)
      below.insert(x0: x0, x1: x0 + metrics.width, top: top, bottom: top + height)
    }
  }

  /// A dynamic phrase ("più p", `sff`): its first dynamic centred under the note, the
  /// words before it to its left, in one box beyond the ink.
  mutating func placeDynamicPhrase(
    _ pieces: [DynamicPiece], centre x: Double, side: Skyline.Side, floor: Double, column: Int?,
    source: SourcePosition?
  ) {
    var spec = style.directionFont
    spec.isBold = false
    let gap = 0.35
    var widths: [Double] = []
    var height = 0.0
    for piece in pieces {
      switch piece {
      case .letters(let glyphs):
        var width = 0.0
        for glyph in glyphs {
          guard let metrics = font.glyph(glyph) else { continue }
          width += metrics.advance > 0 ? metrics.advance : metrics.width
          height = max(height, metrics.height)
        }
        widths.append(width)
      case .words(let text):
        let extent = measurer.measure(text, font: spec)
        widths.append(extent.width / scale)
        height = max(height, (extent.ascent + extent.descent) / scale)
      }
    }
    let total = widths.reduce(0, +) + gap * Double(max(0, pieces.count - 1))
    let first = pieces.firstIndex { if case .letters = $0 { true } else { false } } ?? 0
    let before = widths[..<first].reduce(0, +) + gap * Double(first)
    let x0 = clamp(x - before - widths[first] / 2, width: total)
    let box =
      side == .above
      ? above.place(from: x0, to: x0 + total, height: height, padding: 0.7, floor: floor)
      : below.place(from: x0, to: x0 + total, height: height, padding: 0.7, floor: floor)
    // Letters stand on a baseline a little above the box's bottom (their descent is small).
    let baseline = box.bottom - height * 0.25
    var cursor = x0
    for (piece, width) in zip(pieces, widths) {
      switch piece {
      case .letters(let glyphs):
        var letterX = cursor
        for glyph in glyphs {
          guard let metrics = font.glyph(glyph) else { continue }
          canvas.glyph(glyph, x: letterX, y: baseline, role: .decoration, column: column, source: source)
          letterX += metrics.advance > 0 ? metrics.advance : metrics.width
        }
      case .words(let text):
        let extent = measurer.measure(text, font: spec)
        canvas.text(
          text, font: spec, x: cursor, y: baseline, extent: extent, role: .decoration, column: column,
          source: source)
      }
      cursor += width + gap
    }
    if side == .above {
      below.insert(x0: x0, x1: x0 + total, top: box.top, bottom: box.bottom)
    } else {
      above.insert(x0: x0, x1: x0 + total, top: box.top, bottom: box.bottom)
    }
  }

  static func isHairpinEnd(_ kind: DecorationKind?) -> Bool {
    if case .hairpinEnd? = kind { true } else { false }
  }

  /// Whether a hairpin ending at `index` opened before the line (and which kind), as the
  /// symbols before the line say; nil when it opened in the line or not at all.
  static func openedHairpin(before index: Int, line: EngravedLine) -> Bool? {
    var probe = line.first - 1
    while probe >= 0 {
      for decoration in line.symbols[probe].attachments.decorations.reversed() {
        switch DecorationTable.kind(of: decoration.name) {
        case .hairpinStart(let crescendo): return crescendo
        case .hairpinEnd: return nil
        default: continue
        }
      }
      probe -= 1
    }
    return nil
  }

  mutating func drawHairpin(
    from x0: Double, to x1: Double, crescendo: Bool, side: Skyline.Side = .below, column: Int?,
    source: SourcePosition?
  ) {
    guard x1 > x0 + 1 else { return }
    let opening = 1.1
    let box =
      side == .above
      ? above.place(from: x0, to: x1, height: opening, padding: 0.8, floor: 0)
      : below.place(from: x0, to: x1, height: opening, padding: 0.8, floor: 4)
    let middle = (box.top + box.bottom) / 2
    let thickness = font.engravingDefaults.hairpinThickness
    let (narrow, wide) = crescendo ? (x0, x1) : (x1, x0)
    canvas.line(
      from: (narrow, middle), to: (wide, box.top), thickness: thickness, role: .decoration, column: column,
      source: source)
    canvas.line(
      from: (narrow, middle), to: (wide, box.bottom), thickness: thickness, role: .decoration, column: column,
      source: source)
  }
}
