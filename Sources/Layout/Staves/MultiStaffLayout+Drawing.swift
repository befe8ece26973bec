import DisplayList
import SMuFL
import ScoreModel

extension MultiStaffLayout {
  /// The engraver for a voice: bar numbers only over the top staff.
  func engraver(isTop: Bool) -> SystemEngraver {
    var voiceFormat = format
    if !isTop { voiceFormat.measureNumberInterval = nil }
    return SystemEngraver(
      font: font, scale: scale, setup: layout.setup, style: layout.style, format: voiceFormat,
      measurer: layout.measurer)
  }

  /// Draws a staff's voices at their columns' xs: first every voice's notes, then every
  /// voice's curves and marks, so marks clear the other voices' notes too; `voiceColumns`
  /// limits each voice to its columns (a voice not in it is not drawn).
  func drawStaff(
    _ voices: [Int], symbols: [[StaffSymbol]], spans: [VoiceSpans], columns: ColumnTable,
    line: LinePlan,
    starts: [LineStart], columnXs: [Double], from firstColumn: Int, end: Double,
    courtesy: [[SymbolKind]], shifts: [[Double]], isTop: Bool, tablatures: [Int: Tablature],
    voiceColumns: [Int: ClosedRange<Int>]? = nil, soloBars: [[Range<Rational>]] = [],
    on canvas: inout StaffCanvas
  ) {
    let engraver = engraver(isTop: isTop)
    var lines: [(voice: Int, line: EngravedLine)] = []
    for (order, voice) in voices.enumerated() {
      canvas.context.voice = voice
      var indices: [(index: Int, x: Double)] = []
      // On a line crossing staff segments, a voice only where its staff draws it.
      let low = max(
        firstColumn, voiceColumns == nil ? firstColumn : voiceColumns?[voice]?.lowerBound ?? Int.max)
      let high = min(line.last, voiceColumns?[voice]?.upperBound ?? line.last)
      if low <= high {
        for column in low...high where column - firstColumn < columnXs.count {
          if let member = columns.member(column, voice: voice) {
            indices.append((member, columnXs[column - firstColumn] + shifts[voice][member]))
          }
        }
      }
      guard let first = indices.first?.index, let last = indices.last?.index,
        indices.count == last - first + 1
      else {
        if order == 0 { engraver.drawStaff(start: starts[voice], end: end, on: &canvas) }
        continue
      }
      var start = starts[voice]
      start.firstSymbol = first
      var noteEngraver = engraver
      noteEngraver.drawsClefChanges = !plan.borrowed.contains(voice)
      let drawn = noteEngraver.drawNotes(
        symbols: symbols[voice], spans: spans[voice], plan: LinePlan(first: first, last: last), start: start,
        xs: indices.map(\.x),
        end: end, drawsStaff: order == 0, on: &canvas)
      if order == 0 { engraver.drawCourtesy(courtesy[voice], line: drawn, on: &canvas) }
      lines.append((voice, drawn))
    }
    let own = plan.borrowed.isEmpty ? voices : voices.filter { !plan.borrowed.contains($0) }
    func voiceEngraver(_ voice: Int) -> SystemEngraver {
      // Bar numbers come once, from the staff's first voice.
      var voiceEngraver = voice == lines.first?.voice ? engraver : self.engraver(isTop: false)
      if own.count > 1 {
        // The first voice of a shared staff keeps its curves above, the others below.
        voiceEngraver.curvesAbove = voice == own.first ? true : plan.borrowed.contains(voice) ? nil : false
        voiceEngraver.soloBars = voice < soloBars.count ? soloBars[voice] : []
      }
      voiceEngraver.tablature = tablatures[voice]
      return voiceEngraver
    }
    guard lines.count > 1 else {
      for (voice, drawn) in lines {
        canvas.context.voice = voice
        voiceEngraver(voice).drawAttachments(drawn, on: &canvas)
      }
      return
    }
    // Every voice's curves and tuplets first, then every voice's marks: a mark clears the
    // other voices' slurs as well as its own.
    for (voice, drawn) in lines {
      canvas.context.voice = voice
      voiceEngraver(voice).drawCurves(drawn, on: &canvas)
    }
    // Every voice's notes beamed to the staff below: their stems cross the gap under
    // any voice's marks.
    let crossRuns = lines.flatMap { MarkPlacement.crossBeamedRuns($0.line) }
    for (voice, drawn) in lines {
      canvas.context.voice = voice
      var marksEngraver = voiceEngraver(voice)
      marksEngraver.staffCrossRuns = crossRuns
      marksEngraver.drawMarks(drawn, on: &canvas)
    }
  }
}
