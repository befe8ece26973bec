import DisplayList
import SMuFL
import ScoreModel

/// A tune laid out but not yet placed on pages: its title block and its systems.
struct LaidOutTune {
  var heading: [DisplayItem]
  var headingHeight: Double
  var systems: [StaffSystem]
}

/// Lays out one tune: symbols, line breaks, justified systems and the title block.
struct TuneLayout {
  let font: MusicFont
  let setup: PageSetup
  let measurer: any TextMeasurer
  let options: LayoutOptions

  func layOut(_ tune: Tune) -> LaidOutTune {
    let scale = setup.staffSpace
    let width = setup.contentWidth / scale
    let spacer = HorizontalSpacer(font: font)
    let heading = TitleBlock(setup: setup, measurer: measurer).build(for: tune)
    var systems: [StaffSystem] = []
    for (voiceIndex, voice) in tune.voices.enumerated() {
      let symbols = SymbolBuilder(font: font).build(
        voice: voice, key: tune.initialKey, meter: tune.initialMeter)
      let springs = spacer.springs(for: symbols)
      let endings = EndingSpan.find(in: symbols)
      let firstMeter: Meter? = tune.initialMeter == .none ? nil : tune.initialMeter
      let breaker = LineBreaker(
        spacer: spacer, width: width, mode: options.lineBreaks, stretchLast: options.stretchLast)
      let plans = breaker.breakLines(symbols, springs: springs, firstMeter: firstMeter)
      for (lineIndex, plan) in plans.enumerated() {
        let start = spacer.lineStart(symbols, from: plan.first, meter: lineIndex == 0 ? firstMeter : nil)
        let natural = spacer.width(start: start, last: plan.last, springs: springs, symbols: symbols)
        let isLast = lineIndex == plans.count - 1
        let justify = !isLast || natural >= width * options.stretchLast
        let (xs, end) = spacer.positions(
          start: start, last: plan.last, springs: springs, symbols: symbols, width: width,
          justify: justify)
        let context = ItemContext(tune: tune.referenceNumber, staff: 0, voice: voiceIndex, line: lineIndex)
        var system = SystemEngraver(font: font, scale: scale, setup: setup, measurer: measurer).engrave(
          symbols: symbols, plan: plan, start: start, xs: xs, end: min(end, width), endings: endings,
          context: context)
        if lineIndex == 0, voiceIndex == 0, let tempo = tune.tempo {
          TempoMark(font: font, setup: setup, measurer: measurer).place(
            tempo, above: &system, context: context)
        }
        systems.append(system)
      }
      // One staff per tune for now: further voices would need a multi-staff system.
      break
    }
    return LaidOutTune(heading: heading.items, headingHeight: heading.height, systems: systems)
  }
}
