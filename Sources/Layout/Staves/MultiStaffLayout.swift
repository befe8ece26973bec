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

 A mid-tune `%%score` starts a staff segment; a line crossing one is drawn with the staves
 of every segment it crosses, each staff over the stretch where it has music (`LineStaves`). On shared staves,
 `SharedStaffSetting` merges equal rests and shifts clashing heads before spacing.

 Voltas are drawn over the top staff of each staff group.

 Limits. Bar numbers only above the top staff.
 */

/// Lays out a tune with several voices or staves into systems.
struct MultiStaffLayout {
  let layout: TuneLayout
  /// The staves from each time on; all number the voices alike.
  let segments: [StaffSegment]
  let format: TuneFormat

  /// The first segment's plan, whose `voices` are every voice drawn anywhere.
  var plan: StaffPlan { segments[0].plan }

  /// How far a bracket's hook pushes the clefs right, in staff spaces.
  static let bracketLead = 0.7

  /// The plan a voice's stems and rests follow: the first that draws it.
  func homePlan(ofVoice voice: Int) -> StaffPlan {
    segments.first { $0.plan.draws(voice: voice) }?.plan ?? plan
  }

  /// The voices that draw the voltas: the first voice of each staff group's top staff
  /// (of the whole score when there are no groups), in any segment.
  var voltaVoices: Set<Int> {
    var voices = Set<Int>()
    for segment in segments {
      let plan = segment.plan
      if let top = plan.staves.first?.voices.first { voices.insert(top) }
      for group in plan.groups where group.depth == 0 && group.staves.lowerBound < plan.staves.count {
        if let first = plan.staves[group.staves.lowerBound].voices.first { voices.insert(first) }
      }
    }
    return voices
  }

  /// The segment in force at `time`.
  func segment(at time: Rational) -> Int {
    segments.lastIndex { $0.start <= time } ?? 0
  }

  var font: MusicFont { layout.font }
  var scale: Double { layout.setup.staffSpace }

  /// A voice's clef, key and meter at a line's start, folding the line's leading
  /// signature columns; `firstSymbol` is the voice's first drawn symbol.
  func voiceStart(
    _ voice: Int, _ columns: ColumnTable, _ presence: VoicePresence,
    _ voiceSymbols: [[StaffSymbol]],
    _ line: LinePlan, _ columnStart: LineStart, _ meter: Meter?
  ) -> LineStart {
    let symbols = voiceSymbols[voice]
    let firstIndex = presence.first(of: voice, from: line.first)?.member ?? symbols.count
    var clef =
      firstIndex < symbols.count ? symbols[firstIndex].clef : (symbols.last?.clef ?? plan.voices[voice].clef)
    var key = firstIndex < symbols.count ? symbols[firstIndex].key : (symbols.last?.key ?? .cMajor)
    var shownMeter = meter
    var drawn = symbols.count
    for (index, member) in presence.members(of: voice, from: line.first) {
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
    var start = LineStart(
      clef: clef, key: key, meter: shownMeter, firstSymbol: drawn, clefX: geometry.clefX, keyX: geometry.keyX,
      meterX: geometry.meterX, width: geometry.end)
    if columnStart.repeatX != nil {
      // The line before ended on a bar opening a repeat: every staff opens with `|:`.
      start.repeatX = geometry.end + HorizontalSpacer.repeatGap
      start.width =
        geometry.end + HorizontalSpacer.repeatGap
        + BarLineDrawing.width(of: HorizontalSpacer.startRepeat, font: font)
    }
    return start
  }

  /// Where the music begins on every staff: after the widest start, then the lead-in.
  func commonWidth(_ starts: [LineStart], columns: ColumnTable, first: Int) -> Double {
    let meterX = starts.map(\.meterX).max() ?? 0
    var width = starts.map { meterX + ($0.width - $0.meterX) }.max() ?? 0
    if first < columns.count {
      width += (columns.symbols[first].isBar ? 0.6 : 1.4) + columns.symbols[first].left
    }
    return width
  }

  /// Every staff's meter at the same x (the furthest among `drawn`), and the same music start.
  func align(_ starts: [LineStart], width: Double, drawn: [LineStart]) -> [LineStart] {
    let meterX = drawn.map(\.meterX).max() ?? 0
    let repeatX = drawn.compactMap(\.repeatX).max()
    return starts.map { start in
      var start = start
      if let shift = start.repeatX.map({ meterX - start.meterX + $0 }) {
        start.repeatX = max(shift, repeatX ?? shift)
      }
      start.meterX = meterX
      start.width = width
      return start
    }
  }
}

/// The columns each voice has a member in, for finding a voice's next symbol from any
/// column by binary search (a voice that ends early is not looked for column by column).
struct VoicePresence {
  /// Per voice, its columns in order with the member symbol's index.
  private let entries: [[(column: Int, member: Int)]]

