import DisplayList
import SMuFL
import ScoreModel

/// The layout engine's entry point: tunes in, a display list of pages out.
///
/// Pure: no file I/O and no drawing library. Music-font metrics arrive as a decoded
/// `MusicFont`, text is measured through the injected `TextMeasurer`, and the score model
/// is only read, never changed. An engraver holds no mutable state: one per thread, each
/// with its own measurer, lays out tunes in parallel (`engrave(tune:)`), and a
/// `BookComposer` places the results on pages in order.
public struct Engraver {
  public let font: MusicFont
  public let measurer: any TextMeasurer
  public var setup: PageSetup
  public var options: LayoutOptions

  public init(
    font: MusicFont, measurer: any TextMeasurer, setup: PageSetup = .a4,
    options: LayoutOptions = LayoutOptions()
  ) {
    self.font = font
    self.measurer = measurer
    self.setup = setup
    self.options = options
  }

  /// Lays out one tune with this engraver's setup and options (or `style` when given: the
  /// tune's own directives over the book's), ready to be placed by a `BookComposer`.
  public func engrave(tune: Tune, style: (setup: PageSetup, options: LayoutOptions)? = nil) -> EngravedTune {
    let setup = style?.setup ?? self.setup
    let options = style?.options ?? self.options
    var laidOut = TuneLayout(font: font, setup: setup, measurer: measurer, options: options).layOut(tune)
    // Two to a row: a tune whose lines all fit in half the width, as they stand, is set there.
    if options.twoToARow && !laidOut.systems.isOnDemand {
      var narrow = setup
      narrow.marginRight += (setup.contentWidth + LayoutOptions.rowGap) / 2
      var half = TuneLayout(font: font, setup: narrow, measurer: measurer, options: options).layOut(tune)
      if !half.systems.isOnDemand && half.systems.count == laidOut.systems.count {
        half.isHalfWidth = true
        laidOut = half
      }
    }
    return EngravedTune(laidOut: laidOut, tune: tune, titles: setup.titleStyle)
  }

  /// Lays out the tunes in order and flows them onto pages.
  public func engrave(_ tunes: [Tune], title: String? = nil, headerDirectives: [Directive] = [])
    -> DisplayList
  {
    let layout = TuneLayout(
      font: font, setup: setup, measurer: measurer, options: options,
      headerDirectives: headerDirectives)
    let laidOut = tunes.map { layout.layOut($0) }
    let pages = PageBreaker(setup: setup, options: options, measurer: measurer).paginate(laidOut)
    return DisplayList(pages: pages, title: title ?? tunes.first?.title)
  }

  /// How full each score line of `tune` is at natural spacing (the quality check).
  public func lineFills(of tune: Tune) -> [LineFill] {
    let layout = TuneLayout(font: font, setup: setup, measurer: measurer, options: options)
    return layout.systemMaker(for: tune).1?.fills ?? []
  }

  /// Lays out every tune of a tune book.
  public func engrave(_ tunebook: Tunebook) -> DisplayList {
    engrave(tunebook.tunes, headerDirectives: tunebook.headerDirectives)
  }
}

/// A tune laid out but not yet placed on pages: what a `BookComposer` takes.
public struct EngravedTune: Sendable {
  var laidOut: LaidOutTune
  /// Every title of the tune, for the contents and the index.
  public let titles: [String]
  /// The first title, or `X:n` when the tune has none (a contents line).
  public let contentsTitle: String
  /// The `X:` number and the key as `K:` writes it (contents columns).
  public var referenceNumber = 0
  public var keyText = ""
  /// The number of systems (score lines) the tune takes.
  public var systemCount: Int { laidOut.systems.count }

  init(laidOut: LaidOutTune, tune: Tune, titles style: TitleStyle = TitleStyle()) {
    self.laidOut = laidOut
    // As the heading prints them ("Kesh, The" → "The Kesh"); the index sorts past "The".
    var style = style
    if tune.metadata.textsAsWritten { style.trim = 0 }
    titles = tune.metadata.titles.filter { !$0.isEmpty }.map(style.printed)
    contentsTitle = tune.title.isEmpty ? "X:\(tune.referenceNumber)" : style.printed(tune.title)
    referenceNumber = tune.referenceNumber
    keyText = tune.initialKey.abcText
  }

  init(laidOut: LaidOutTune, titles: [String], contentsTitle: String) {
    self.laidOut = laidOut
    self.titles = titles
    self.contentsTitle = contentsTitle
  }
}
