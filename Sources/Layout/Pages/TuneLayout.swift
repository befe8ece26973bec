import DisplayList
import SMuFL
import ScoreModel

/// A tune laid out but not yet placed on pages: its title block and its systems.
struct LaidOutTune {
  var heading: [DisplayItem]
  var headingHeight: Double
  var systems: [StaffSystem]
  /// Systems (by index) that a `%%newpage` inside the tune puts on a new page.
  var breaksBefore: Set<Int> = []
  /// A `%%newpage` in the tune header: the tune starts a new page.
  var startsNewPage = false
  /// Words (`W:`), notes and history set after the music.
  var trailing: [TextLine] = []
  /// The first title, for running heads.
  var title = ""
  var composer = ""
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
        if lineIndex == 0, voiceIndex == 0, setup.titleStyle.fields.contains("Q"), let tempo = tune.tempo {
          TempoMark(font: font, setup: setup, measurer: measurer).place(
            tempo, above: &system, context: context)
        }
        systems.append(system)
      }
      // One staff per tune for now: further voices would need a multi-staff system.
      break
    }
    var laidOut = LaidOutTune(heading: heading.items, headingHeight: heading.height, systems: systems)
    laidOut.title = tune.title
    laidOut.composer = tune.metadata.composers.first ?? ""
    placeDirectedBreaks(tune, in: &laidOut)
    laidOut.trailing = trailingText(tune)
    return laidOut
  }

  /// Maps `%%newpage` lines of the tune to page breaks before the tune or before the
  /// first system whose source starts after the directive.
  func placeDirectedBreaks(_ tune: Tune, in laidOut: inout LaidOutTune) {
    for directive in tune.directives where directive.name == "newpage" {
      let line = directive.range.start.line
      let firstLines = laidOut.systems.map { system in
        system.items.compactMap { $0.source?.line }.min() ?? Int.max
      }
      guard let index = firstLines.firstIndex(where: { $0 > line }) else { continue }
      if index == 0 { laidOut.startsNewPage = true } else { laidOut.breaksBefore.insert(index) }
    }
  }

  /// `W:` words, then `N:` notes and `H:` history when `%%writefields` asks for them.
  func trailingText(_ tune: Tune) -> [TextLine] {
    let fields = setup.titleStyle.fields
    var blocks: [TextBlock] = []
    var words = tune.words
    if words.isEmpty {
      words = tune.metadata.fields.filter { $0.label == "W" }.map(\.value)
    }
    if fields.contains("W") && !words.isEmpty { blocks.append(TextBlock(lines: words, role: .lyric)) }
    if fields.contains("N") && !tune.metadata.notes.isEmpty {
      blocks.append(TextBlock(lines: tune.metadata.notes.map { "Notes: " + $0 }, mode: .fill))
    }
    if fields.contains("H") && !tune.metadata.history.isEmpty {
      blocks.append(TextBlock(lines: tune.metadata.history, mode: .fill))
    }
    guard !blocks.isEmpty else { return [] }
    let text = TextLayout(measurer: measurer, width: setup.contentWidth)
    let context = ItemContext(tune: tune.referenceNumber)
    var lines = [TextLine(items: [], height: setup.wordsFont.size)]
    for block in blocks {
      lines += text.lines(
        for: block, font: block.role == .lyric ? setup.wordsFont : setup.textFont, context: context)
    }
    return lines
  }
}