  init(columns: ColumnTable, voices: Int) {
    var entries = [[(column: Int, member: Int)]](repeating: [], count: voices)
    for column in columns.indices {
      for voice in 0..<voices {
        if let member = columns.member(column, voice: voice) { entries[voice].append((column, member)) }
      }
    }
    self.entries = entries
  }

  private func position(of voice: Int, from column: Int) -> Int {
    let list = entries[voice]
    var low = 0
    var high = list.count
    while low < high {
      let middle = (low + high) / 2
      if list[middle].column < column { low = middle + 1 } else { high = middle }
    }
    return low
  }

  /// The voice's first member at or after `column`.
  func first(of voice: Int, from column: Int) -> (column: Int, member: Int)? {
    let index = position(of: voice, from: column)
    return index < entries[voice].count ? entries[voice][index] : nil
  }

  /// The voice's members from `column` on, in order.
  func members(of voice: Int, from column: Int) -> ArraySlice<(column: Int, member: Int)> {
    entries[voice][position(of: voice, from: column)...]
  }
}

/// The lines of a tune with several voices or staves, made one at a time.
final class MultiStaffSystems: SystemMaker {
  let layout: MultiStaffLayout
  let tune: Tune
  let voiceSymbols: [[StaffSymbol]]
  let columns: ColumnTable
  /// Per voice and symbol, how far right a note is set beside another voice's.
  let shifts: [[Double]]
  let symbols: [StaffSymbol]
  let presence: VoicePresence
  let spacer: HorizontalSpacer
  let springs: [Spring]
  let spans: [VoiceSpans]
  let plans: [LinePlan]
  let margins: MarginPlan
  /// Per line, the staff segment it starts in.
  let lineSegments: [Int]
  /// Per staff segment, the column it starts at.
  let segmentStarts: [Int]
  /// One per staff segment.
  let stackers: [SystemStacker]
  let firstIndent: Double
  let laterIndent: Double
  let fullWidth: Double
  let stretchLast: Double
  let firstMeter: Meter?
  /// Tablature staves by voice (`%%tablature`).
  let tablatures: [Int: Tablature]
  /// Notes marked `!xstem!`, by where they are written, with their voice.
  let crossStaffStems: [SourcePosition: Int]
  /// By voice, the bars in which it has its shared staff to itself (`SoloBars`).
  let soloBars: [[Range<Rational>]]
  private var previousForce = 1.0

