import DisplayList
import SMuFL
import ScoreModel

/// Draws one score line: staff lines, the line start, every symbol with its stems and
/// beams, then what attaches to notes (curves, tuplets, marks, texts, lyrics), each stage
/// clearing the ink of those before it.
struct SystemEngraver {
  let font: MusicFont
  let scale: Double
  let setup: PageSetup
  let style: MusicTextStyle
  let format: TuneFormat
  let measurer: any TextMeasurer
  /// On a staff shared by voices: true puts this voice's ties and slurs above its notes,
  /// false below (the upper voice's curves above, the lower's below); nil lets each
  /// curve choose.
  var curvesAbove: Bool? = nil
  /// The bars (time spans) in which this voice has its shared staff to itself: there its
  /// curves and articulations go where a single voice's would (`SoloBars`).
  var soloBars: [Range<Rational>] = []
  /// The staff's lines (`stafflines=`).
  var staffLines = 5
  /// A tablature staff to draw under the voice's staff, nil for none.
  var tablature: Tablature?
  /// False for a voice borrowed onto another staff: its clef changes are the host's, drawn once.
  var drawsClefChanges = true
  /// On a staff shared by voices: the runs of every voice's notes beamed to the staff
  /// below (`MarkPlacement.crossBeamedRuns`), which any voice's marks under the staff
  /// avoid; nil for the voice's own runs alone.
  var staffCrossRuns: [(from: Double, to: Double)]? = nil

  /// The engraver drawing at `factor` times its staff space (a mid-tune `%%scale`).
  func scaled(by factor: Double) -> SystemEngraver {
    var copy = SystemEngraver(
      font: font, scale: scale * factor, setup: setup, style: style, format: format, measurer: measurer)
    copy.curvesAbove = curvesAbove
    copy.soloBars = soloBars
    copy.staffLines = staffLines
    copy.tablature = tablature
    copy.drawsClefChanges = drawsClefChanges
    return copy
  }

  func engrave(
    symbols: [StaffSymbol], spans: VoiceSpans, plan: LinePlan, start: LineStart, xs: [Double], end: Double,
    courtesy: [SymbolKind] = [], context: ItemContext
  ) -> StaffSystem {
    // About three items a symbol (head, stem, beam or accidental) and the staff's own.
    var canvas = StaffCanvas(font: font, scale: scale, context: context, capacity: 12 + 3 * xs.count)
    canvas.staffLines = staffLines
    draw(
      symbols: symbols, spans: spans, plan: plan, start: start, xs: xs, end: end, courtesy: courtesy,
      on: &canvas)
    return StaffSystem(items: canvas.items, staffHeight: 4 * scale)
  }

  /// Draws one voice's line onto `canvas`; the staff, clef, key and meter only when
  /// `drawsStaff` (a second voice on a shared staff draws just its own symbols).
  func draw(
    symbols: [StaffSymbol], spans: VoiceSpans, plan: LinePlan, start: LineStart, xs: [Double], end: Double,
    courtesy: [SymbolKind] = [], drawsStaff: Bool = true, on canvas: inout StaffCanvas
  ) {
    let line = drawNotes(
      symbols: symbols, spans: spans, plan: plan, start: start, xs: xs, end: end, courtesy: courtesy,
      drawsStaff: drawsStaff, on: &canvas)
    drawAttachments(line, on: &canvas)
  }

  /// The first stage: staff, notes, rests, bars and signatures with stems and beams.
  func drawNotes(
    symbols: [StaffSymbol], spans: VoiceSpans, plan: LinePlan, start: LineStart, xs: [Double], end: Double,
    courtesy: [SymbolKind] = [], drawsStaff: Bool = true, on canvas: inout StaffCanvas
  ) -> EngravedLine {
    if drawsStaff { drawStaff(start: start, end: end, on: &canvas) }
    var line = EngravedLine(
      symbols: symbols, first: start.firstSymbol, last: plan.last, xs: xs,
      musicStart: start.meterX + (start.meter.map { MeterDrawing.width(of: $0, font: font) } ?? 0), end: end,
      spans: spans)
    line.clefEnd = start.keyX - 0.4
    drawSymbols(&line, on: &canvas)
    drawCourtesy(courtesy, line: line, on: &canvas)
    return line
  }

