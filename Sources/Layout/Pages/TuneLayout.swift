import DisplayList
import SMuFL
import ScoreModel
import Transposition

/// A tune laid out but not yet placed on pages: its title block, its systems, and the
/// words (`W:`) printed after it.
struct LaidOutTune: Sendable {
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
  /// Directives of the file header, which the tune's own directives override.
  var headerDirectives: [Directive] = []

  /// The music's text styles, from the set-up's fonts.
  var style: MusicTextStyle { MusicTextStyle(setup: setup) }

  func layOut(_ written: Tune) -> LaidOutTune {
    // `%%transpose N` engraves the tune N semitones away (a new value; the model is kept).
    let transposed =
      options.transpose == 0 ? written : Transposer(semitones: options.transpose).transpose(written)
    let tune = AutoClef.apply(to: transposed)
    let scale = setup.staffSpace
    let fullWidth = setup.contentWidth / scale
    var format = TuneFormat(directives: headerDirectives + tune.directives)
    format.measureNumberInterval = format.measureNumberInterval ?? options.measureNumbers
    let stretchLast = format.stretchLast ?? options.stretchLast
    let mode: LineBreakMode = format.ignoresSourceBreaks ? .optimal : options.lineBreaks
    var spacer = HorizontalSpacer(font: font)
    let heading = TitleBlock(setup: setup, measurer: measurer).build(for: tune)
    var systems: [StaffSystem] = []
    let plan = StaffPlan(tune: tune)
    if plan.isMultiVoice {
      systems = MultiStaffLayout(layout: self, plan: plan, format: format).systems(
        for: tune, mode: mode, stretchLast: stretchLast)
    } else if let voice = plan.voices.first ?? tune.voices.first {
      var symbols = SymbolBuilder(font: font, style: style, measurer: measurer, scale: scale).build(
        voice: voice, key: tune.initialKey, meter: tune.initialMeter)
      if let bars = options.barsPerStaff { Self.breakEvery(bars, in: &symbols) }
      spacer.shortest = Spring.commonShortest(symbols.filter(\.isDurational).map(\.duration))
      let springs = spacer.springs(for: symbols)
      let spans = VoiceSpans(symbols: symbols, endings: EndingSpan.find(in: symbols))
      let firstMeter: Meter? = tune.initialMeter == .none ? nil : tune.initialMeter
      let breaker = LineBreaker(spacer: spacer, width: fullWidth, mode: mode, stretchLast: stretchLast)
      let plans = breaker.breakLines(symbols, springs: springs, firstMeter: firstMeter)
      let engraver = SystemEngraver(
        font: font, scale: scale, setup: setup, style: style, format: format, measurer: measurer)
      // A short last line keeps the spacing of the line before it rather than its own
      // natural spacing, so it does not look cramped under stretched lines.
      var previousForce = 1.0
      for (lineIndex, plan) in plans.enumerated() {
        // `%%indent`: the first system starts further right and is that much shorter.
        let indent = lineIndex == 0 ? options.indent / scale : 0
        let width = fullWidth - indent
        let start = spacer.lineStart(symbols, from: plan.first, meter: lineIndex == 0 ? firstMeter : nil)
        let natural = spacer.width(start: start, last: plan.last, springs: springs, symbols: symbols)
        let isLast = lineIndex == plans.count - 1
        let courtesy = isLast ? [] : courtesySignatures(symbols, from: plans[lineIndex + 1].first)
        let courtesyWidth =
          courtesy.reduce(0) { $0 + signatureWidth($1) + 0.6 } + (courtesy.isEmpty ? 0 : 0.8)
        let justify = !isLast || natural >= width * stretchLast
        let (xs, end, force) = spacer.positions(
          start: start, last: plan.last, springs: springs, symbols: symbols, width: width - courtesyWidth,
          justify: justify, looseForce: previousForce)
        previousForce = force
        let context = ItemContext(tune: tune.referenceNumber, staff: 0, voice: 0, line: lineIndex)
        var system = engraver.engrave(
          symbols: symbols, spans: spans, plan: plan, start: start, xs: xs,
          end: min(end + courtesyWidth, width),
          courtesy: courtesy, context: context)
        if indent > 0 {
          system.items = system.items.map { $0.translated(dx: indent * scale, dy: 0) }
        }
        if lineIndex == 0, setup.titleStyle.fields.contains("Q"), let tempo = tune.tempo {
          TempoMark(font: font, setup: setup, measurer: measurer).place(
            tempo, above: &system, context: context)
        }
        systems.append(system)
      }
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

  /// `%%barsperstaff N`: a line break after every N bars, replacing the source's breaks.
  static func breakEvery(_ bars: Int, in symbols: inout [StaffSymbol]) {
    var count = 0
    var barHasMusic = false
    for index in symbols.indices {
      symbols[index].breakAfter = false
      if symbols[index].isDurational { barHasMusic = true }
      guard symbols[index].isBar, barHasMusic else { continue }
      barHasMusic = false
      count += 1
      if count % bars == 0 { symbols[index].breakAfter = true }
    }
  }

  /// Clef, key and meter changes that open the next line, to announce at this line's end.
  func courtesySignatures(_ symbols: [StaffSymbol], from first: Int) -> [SymbolKind] {
    var kinds: [SymbolKind] = []
    var index = first
    while index < symbols.count, symbols[index].isSignature {
      switch symbols[index].kind {
      case .key, .meter, .clef: kinds.append(symbols[index].kind)
      default: break
      }
      index += 1
    }
    return kinds
  }

  func signatureWidth(_ kind: SymbolKind) -> Double {
    switch kind {
    case .key(let key, let cancel):
      Double(KeyDrawing.accidentalCount(key: key, cancel: cancel)) * KeyDrawing.step(font: font)
    case .meter(let meter): MeterDrawing.width(of: meter, font: font)
    case .clef(let clef): (font.glyph(ClefDrawing.glyph(for: clef))?.advance ?? 2.7) * 0.8
    default: 0
    }
  }
}