  init(layout: MultiStaffLayout, tune: Tune, mode: LineBreakMode, stretchLast: Double) {
    self.layout = layout
    self.tune = tune
    var tablatures: [Int: Tablature] = [:]
    for (index, voice) in layout.plan.voices.enumerated() { tablatures[index] = tune.tablature(of: voice) }
    self.tablatures = tablatures
    let plan = layout.plan
    let scale = layout.scale
    fullWidth = layout.layout.setup.contentWidth / scale
    // By voice, the bars in which a voice of a shared staff is alone there (`SoloBars`).
    let soloBars = plan.voices.indices.map { index -> [Range<Rational>] in
      let home = layout.homePlan(ofVoice: index)
      guard
        home.stemDirection(ofVoice: index) != plan.voices[index].stemDirection
          || home.restShift(ofVoice: index) != 0
      else { return [] }
      return SoloBars.spans(
        of: plan.voices[index], others: home.sharers(ofVoice: index).map { plan.voices[$0] })
    }
    self.soloBars = soloBars
    var voiceSymbols: [[StaffSymbol]] = plan.voices.indices.map { index in
      var builder = SymbolBuilder(
        font: layout.font, style: layout.layout.style, measurer: layout.layout.measurer, scale: scale)
      builder.headShapes = HeadShapes(voice: plan.voices[index], tune: tune)
      builder.tablature = tune.tablature(of: plan.voices[index])
      builder.crossBeamStems = plan.crossBeamStems[index] ?? [:]
      let home = layout.homePlan(ofVoice: index)
      builder.stemDirection = home.stemDirection(ofVoice: index)
      builder.restShift = home.restShift(ofVoice: index)
      builder.soloBars = soloBars[index]
      builder.lyricsApart = plan.voices.count > 1
      return builder.build(voice: plan.voices[index], key: tune.initialKey, meter: tune.initialMeter)
    }
    if let bars = layout.layout.options.barsPerStaff, !voiceSymbols.isEmpty {
      TuneLayout.breakEvery(bars, in: &voiceSymbols[0])
    }
    var columns = ColumnMerger.merge(voiceSymbols)
    shifts = SharedStaffSetting(font: layout.font, layout: layout).apply(to: &voiceSymbols, columns: &columns)
    self.columns = columns
    symbols = columns.symbols
    presence = VoicePresence(columns: columns, voices: voiceSymbols.count)
    var spacer = HorizontalSpacer(font: layout.font)
    spacer.shortest = Spring.commonShortest(
      voiceSymbols.flatMap { $0.compactMap { $0.isDurational ? $0.duration : nil } })
    var springs = spacer.springs(for: symbols)
    LyricRods.apply(columns: columns, voices: voiceSymbols, springs: &springs)
    self.springs = springs
    stackers = layout.segments.map { SystemStacker(layout: layout.layout, plan: $0.plan) }
    let lead =
      layout.segments.contains { $0.plan.groups.contains { $0.bracket == .bracket } }
      ? MultiStaffLayout.bracketLead : 0
    firstIndent = stackers[0].indent(names: true) + layout.layout.options.indent / scale
    laterIndent = stackers.map { $0.indent(names: false) }.max() ?? 0
    firstMeter = tune.initialMeter == .none ? nil : tune.initialMeter
    self.stretchLast = stretchLast
    var breaker = LineBreaker(
      spacer: spacer, width: fullWidth - max(firstIndent, laterIndent) - lead, mode: mode,
      stretchLast: stretchLast)
    let margins = MarginPlan(setup: layout.layout.setup, options: layout.layout.options)
    breaker.narrowing = margins.narrowing(for: symbols)
    breaker.endRoom = { [symbols] last in
      layout.layout.courtesyWidth(layout.layout.courtesySignatures(symbols, from: last + 1))
    }
    self.margins = margins
    plans = symbols.isEmpty ? [] : breaker.breakLines(symbols, springs: springs, firstMeter: firstMeter)
    lineSegments = plans.map { layout.segment(at: columns.symbols[$0.first].onset) }
    segmentStarts = Self.segmentStarts(layout.segments, in: columns)
    // Voltas are drawn over the top staff of each staff group (every group's players
    // see them), by that staff's first voice.
    let voltaVoices = layout.voltaVoices
    spans = voiceSymbols.indices.map { voice in
      VoiceSpans(
        symbols: voiceSymbols[voice],
        endings: voltaVoices.contains(voice) ? EndingSpan.find(in: voiceSymbols[voice]) : [])
    }
    self.voiceSymbols = voiceSymbols
    crossStaffStems = CrossStaffStems.marked(in: voiceSymbols)
    self.spacer = spacer
  }

  var count: Int { plans.count }