  /// The second stage: curves, tuplets, marks and voltas, clearing all ink drawn so far
  /// (on a shared staff, every voice's notes).
  func drawAttachments(_ line: EngravedLine, on canvas: inout StaffCanvas) {
    // One placement for all marks; the canvas moves between it and the curves by swapping,
    // so its items are never copied.
    var marks = MarkPlacement(
      font: font, style: style, measurer: measurer, format: format,
      canvas: StaffCanvas(
        font: font, scale: canvas.scale, context: canvas.context))
    swap(&canvas, &marks.canvas)
    marks.addToSkylines(of: marks.canvas.items)
    marks.voiceAbove = curvesAbove
    marks.soloBars = soloBars
    marks.tablature = tablature
    // Articulations first, at the heads; the slurs then pass outside them.
    let near = line.hasArticulations ? marks.placeArticulations(line: line) : [:]
    swap(&canvas, &marks.canvas)
    let count = canvas.items.count
    CurvePlacement(font: font, fixedAbove: curvesAbove, soloBars: soloBars, marksNear: near).draw(
      line: line, on: &canvas)
    TupletDrawing(font: font, marksNear: near).draw(line: line, on: &canvas)
    swap(&canvas, &marks.canvas)
    marks.absorb(since: count)
    marks.place(line: line)
    swap(&canvas, &marks.canvas)
    VoltaDrawing(font: font, labelFont: setup.voltaFont, measurer: measurer).draw(
      line.spans.endings(overlapping: line.first, line.last), symbols: line.symbols, first: line.first,
      last: line.last, xs: line.xs, end: line.end, on: &canvas)
  }

  /// On a staff shared by voices, the second stage's first half for one voice:
  /// articulations, curves and tuplets. Every voice's curves are drawn before any voice's
  /// marks (`drawMarks`), so a hairpin or a dynamic clears the other voices' slurs too.
  func drawCurves(_ line: EngravedLine, on canvas: inout StaffCanvas) {
    var marks = MarkPlacement(
      font: font, style: style, measurer: measurer, format: format,
      canvas: StaffCanvas(font: font, scale: canvas.scale, context: canvas.context))
    swap(&canvas, &marks.canvas)
    marks.addToSkylines(of: marks.canvas.items)
    marks.voiceAbove = curvesAbove
    marks.soloBars = soloBars
    let near = line.hasArticulations ? marks.placeArticulations(line: line) : [:]
    swap(&canvas, &marks.canvas)
    var curves = CurvePlacement(font: font, fixedAbove: curvesAbove, soloBars: soloBars, marksNear: near)
    curves.others = CurvePlacement.obstacles(
      in: canvas.items, voice: canvas.context.voice, scale: canvas.scale)
    curves.draw(line: line, on: &canvas)
    TupletDrawing(font: font, marksNear: near).draw(line: line, on: &canvas)
  }

  /// The second half on a shared staff: the voice's marks, texts, lyrics and voltas,
  /// clear of every voice's ink so far.
  func drawMarks(_ line: EngravedLine, on canvas: inout StaffCanvas) {
    var marks = MarkPlacement(
      font: font, style: style, measurer: measurer, format: format,
      canvas: StaffCanvas(font: font, scale: canvas.scale, context: canvas.context))
    swap(&canvas, &marks.canvas)
    marks.addToSkylines(of: marks.canvas.items)
    marks.voiceAbove = curvesAbove
    marks.soloBars = soloBars
    marks.tablature = tablature
    marks.articulationsPlaced = true
    marks.staffCrossRuns = staffCrossRuns
    marks.place(line: line)
    swap(&canvas, &marks.canvas)
    VoltaDrawing(font: font, labelFont: setup.voltaFont, measurer: measurer).draw(
      line.spans.endings(overlapping: line.first, line.last), symbols: line.symbols, first: line.first,
      last: line.last, xs: line.xs, end: line.end, on: &canvas)
  }

