import DisplayList
import SMuFL
import ScoreModel

/// The layout engine's entry point: tunes in, a display list of pages out.
///
/// Pure: no file I/O and no drawing library. Music-font metrics arrive as a decoded
/// `MusicFont`, text is measured through the injected `TextMeasurer`, and the score model
/// is only read, never changed.
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

  /// Lays out the tunes in order and flows them onto pages.
  public func engrave(_ tunes: [Tune], title: String? = nil, headerDirectives: [Directive] = [])
    -> DisplayList
  {
    let layout = TuneLayout(
      font: font, setup: setup, measurer: measurer, options: options,
      headerDirectives: headerDirectives)
    let laidOut = tunes.map { layout.layOut($0) }
    let pages = PageBreaker(setup: setup).paginate(laidOut)
    return DisplayList(pages: pages, title: title ?? tunes.first?.title)
  }

  /// Lays out every tune of a tune book.
  public func engrave(_ tunebook: Tunebook) -> DisplayList {
    engrave(tunebook.tunes, headerDirectives: tunebook.headerDirectives)
  }
}