  var fills: [LineFill] {
    LineFill.measure(
      plans: plans, symbols: symbols, springs: springs, spacer: spacer, firstMeter: firstMeter
    ) { line, first in
      fullWidth - (line == 0 ? firstIndent : laterIndent)
        - margins.shift(forLineFrom: first, in: symbols).narrower
    }
  }

  func firstSourceLine(of index: Int) -> Int? {
    let line = plans[index]
    var lowest: Int?
    for voice in voiceSymbols.indices {
      for (column, member) in presence.members(of: voice, from: line.first) {
        guard column <= line.last else { break }
        if let source = voiceSymbols[voice][member].source?.line { lowest = min(lowest ?? source, source) }
      }
    }
    return lowest
  }

  /// Whether any of `voices` has a note or visible rest in the columns.
  func hasMusic(_ voices: [Int], in columns: ClosedRange<Int>) -> Bool {
    voices.contains { voice in
      if layout.plan.voices[voice].keepsStaff { return true }
      for (column, member) in presence.members(of: voice, from: columns.lowerBound) {
        guard column <= columns.upperBound else { break }
        switch voiceSymbols[voice][member].kind {
        case .note: return true
        case .rest(let rest) where rest.isVisible: return true
        default: continue
        }
      }
      return false
    }
  }

  /// The column each staff segment starts at: the first after the new segment's time, or
  /// at it when not a bar line (a bar line at the change closes the segment before).
  static func segmentStarts(_ segments: [StaffSegment], in columns: ColumnTable) -> [Int] {
    var starts = [0]
    for segment in segments.dropFirst() {
      let first =
        columns.symbols.firstIndex {
          $0.onset > segment.start || $0.onset == segment.start && !$0.isBar
        } ?? columns.count
      starts.append(max(first, starts[starts.count - 1]))
    }
    return starts
  }

  /// The line's stretches in each staff segment it crosses.
  func parts(of line: LinePlan) -> [(segment: Int, columns: ClosedRange<Int>)] {
    var parts: [(segment: Int, columns: ClosedRange<Int>)] = []
    for (segment, start) in segmentStarts.enumerated() {
      let end = segment + 1 < segmentStarts.count ? segmentStarts[segment + 1] - 1 : Int.max
      let low = max(start, line.first)
      let high = min(end, line.last)
      if low <= high { parts.append((segment, low...high)) }
    }
    return parts.isEmpty ? [(lineSegments[0], line.first...line.last)] : parts
  }

