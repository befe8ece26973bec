import DisplayList
import SMuFL
import ScoreModel
import Transposition

/// A tune laid out but not yet placed on pages: its title block, its systems, and the
/// words (`W:`) printed after it.
struct LaidOutTune: Sendable {
  var heading: [DisplayItem]
  var headingHeight: Double
  var systems: TuneSystems
  /// Systems (by index) that a `%%newpage` inside the tune puts on a new page.
  var breaksBefore: Set<Int> = []
  /// A `%%newpage` in the tune header: the tune starts a new page.
  var startsNewPage = false
  /// Words (`W:`), notes and history set after the music.
  var trailing: [TextLine] = []
  /// The first title, for running heads.
  var title = ""
  var composer = ""
  /// A MusicXML score's rights, set at the foot of the page the tune starts on (as
  /// MuseScore and LilyPond print a copyright line); empty without.
  var footnote = ""
  /// The left margin the tune was set for (its own `%%leftmargin`, else the page's).
  var marginLeft: Double?
  /// Set in half the page's width, to stand beside another (`LayoutOptions.twoToARow`).
  var isHalfWidth = false
  /// The tune's pieces as groups, in placing order — heading, systems, trailing lines —
  /// when kept (a tune read from a cache, or given renderings); nil: made when placed.
  var unitGroups: [DisplayGroup]?
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

  /// The same layout with the staff space `factor` times as large (a mid-tune `%%scale`).
  func scaled(by factor: Double) -> TuneLayout {
    var setup = self.setup
    setup.staffSpace *= factor
    var copy = TuneLayout(font: font, setup: setup, measurer: measurer, options: options)
    copy.headerDirectives = headerDirectives
    return copy
  }

  func layOut(_ written: Tune) -> LaidOutTune { layOut(written, fitting: 2) }

  /// `fitting`: how many more times the tune may be set smaller to fit the page.
  private func layOut(_ written: Tune, fitting: Int) -> LaidOutTune {
    let (tune, maker) = systemMaker(for: written)
    let heading = TitleBlock(setup: setup, measurer: measurer).build(for: tune)
    let systems = maker.map { TuneSystems($0) } ?? TuneSystems([])
    // A score whose system is taller than the page (a choir of eight staves, each with
    // its words) is set smaller, so that every system fits a page.
    if fitting > 0, !systems.isOnDemand, setup.staffSpace > 1,
      let tallest = systems.all.map({ $0.above + $0.below }).max(),
      tallest > setup.contentHeight
    {
      return scaled(by: max(0.5, setup.contentHeight * 0.97 / tallest)).layOut(written, fitting: fitting - 1)
    }
    var laidOut = LaidOutTune(heading: heading.items, headingHeight: heading.height, systems: systems)
    laidOut.title = setup.titleStyle.printed(tune.title)
    laidOut.marginLeft = setup.marginLeft
    laidOut.composer = tune.metadata.composers.first ?? ""
    if let rights = tune.metadata.rights, !rights.allSatisfy(\.isWhitespace) {
      laidOut.footnote = rights.split(whereSeparator: \.isNewline).joined(separator: " ")
    }
    placeDirectedBreaks(tune, in: &laidOut)
    laidOut.trailing = trailingText(tune)
    return laidOut
  }

  /// The tune as it is engraved (transposed, clefs chosen) and what makes its lines.
  func systemMaker(for written: Tune) -> (Tune, (any SystemMaker)?) {
    // `%%transpose N` engraves the tune N semitones away (a new value; the model is kept).
    let transposed =
      options.transpose == 0 ? written : Transposer(semitones: options.transpose).transpose(written)
    let tune = AutoClef.apply(to: transposed)
    var format = TuneFormat(directives: headerDirectives + tune.directives)
    format.unitNoteLength = tune.unitNoteLength
    format.measureNumberInterval = format.measureNumberInterval ?? options.measureNumbers
    let stretchLast = format.stretchLast ?? options.stretchLast
    let mode: LineBreakMode = format.ignoresSourceBreaks ? .optimal : options.lineBreaks
    let segments = StaffPlan.segments(of: tune)
    let plan = segments[0].plan
    if segments.count > 1 || plan.isMultiVoice {
      return (
        tune,
        MultiStaffSystems(
          layout: MultiStaffLayout(layout: self, segments: segments, format: format), tune: tune, mode: mode,
          stretchLast: stretchLast)
      )
    }
    guard let voice = plan.voices.first ?? tune.voices.first else { return (tune, nil) }
    return (
      tune,
      SingleVoiceSystems(
        layout: self, tune: tune, voice: voice, format: format, mode: mode, stretchLast: stretchLast)
    )
  }

  /// Maps `%%newpage` lines of the tune to page breaks before the tune or before the
  /// first system whose source starts after the directive.
  func placeDirectedBreaks(_ tune: Tune, in laidOut: inout LaidOutTune) {
    for directive in tune.directives where directive.name == "newpage" {
      let line = directive.range.start.line
      guard let index = laidOut.systems.firstLines.firstIndex(where: { ($0 ?? Int.max) > line }) else {
        continue
      }
      if index == 0 { laidOut.startsNewPage = true } else { laidOut.breaksBefore.insert(index) }
    }
  }

  /// `W:` words, then `N:` notes and `H:` history when `%%writefields` asks for them (a
  /// MusicXML score's rights go to the foot of its first page: `LaidOutTune.footnote`).
  func trailingText(_ tune: Tune) -> [TextLine] {
    let fields = setup.titleStyle.fields
    var blocks: [TextBlock] = []
    var words = tune.words
    if words.isEmpty {
      words = tune.metadata.fields.filter { $0.label == "W" }.map(\.value)
    }
    if fields.contains("W") && !words.isEmpty { blocks.append(TextBlock(lines: words, role: .lyric)) }
    if fields.contains("N") && !tune.metadata.notes.isEmpty {
      // One label for all the notes, as abcm2ps sets them: "Notes: " before the first.
      let notes = tune.metadata.notes.enumerated().map {
        $0.offset == 0 ? "Notes: " + $0.element : $0.element
      }
      blocks.append(TextBlock(lines: notes, mode: .fill))
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
        for: block, font: block.font ?? (block.role == .lyric ? setup.wordsFont : setup.textFont),
        context: context)
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
    // As they are read at a line start: clef, then key, then meter.
    func rank(_ kind: SymbolKind) -> Int {
      switch kind {
      case .clef: 0
      case .key: 1
      default: 2
      }
    }
    return kinds.enumerated().sorted { (rank($0.element), $0.offset) < (rank($1.element), $1.offset) }.map(
      \.element)
  }

  /// The room the courtesy signatures announcing `kinds` take at a line's end.
  func courtesyWidth(_ kinds: [SymbolKind]) -> Double {
    kinds.isEmpty ? 0 : kinds.reduce(0.8) { $0 + signatureWidth($1) + 0.6 }
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