  /// Staff lines, clef, key and meter of a line start.
  func drawStaff(start: LineStart, end: Double, on canvas: inout StaffCanvas) {
    let staffThickness = font.engravingDefaults.staffLineThickness
    // `stafflines=`: one line on the middle line (percussion), others from the top line.
    let ys = canvas.staffLines == 1 ? [2.0] : (0..<max(canvas.staffLines, 2)).map(Double.init)
    for y in ys {
      canvas.line(from: (0, y), to: (end, y), thickness: staffThickness, role: .staffLine)
    }
    ClefDrawing.draw(start.clef, x: start.clefX, on: &canvas)
    KeyDrawing.draw(start.key, cancel: nil, clef: start.clef, x: start.keyX, on: &canvas)
    if let meter = start.meter { MeterDrawing.draw(meter, x: start.meterX, on: &canvas) }
    if let repeatX = start.repeatX {
      BarLineDrawing.draw(HorizontalSpacer.startRepeat, x: repeatX, on: &canvas, column: nil, source: nil)
    }
  }

  /// Notes, rests, bars and signatures, with stems and beams.
  func drawSymbols(_ line: inout EngravedLine, on canvas: inout StaffCanvas) {
    let notes = NoteDrawing(font: font)
    let beams = BeamPlacement(font: font, drawing: notes)
    // A beam group's notes by index (copied out of their symbols once, when drawn).
    var group: [(index: Int, x: Double, column: Int)] = []
    /// The group's notes as `draw(group:on:)` takes them, in one buffer for every group.
    var members: [BeamPlacement.Member] = []
    var groupNumber: Int?
    if line.first <= line.last { line.notes.prepare(line.first...line.last) }
    // The symbols read in place (a copy of each whole symbol was a tenth of drawing them);
    // the line's note geometry is written as they are drawn.
    let symbols = line.symbols
    func flushGroup() {
      if group.count == 1, let only = group.first, let note = symbols[only.index].note {
        line.notes[only.index] = notes.draw(
          note, x: only.x, stem: notes.defaultStem(note, x: only.x), drawFlag: true, on: &canvas,
          column: only.column, source: symbols[only.index].source)
      } else if group.count > 1 {
        members.removeAll(keepingCapacity: true)
        for entry in group {
          if let note = symbols[entry.index].note {
            members.append(
              BeamPlacement.Member(
                note: note, x: entry.x, column: entry.column, source: symbols[entry.index].source))
          }
        }
        let geometries = beams.draw(group: members, on: &canvas)
        for (entry, geometry) in zip(group, geometries) { line.notes[entry.index] = geometry }
        // The notes' copies let go now, not when the next group is made.
        members.removeAll(keepingCapacity: true)
      }
      group.removeAll(keepingCapacity: true)
      groupNumber = nil
    }
    for index in line.indices where index <= line.last {
      guard let x = line.x(of: index), let column = line.column(of: index) else { continue }
      if symbols[index].hasGrace, case .note(let note) = symbols[index].kind, let grace = note.grace {
        let headLeft =
          note.heads.map { min($0.offset, $0.accidental == nil ? 0 : $0.accidentalOffset) }.min() ?? 0
        // Grace notes stand before the chord's arpeggio, which stands before its accidentals.
        let arpeggio = note.hasArpeggio ? GraceDrawing.arpeggioRoom(after: grace) : 0
        var rightEdge = x + headLeft - 0.2 - grace.tieRoom - arpeggio
        // Written before the bar line: they end just before it.
        if grace.standsBeforeBar, let bar = SymbolBuilder.barBefore(index, in: line.symbols),
          let barX = line.x(of: bar)
        {
          rightEdge = barX - 0.5
        }
        let slurStart = GraceDrawing.draw(
          grace, rightEdge: rightEdge, clef: symbols[index].clef, on: &canvas, column: column,
          source: grace.range.position)
        if grace.isSlurred ?? format.graceSlurs, let slurStart,
          !grace.tiesIntoMain(note.heads.map(\.position), clef: symbols[index].clef)
        {
          GraceDrawing.drawSlur(
            from: slurStart, toHeadAt: x, lowest: note.lowest, on: &canvas, column: column,
            source: grace.range.position)
        }
        GraceDrawing.drawTies(
          grace, rightEdge: rightEdge, toHeadsAt: x, positions: note.heads.map(\.position),
          clef: symbols[index].clef, on: &canvas, column: column, source: grace.range.position)
      }
      if let number = symbols[index].beamGroup {
        if groupNumber != number { flushGroup() }
        groupNumber = number
        group.append((index, x, column))
        continue
      }
      // A beam running on across a bar line (`!beamon!`) is drawn once its last note is met.
      if !symbols[index].isBar
        || !symbols[index].attachments.decorations.contains(where: { $0.name == "beamon" })
      {
        flushGroup()
      }
      switch symbols[index].kind {
      case .note(let note):
        line.notes[index] = notes.draw(
          note, x: x, stem: notes.defaultStem(note, x: x), drawFlag: !note.isCrossBeamed, on: &canvas,
          column: column, source: symbols[index].source)
      case .rest(let rest):
        RestDrawing(font: font).draw(
          rest, x: restX(index, x: x, line: line), on: &canvas, column: column, source: symbols[index].source)
      case .bar(let bar):
        let shown = index == line.last ? HorizontalSpacer.atLineEnd(bar) : bar
        BarLineDrawing.draw(shown, x: x, on: &canvas, column: column, source: symbols[index].source)
      case .clef(let clef):
        if drawsClefChanges {
          ClefDrawing.draw(clef, x: x, on: &canvas, column: column, source: symbols[index].source, size: 0.8)
        }
      case .key(let key, let cancel):
        KeyDrawing.draw(
          key, cancel: cancel, clef: symbols[index].clef, x: x, on: &canvas, column: column,
          source: symbols[index].source)
      case .meter(let meter):
        MeterDrawing.draw(meter, x: x, on: &canvas, column: column, source: symbols[index].source)
      case .spacer:
        break
      }
    }
    flushGroup()
  }

