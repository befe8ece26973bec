import DisplayList
import SMuFL
import ScoreModel

/// A tune laid out but not yet placed on pages: its title block, its systems, and the
/// words (`W:`) printed after it.
struct LaidOutTune {
  var heading: [DisplayItem]
  var headingHeight: Double
  var systems: [StaffSystem]
  var trailer: [DisplayItem] = []
  var trailerHeight: Double = 0
}

/// Lays out one tune: symbols, line breaks, justified systems and the title block.
struct TuneLayout {
  let font: MusicFont
  let setup: PageSetup
  let style: MusicTextStyle
  let measurer: any TextMeasurer
  let options: LayoutOptions
  /// Directives of the file header, which the tune's own directives override.
  var headerDirectives: [Directive] = []

  func layOut(_ tune: Tune) -> LaidOutTune {
    let scale = setup.staffSpace
    let width = setup.contentWidth / scale
    let format = TuneFormat(directives: headerDirectives + tune.directives)
    let stretchLast = format.stretchLast ?? options.stretchLast
    let mode: LineBreakMode = format.ignoresSourceBreaks ? .optimal : options.lineBreaks
    var spacer = HorizontalSpacer(font: font)
    let heading = TitleBlock(setup: setup, measurer: measurer).build(for: tune)
    var systems: [StaffSystem] = []
    if let voice = tune.voices.first {
      let symbols = SymbolBuilder(font: font, style: style, measurer: measurer, scale: scale).build(
        voice: voice, key: tune.initialKey, meter: tune.initialMeter)
      spacer.shortest = Spring.commonShortest(symbols.filter(\.isDurational).map(\.duration))
      let springs = spacer.springs(for: symbols)
      let endings = EndingSpan.find(in: symbols)
      let firstMeter: Meter? = tune.initialMeter == .none ? nil : tune.initialMeter
      let breaker = LineBreaker(spacer: spacer, width: width, mode: mode, stretchLast: stretchLast)
      let plans = breaker.breakLines(symbols, springs: springs, firstMeter: firstMeter)
      let engraver = SystemEngraver(
        font: font, scale: scale, setup: setup, style: style, format: format, measurer: measurer)
      for (lineIndex, plan) in plans.enumerated() {
        let start = spacer.lineStart(symbols, from: plan.first, meter: lineIndex == 0 ? firstMeter : nil)
        let natural = spacer.width(start: start, last: plan.last, springs: springs, symbols: symbols)
        let isLast = lineIndex == plans.count - 1
        let courtesy = isLast ? [] : courtesySignatures(symbols, from: plans[lineIndex + 1].first)
        let courtesyWidth =
          courtesy.reduce(0) { $0 + signatureWidth($1) + 0.6 } + (courtesy.isEmpty ? 0 : 0.8)
        let justify = !isLast || natural >= width * stretchLast
        let (xs, end) = spacer.positions(
          start: start, last: plan.last, springs: springs, symbols: symbols, width: width - courtesyWidth,
          justify: justify)
        let context = ItemContext(tune: tune.referenceNumber, staff: 0, voice: 0, line: lineIndex)
        var system = engraver.engrave(
          symbols: symbols, plan: plan, start: start, xs: xs, end: min(end + courtesyWidth, width),
          endings: endings, courtesy: courtesy, context: context)
        if lineIndex == 0, let tempo = tune.tempo {
          TempoMark(font: font, setup: setup, measurer: measurer).place(
            tempo, above: &system, context: context)
        }
        systems.append(system)
      }
    }
    let words = WordsBlock(style: style, measurer: measurer, width: setup.contentWidth).build(tune)
    return LaidOutTune(
      heading: heading.items, headingHeight: heading.height, systems: systems, trailer: words.items,
      trailerHeight: words.height)
  }

  /// Key and meter changes that open the next line, to announce at this line's end.
  func courtesySignatures(_ symbols: [StaffSymbol], from first: Int) -> [SymbolKind] {
    var kinds: [SymbolKind] = []
    var index = first
    while index < symbols.count, symbols[index].isSignature {
      switch symbols[index].kind {
      case .key, .meter: kinds.append(symbols[index].kind)
      default: break
      }
      index += 1
    }
    return kinds
  }

  func signatureWidth(_ kind: SymbolKind) -> Double {
    switch kind {
    case .key(let key, let cancel):
      Double(KeyDrawing.accidentals(key: key, cancel: cancel, clef: .treble).count)
        * KeyDrawing.step(font: font)
    case .meter(let meter): MeterDrawing.width(of: meter, font: font)
    default: 0
    }
  }
}
