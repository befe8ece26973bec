import DisplayList
import SMuFL
import ScoreModel

/*
 SystemMaker — a tune's score lines made one at a time, in order, when they are wanted.

 Method. Layout prepares a tune once (symbols, springs, line breaks) and then engraves
 each line by itself: a line needs only the prepared tune and the spacing force of the
 line before it (a short last line keeps that spacing). So the lines need not all exist at
 once. A tune of a few pages is engraved whole by the worker that lays it out; a longer one
 hands its maker to the page flow, which asks for each line as it places it and lets it go
 once the page is written — memory then holds one page of a tune, however long the tune.

     prepared tune ─ system(0) → placed → page 1 written
                   ─ system(1) → placed …

 Limits. Lines must be asked for in order, each once.
 */

/// Engraves the lines of one prepared tune on demand, in order.
protocol SystemMaker: AnyObject {
  /// How many lines the tune has.
  var count: Int { get }
  /// The first source line of line `index`'s music (`%%newpage` placement).
  func firstSourceLine(of index: Int) -> Int?
  /// Engraves line `index`; lines are asked for in order.
  func system(_ index: Int) -> StaffSystem
  /// How full each line is at natural spacing (the quality check).
  var fills: [LineFill] { get }
}

/// The systems of a laid-out tune: all made already, or made on demand.
struct TuneSystems: @unchecked Sendable {
  /// A tune with more lines than this is engraved line by line as it is placed.
  static let eagerLimit = 40

  private let made: [StaffSystem]
  private let maker: (any SystemMaker)?

  init(_ maker: any SystemMaker) {
    if maker.count <= Self.eagerLimit {
      made = (0..<maker.count).map(maker.system)
      self.maker = nil
    } else {
      made = []
      self.maker = maker
    }
    firstLines = (0..<maker.count).map(maker.firstSourceLine)
  }

  init(_ systems: [StaffSystem]) {
    made = systems
    maker = nil
    firstLines = []
  }

  /// The first source line of each system's music.
  let firstLines: [Int?]

  var count: Int { maker?.count ?? made.count }
  /// Whether the systems are made as they are asked for.
  var isOnDemand: Bool { maker != nil }

  /// System `index` (asked for in order when made on demand).
  func system(_ index: Int) -> StaffSystem {
    maker?.system(index) ?? made[index]
  }

  /// Every system, made now (for tests and small tunes).
  var all: [StaffSystem] { (0..<count).map(system) }
}

/// The lines of a single-voice tune.
final class SingleVoiceSystems: SystemMaker {
  let layout: TuneLayout
  let tune: Tune
  let symbols: [StaffSymbol]
  let springs: [Spring]
  let spans: VoiceSpans
  let plans: [LinePlan]
  let spacer: HorizontalSpacer
  let engraver: SystemEngraver
  let fullWidth: Double
  let margins: MarginPlan
  let stretchLast: Double
  let firstMeter: Meter?
  /// The spacing force of the last line made (a short last line keeps it).
  private var previousForce = 1.0