  func system(_ lineIndex: Int) -> StaffSystem {
    let line = plans[lineIndex]
    var plan = layout.segments[lineSegments[lineIndex]].plan
    var stacker = stackers[lineSegments[lineIndex]]
    let parts = parts(of: line)
    // A line crossing a mid-tune `%%score` has the staves of every segment it crosses.
    let lineStaves =
      parts.count < 2
      ? nil
      : LineStaves(
        parts: parts.map { LineStaves.Part(plan: layout.segments[$0.segment].plan, columns: $0.columns) },
        hasMusic: hasMusic)
    if let lineStaves {
      plan = lineStaves.plan
      stacker = SystemStacker(layout: layout.layout, plan: plan)
    } else {
      // Staves whose voices have not begun (or have ended) are left out of the line.
      let silent = Set(
        plan.staves.indices.filter { !hasMusic(plan.staves[$0].voices, in: line.first...line.last) })
      if !silent.isEmpty && silent.count < plan.staves.count {
        plan = plan.removing(staves: silent)
        stacker = SystemStacker(layout: layout.layout, plan: plan)
      }
    }
    let setup = layout.layout.setup
    let indent = lineIndex == 0 ? firstIndent : laterIndent
    let shift = margins.shift(forLineFrom: line.first, in: symbols)
    let width = fullWidth - indent - shift.narrower
    let meter = lineIndex == 0 ? firstMeter : nil
    let columnStart = spacer.lineStart(symbols, from: line.first, meter: meter)
    // A bracket's hook reaches over the staves' start: clefs begin clear of it.
    let lead = plan.groups.contains { $0.bracket == .bracket } ? MultiStaffLayout.bracketLead : 0
    let starts = plan.voices.indices.map {
      layout.voiceStart($0, columns, presence, voiceSymbols, line, columnStart, meter).moved(by: lead)
    }
    let drawnStarts = plan.voices.indices.filter {
      plan.draws(voice: $0) && lineStaves?.drawsAtStart(voice: $0) != false
    }.map { starts[$0] }
    var common = columnStart
    common.width = layout.commonWidth(drawnStarts, columns: columns, first: columnStart.firstSymbol)
    let natural = spacer.width(start: common, last: line.last, springs: springs, symbols: symbols)
    let isLast = lineIndex == plans.count - 1
    // Clef, key and meter changes opening the next line are announced at this line's end.
    let courtesy: [[SymbolKind]] = plan.voices.indices.map { voice in
      guard !isLast, let member = presence.first(of: voice, from: plans[lineIndex + 1].first)?.member
      else { return [] }
      return layout.layout.courtesySignatures(voiceSymbols[voice], from: member)
    }
    let courtesyWidth = courtesy.map(layout.layout.courtesyWidth).max() ?? 0
    let justify = !isLast || natural >= width * stretchLast
    let (xs, end, force) = spacer.positions(
      start: common, last: line.last, springs: springs, symbols: symbols, width: width - courtesyWidth,
      justify: justify, looseForce: previousForce)
    previousForce = force
    let alignedStarts = layout.align(starts, width: common.width, drawn: drawnStarts)
    // Where each part of a line crossing segments starts: at the bar line closing the part
    // before, else midway between the two parts' columns.
    let partStarts = parts.map { part -> Double in
      let before = part.columns.lowerBound - 1 - columnStart.firstSymbol
      guard before >= 0, before < xs.count else { return 0 }
      if symbols[part.columns.lowerBound - 1].isBar || before + 1 >= xs.count { return xs[before] }
      return (xs[before] + xs[before + 1]) / 2
    }
    let presentRanges = lineStaves?.ranges(partStarts: partStarts)
    // A mid-tune `%%scale`: the line is drawn at its own staff space.
    let drawing =
      shift.scale == 1
      ? layout
      : MultiStaffLayout(
        layout: layout.layout.scaled(by: shift.scale), segments: layout.segments, format: layout.format)
    if shift.scale != 1 { stacker = SystemStacker(layout: drawing.layout, plan: plan) }
    var staves: [[DisplayItem]] = []
    let sizes = plan.staves.indices.map(plan.scale(ofStaff:))
    // Where a staff's lines end, in its own staff spaces: what follows the last column
    // (the closing bar line's own width) keeps its size, so the lines stop at its edge.
    func staffEnd(_ size: Double) -> Double {
      let lineEnd = min(end + courtesyWidth, width)
      guard size != 1, let last = xs.last else { return lineEnd }
      return last / size + (lineEnd - last)
    }
    for (staffIndex, staff) in plan.staves.enumerated() {
      // A staff of another size (`%%staffscale`) is drawn at its own staff space: the
      // columns' xs, in the line's staff spaces, are that many of its own.
      let size = sizes[staffIndex]
      let staffDrawing =
        size == 1
        ? drawing
        : MultiStaffLayout(
          layout: layout.layout.scaled(by: shift.scale * size), segments: layout.segments,
          format: layout.format)
      var canvas = StaffCanvas(
        font: layout.font, scale: staffDrawing.scale,
        context: ItemContext(tune: tune.referenceNumber, staff: staffIndex, line: lineIndex))
      canvas.staffLines = staff.voices.first.map { plan.voices[$0].staffLines } ?? 5
      staffDrawing.drawStaff(
        staff.voices, symbols: voiceSymbols, spans: spans, columns: columns, line: line,
        starts: size == 1 ? alignedStarts : alignedStarts.map { $0.shrunk(by: size) },
        columnXs: size == 1 ? xs : xs.map { $0 / size }, from: columnStart.firstSymbol,
        end: staffEnd(size),
        courtesy: courtesy, shifts: size == 1 ? shifts : shifts.map { $0.map { $0 / size } },
        isTop: staffIndex == 0, tablatures: tablatures,
        voiceColumns: lineStaves?.columns(ofStaff: staffIndex), soloBars: soloBars,
        on: &canvas)
      if let presentRanges {
        let points = drawing.scale
        staves.append(
          LineStaves.clip(
            canvas.items,
            to: presentRanges[staffIndex].map { ($0.lowerBound * points)...($0.upperBound * points) }))
      } else {
        staves.append(canvas.items)
      }
    }
    let barXs = (columnStart.firstSymbol...max(columnStart.firstSymbol, line.last)).compactMap {
      index -> (StaffSymbol, Double)? in
      guard index <= line.last, symbols[index].isBar, index - columnStart.firstSymbol < xs.count else {
        return nil
      }
      var symbol = symbols[index]
      if index == line.last, case .bar(let bar) = symbol.kind {
        symbol.kind = .bar(HorizontalSpacer.atLineEnd(bar))
      }
      return (symbol, xs[index - columnStart.firstSymbol])
    }
    func stacked(reserving reserved: [Int: CrossStaffBeams.Reach]) -> StaffSystem {
      stacker.stack(
        staves, sizes: sizes, bars: barXs, names: lineIndex == 0, indent: indent,
        end: min(end + courtesyWidth, width), present: presentRanges, reserved: reserved,
        context: ItemContext(tune: tune.referenceNumber, line: lineIndex))
    }
    var system = stacked(reserving: [:])
    // A beam across staves set above (or below) all of them is only known once they are
    // stacked: the staves are stacked again keeping its room, so it clears the words and
    // marks of the staff beside it.
    let reached = CrossStaffBeams.draw(plan.crossBeams, in: &system, font: layout.font, scale: drawing.scale)
    if !reached.isEmpty {
      system = stacked(reserving: reached)
      CrossStaffBeams.draw(plan.crossBeams, in: &system, font: layout.font, scale: drawing.scale)
    }
    CrossStaffStems.join(
      crossStaffStems, in: &system, thickness: layout.font.engravingDefaults.stemThickness * drawing.scale)
    if !plan.crossBeams.isEmpty || !crossStaffStems.isEmpty {
      CrossStaffClearance.apply(to: &system, pad: 0.5 * drawing.scale)
    }
    CrossStaffSlurs.draw(plan.crossSlurs, in: &system, font: layout.font, scale: drawing.scale)
    if lineIndex == 0, setup.titleStyle.fields.contains("Q"), let tempo = tune.tempo {
      TempoMark(font: layout.font, setup: setup, measurer: layout.layout.measurer).place(
        TempoMark.withBeat(tempo, unit: tune.unitNoteLength), above: &system, left: indent * layout.scale,
        context: ItemContext(tune: tune.referenceNumber, staff: 0, voice: 0, line: 0))
    }
    // What was drawn after the stacking (beams and stems across staves, their slurs)
    // may reach past the stacked extents: the page keeps room for all of it.
    for item in system.items {
      system.above = max(system.above, -item.box.minY)
      system.below = max(system.below, item.box.maxY)
    }
    system.dx = shift.dx * layout.scale
    return system
  }
}

extension LineStart {
  /// The start measured in the staff spaces of a staff `size` times as large.
  func shrunk(by size: Double) -> LineStart {
    var shrunk = self
    shrunk.clefX /= size
    shrunk.keyX /= size
    shrunk.meterX /= size
    shrunk.width /= size
    shrunk.repeatX = repeatX.map { $0 / size }
    return shrunk
  }

  /// The start with its clef, key and meter moved right by `dx` staff spaces.
  func moved(by dx: Double) -> LineStart {
    guard dx != 0 else { return self }
    var moved = self
    moved.clefX += dx
    moved.keyX += dx
    moved.meterX += dx
    moved.width += dx
    return moved
  }
}
