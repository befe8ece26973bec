import DisplayList
import SMuFL
import ScoreModel

/*
 MultiStaffLayout — score lines of several voices on one or more staves.

 Method. Each voice's symbols come from `SymbolBuilder` (its own clef and key; a fixed
 stem direction and lower rests on a shared staff). `ColumnMerger` merges them into time
 columns, which `HorizontalSpacer` and `LineBreaker` space and break exactly as they do a
 single voice. Each line's start (clef, key, meter) is measured per staff and the widest
 sets where the music begins on every staff, so columns line up from staff to staff. Each
 voice is then drawn by `SystemEngraver` at its columns' xs, a shared staff's voices onto
 one canvas (the later voice's marks clear the earlier's ink), and `SystemStacker` piles
 the staves into one `StaffSystem`.

     V:RH  c2 e2 | g4 |        one column per onset: c/C, e, G/g …; the bar columns are
     V:LH  C,4   | G,4 |       shared, so both staves break at the same bar lines

 Limits. Courtesy signatures at line ends are not drawn; voltas are drawn on the top
 staff only; bar numbers only above the top staff.
 */

/// Lays out a tune with several voices or staves into systems.
struct MultiStaffLayout {
  let layout: TuneLayout
  let plan: StaffPlan
  let format: TuneFormat

  var font: MusicFont { layout.font }
  var scale: Double { layout.setup.staffSpace }

  func systems(for tune: Tune, mode: LineBreakMode, stretchLast: Double) -> [StaffSystem] {
    let fullWidth = layout.setup.contentWidth / scale
    var voiceSymbols: [[StaffSymbol]] = plan.voices.indices.map { index in
      var builder = SymbolBuilder(
        font: font, style: layout.style, measurer: layout.measurer, scale: scale)
      builder.stemDirection = plan.stemDirection(ofVoice: index)
      builder.restShift = plan.restShift(ofVoice: index)
      return builder.build(voice: plan.voices[index], key: tune.initialKey, meter: tune.initialMeter)
    }
    if let bars = layout.options.barsPerStaff, !voiceSymbols.isEmpty {
      TuneLayout.breakEvery(bars, in: &voiceSymbols[0])
    }
    let columns = ColumnMerger.merge(voiceSymbols)
    let symbols = columns.map(\.symbol)
    guard !symbols.isEmpty else { return [] }
    var spacer = HorizontalSpacer(font: font)
    spacer.shortest = Spring.commonShortest(
      voiceSymbols.flatMap { $0.filter(\.isDurational).map(\.duration) })
    let springs = spacer.springs(for: symbols)
    let stacker = SystemStacker(layout: layout, plan: plan)
    let firstIndent = stacker.indent(names: true) + layout.options.indent / scale
    let laterIndent = stacker.indent(names: false)
    let firstMeter: Meter? = tune.initialMeter == .none ? nil : tune.initialMeter
    let breaker = LineBreaker(
      spacer: spacer, width: fullWidth - max(firstIndent, laterIndent), mode: mode, stretchLast: stretchLast)
    let plans = breaker.breakLines(symbols, springs: springs, firstMeter: firstMeter)
    // Voltas are drawn over the first voice only.
    let spans = voiceSymbols.indices.map { voice in
      VoiceSpans(
        symbols: voiceSymbols[voice], endings: voice == 0 ? EndingSpan.find(in: voiceSymbols[voice]) : [])
    }
    var systems: [StaffSystem] = []
    var previousForce = 1.0
    for (lineIndex, line) in plans.enumerated() {
      let indent = lineIndex == 0 ? firstIndent : laterIndent
      let width = fullWidth - indent
      let meter = lineIndex == 0 ? firstMeter : nil
      let columnStart = spacer.lineStart(symbols, from: line.first, meter: meter)
      let starts = plan.voices.indices.map { voiceStart($0, columns, voiceSymbols, line, columnStart, meter) }
      var common = columnStart
      common.width = commonWidth(starts, columns: columns, first: columnStart.firstSymbol)
      let natural = spacer.width(start: common, last: line.last, springs: springs, symbols: symbols)
      let isLast = lineIndex == plans.count - 1
      // Clef, key and meter changes opening the next line are announced at this line's end.
      let courtesy: [[SymbolKind]] = plan.voices.indices.map { voice in
        guard !isLast,
          let member = columns[plans[lineIndex + 1].first...].lazy.compactMap({ $0.members[voice] }).first
        else { return [] }
        return layout.courtesySignatures(voiceSymbols[voice], from: member)
      }
      let courtesyWidth =
        courtesy.map { kinds in
          kinds.reduce(0) { $0 + layout.signatureWidth($1) + 0.6 } + (kinds.isEmpty ? 0 : 0.8)
        }.max() ?? 0
      let justify = !isLast || natural >= width * stretchLast
      let (xs, end, force) = spacer.positions(
        start: common, last: line.last, springs: springs, symbols: symbols, width: width - courtesyWidth,
        justify: justify, looseForce: previousForce)
      previousForce = force
      let alignedStarts = align(starts, width: common.width)
      var staves: [[DisplayItem]] = []
      for (staffIndex, staff) in plan.staves.enumerated() {
        var canvas = StaffCanvas(
          font: font, scale: scale,
          context: ItemContext(tune: tune.referenceNumber, staff: staffIndex, line: lineIndex))
        drawStaff(
          staff.voices, symbols: voiceSymbols, spans: spans, columns: columns, line: line,
          starts: alignedStarts,
          columnXs: xs, from: columnStart.firstSymbol, end: min(end + courtesyWidth, width),
          courtesy: courtesy, isTop: staffIndex == 0, on: &canvas)
        staves.append(canvas.items)
      }
      let barXs = (columnStart.firstSymbol...max(columnStart.firstSymbol, line.last)).compactMap { index in
        index <= line.last && symbols[index].isBar && index - columnStart.firstSymbol < xs.count
          ? (symbols[index], xs[index - columnStart.firstSymbol]) : nil
      }
      var system = stacker.stack(
        staves, bars: barXs, names: lineIndex == 0, indent: indent, end: min(end + courtesyWidth, width),
        context: ItemContext(tune: tune.referenceNumber, line: lineIndex))
      if lineIndex == 0, layout.setup.titleStyle.fields.contains("Q"), let tempo = tune.tempo {
        TempoMark(font: font, setup: layout.setup, measurer: layout.measurer).place(
          tempo, above: &system, context: ItemContext(tune: tune.referenceNumber, staff: 0, voice: 0, line: 0)
        )
      }
      systems.append(system)
    }
    return systems
  }