  init(
    layout: TuneLayout, tune: Tune, voice: Voice, format: TuneFormat, mode: LineBreakMode, stretchLast: Double
  ) {
    self.layout = layout
    self.tune = tune
    let scale = layout.setup.staffSpace
    var builder = SymbolBuilder(
      font: layout.font, style: layout.style, measurer: layout.measurer, scale: scale)
    builder.headShapes = HeadShapes(voice: voice, tune: tune)
    let tablature = tune.tablature(of: voice)
    builder.tablature = tablature
    var symbols = builder.build(voice: voice, key: tune.initialKey, meter: tune.initialMeter)
    if let bars = layout.options.barsPerStaff { TuneLayout.breakEvery(bars, in: &symbols) }
    var spacer = HorizontalSpacer(font: layout.font)
    spacer.shortest = Spring.commonShortest(symbols.compactMap { $0.isDurational ? $0.duration : nil })
    springs = spacer.springs(for: symbols)
    spans = VoiceSpans(symbols: symbols, endings: EndingSpan.find(in: symbols))
    firstMeter = tune.initialMeter == .none ? nil : tune.initialMeter
    fullWidth = layout.setup.contentWidth / scale
    self.stretchLast = stretchLast
    let margins = MarginPlan(setup: layout.setup, options: layout.options, staffScale: voice.staffScale)
    var breaker = LineBreaker(spacer: spacer, width: fullWidth, mode: mode, stretchLast: stretchLast)
    breaker.narrowing = margins.narrowing(for: symbols)
    self.margins = margins
    plans = breaker.breakLines(symbols, springs: springs, firstMeter: firstMeter)
    var engraver = SystemEngraver(
      font: layout.font, scale: scale, setup: layout.setup, style: layout.style, format: format,
      measurer: layout.measurer)
    engraver.staffLines = voice.staffLines
    engraver.tablature = tablature
    self.engraver = engraver
    self.symbols = symbols
    self.spacer = spacer
  }

  var count: Int { plans.count }

  var fills: [LineFill] {
    let indent = layout.options.indent / layout.setup.staffSpace
    return LineFill.measure(
      plans: plans, symbols: symbols, springs: springs, spacer: spacer, firstMeter: firstMeter
    ) { line, first in
      fullWidth - (line == 0 ? indent : 0) - margins.shift(forLineFrom: first, in: symbols).narrower
    }
  }

  func firstSourceLine(of index: Int) -> Int? {
    // A loop over indices reads each symbol in place (a lazy chain copies every symbol).
    var first: Int?
    for position in plans[index].first...plans[index].last {
      if let line = symbols[position].source?.line, line < first ?? .max { first = line }
    }
    return first
  }

  func system(_ lineIndex: Int) -> StaffSystem {
    let plan = plans[lineIndex]
    let scale = layout.setup.staffSpace
    // `%%indent`: the first system starts further right and is that much shorter.
    let indent = lineIndex == 0 ? layout.options.indent / scale : 0
    let shift = margins.shift(forLineFrom: plan.first, in: symbols)
    let width = fullWidth - indent - shift.narrower
    let start = spacer.lineStart(symbols, from: plan.first, meter: lineIndex == 0 ? firstMeter : nil)
    let natural = spacer.width(start: start, last: plan.last, springs: springs, symbols: symbols)
    let isLast = lineIndex == plans.count - 1
    let courtesy = isLast ? [] : layout.courtesySignatures(symbols, from: plans[lineIndex + 1].first)
    let courtesyWidth = layout.courtesyWidth(courtesy)
    let justify = !isLast || natural >= width * stretchLast
    let (xs, end, force) = spacer.positions(
      start: start, last: plan.last, springs: springs, symbols: symbols, width: width - courtesyWidth,
      justify: justify, looseForce: previousForce)
    previousForce = force
    let context = ItemContext(tune: tune.referenceNumber, staff: 0, voice: 0, line: lineIndex)
    // A mid-tune `%%scale`: the line is drawn at its own staff space.
    var system =
      shift.scale == 1
      ? engraver.engrave(
        symbols: symbols, spans: spans, plan: plan, start: start, xs: xs,
        end: min(end + courtesyWidth, width),
        courtesy: courtesy, context: context)
      : engraver.scaled(by: shift.scale).engrave(
        symbols: symbols, spans: spans, plan: plan, start: start, xs: xs,
        end: min(end + courtesyWidth, width),
        courtesy: courtesy, context: context)
    if indent > 0 {
      system.items = system.items.map { $0.translated(dx: indent * scale, dy: 0) }
    }
    system.dx = shift.dx * scale
    if lineIndex == 0, layout.setup.titleStyle.fields.contains("Q"), let tempo = tune.tempo {
      TempoMark(font: layout.font, setup: layout.setup, measurer: layout.measurer).place(
        TempoMark.withBeat(tempo, unit: tune.unitNoteLength), above: &system, context: context)
    }
    return system
  }
}