  /// A whole-bar rest sits in the middle of its bar; other rests at their anchor.
  func restX(_ index: Int, x: Double, line: EngravedLine) -> Double {
    guard case .rest(let rest) = line.symbols[index].kind, rest.isWholeBar else { return x }
    let previous = (line.first..<index).last { line.symbols[$0].isBar }
    let next = ((index + 1)...max(index + 1, line.last)).first { $0 <= line.last && line.symbols[$0].isBar }
    let width = font.glyph(rest.repeatSign.map(RestDrawing.glyph(for:)) ?? .restWhole)?.advance ?? 1.1
    if rest.repeatSign == .twoBars, let next, let barX = line.x(of: next) {
      // Across the bar line between the two bars it stands for.
      return barX + line.symbols[next].right / 2 - width / 2
    }
    let left =
      previous.flatMap { line.x(of: $0).map { $0 + line.symbols[previous ?? 0].right } } ?? line.musicStart
    let right = next.flatMap { line.x(of: $0) } ?? line.end
    return max(x - 2, (left + right - width) / 2)
  }

  /// Clef, key or meter that the next line changes to, shown after this line's last bar
  /// (a clef in the order engravers use: clef first, then key, then meter).
  func drawCourtesy(_ kinds: [SymbolKind], line: EngravedLine, on canvas: inout StaffCanvas) {
    guard !kinds.isEmpty, let lastX = line.x(of: line.last) else { return }
    var x = lastX + line.symbols[line.last].right + 0.8
    for kind in kinds {
      switch kind {
      case .key(let key, let cancel):
        x += KeyDrawing.draw(key, cancel: cancel, clef: line.symbols[line.last].clef, x: x, on: &canvas) + 0.6
      case .meter(let meter):
        x += MeterDrawing.draw(meter, x: x, on: &canvas) + 0.6
      case .clef(let clef):
        x += ClefDrawing.draw(clef, x: x, on: &canvas, size: 0.8) + 0.6
      default:
        break
      }
    }
  }
}