  /// A voice's clef, key and meter at a line's start, folding the line's leading
  /// signature columns; `firstSymbol` is the voice's first drawn symbol.
  func voiceStart(
    _ voice: Int, _ columns: [ColumnMerger.Column], _ voiceSymbols: [[StaffSymbol]], _ line: LinePlan,
    _ columnStart: LineStart, _ meter: Meter?
  ) -> LineStart {
    let symbols = voiceSymbols[voice]
    let firstIndex = columns[line.first...].lazy.compactMap { $0.members[voice] }.first ?? symbols.count
    var clef =
      firstIndex < symbols.count ? symbols[firstIndex].clef : (symbols.last?.clef ?? plan.voices[voice].clef)
    var key = firstIndex < symbols.count ? symbols[firstIndex].key : (symbols.last?.key ?? .cMajor)
    var shownMeter = meter
    var drawn = symbols.count
    for index in line.first..<columns.count {
      guard let member = columns[index].members[voice] else { continue }
      if index >= columnStart.firstSymbol {
        drawn = member
        break
      }
      switch symbols[member].kind {
      case .clef(let newClef): clef = newClef
      case .key(let newKey, _): key = newKey
      case .meter(let newMeter): shownMeter = newMeter
      default: break
      }
    }
    let geometry = HorizontalSpacer(font: font).startGeometry(clef: clef, key: key, meter: shownMeter)
    return LineStart(
      clef: clef, key: key, meter: shownMeter, firstSymbol: drawn, clefX: geometry.clefX, keyX: geometry.keyX,
      meterX: geometry.meterX, width: geometry.end)
  }

  /// Where the music begins on every staff: after the widest start, then the lead-in.
  func commonWidth(_ starts: [LineStart], columns: [ColumnMerger.Column], first: Int) -> Double {
    let meterX = starts.map(\.meterX).max() ?? 0
    var width = starts.map { meterX + ($0.width - $0.meterX) }.max() ?? 0
    if first < columns.count {
      width += (columns[first].symbol.isBar ? 0.6 : 1.4) + columns[first].symbol.left
    }
    return width
  }

  /// Every staff's meter at the same x, and the same music start.
  func align(_ starts: [LineStart], width: Double) -> [LineStart] {
    let meterX = starts.map(\.meterX).max() ?? 0
    return starts.map { start in
      var start = start
      start.meterX = meterX
      start.width = width
      return start
    }
  }
}
