import DisplayList
import ScoreModel

/*
 BookComposer — a tune book's pages, made as its body arrives: streamed body, matter last.

 Method. Body pieces arrive in order, tunes already laid out (on any thread, by
 `Engraver.engrave(tune:)`): tunes, text blocks, section headings, page breaks, space.
 PageFlow places them; each page it closes is finished at once — moved onto the paper,
 justified, given its running heads and label — and handed out by `takePages()`, so only
 the page being filled is held. For the front and back matter the composer keeps only
 small records: a contents line per tune and section with the body page and y it landed
 on, and every title for the index. `finish()` then sets the title page, the contents
 (whose length is known only now), the index and the outline.

 The front matter is placed before the body in the finished book but made after it, which
 the writers allow (a PDF's page order is written last; numbered image files are named at
 the end). So that a body page's left/right-hand layout is known when it is made, the front
 matter has an even number of pages whenever margins are mirrored or running heads differ
 between left and right pages (a blank page is added).

     add(tune 1) add(tune 2) … → body pages 1, 2, … as they close
     finish() → title page (i), contents (ii–iii), blank (iv), index (13–14), outline

 Limits. Running heads that print the page count (`{pages}`, `$N`) need `pageCount` from a
 first pass (`needsPageCount`). The contents lists tunes and sections only (not text
 blocks); index entries for alternative titles point to the main tune's first page.
 */

/// Places laid-out tunes and text on pages in order, and makes the book's matter at the end.
public final class BookComposer {
  let engraver: Engraver
  let matter: BookMatter
  /// The page count printed by `{pages}`/`$N` placeholders (nil: not known, prints 0).
  let pageCount: Int?
  private var flow: PageFlow
  private var pages: [DisplayPage] = []
  private var bodyCount = 0
  private var pieceCount = 0
  private var inSection = false
  private var inSet = false
  private(set) var contentsEntries:
    [(anchor: FlowAnchor, text: String, level: Int, number: String?, key: String?)] =
      []
  /// The index's titles with their sort keys, made as tunes arrive (not all at the end,
  /// where one core works alone).
  private var titles: [IndexTitle] = []
  private var anchors: [FlowAnchor: (page: Int, y: Double)] = [:]
  /// The number of tunes added.
  public private(set) var tuneCount = 0
  private var firstTitle: String?
  /// Takes each finished body page at once (a long tune's pages then never pile up);
  /// without it pages wait for `takePages()`.
  public var onPage: ((DisplayPage) -> Void)?

  /// A composer for pages set up by `engraver` (its measurer sets text blocks and matter).
  public init(engraver: Engraver, matter: BookMatter, pageCount: Int? = nil) {
    self.engraver = engraver
    self.matter = matter
    self.pageCount = pageCount
    flow = PageFlow(setup: engraver.setup, options: engraver.options)
    flow.firstNumber = matter.pageStart
    flow.onClose = { [unowned self] page, setup in self.finishBodyPage(page, setup: setup) }
  }

  /// Whether running heads print the page count, which a first pass must then supply.
  public static func needsPageCount(_ setup: PageSetup) -> Bool {
    [setup.header, setup.footer].contains { head in
      guard let head else { return false }
      return (head.odd + (head.even ?? [])).contains { $0.contains("{pages}") || $0.contains("$N") }
    }
  }

  /// The setup pages are being filled with.
  public var setup: PageSetup { flow.setup }

  /// Changes the page setup and options from here on (directives between tunes).
  public func setStyle(setup: PageSetup, options: LayoutOptions) {
    flow.setup = setup
    flow.options = options
  }

  /// Places a laid-out tune.
  public func add(_ tune: EngravedTune) {
    let anchor = FlowAnchor.tune(nextPiece())
    tuneCount += 1
    if firstTitle == nil { firstTitle = tune.titles.first }
    contentsEntries.append(
      (
        anchor, tune.contentsTitle, (inSection ? 1 : 0) + (inSet ? 1 : 0),
        matter.contentsNumbers ? String(tune.referenceNumber) : nil,
        matter.contentsKeys ? tune.keyText : nil
      ))
    if matter.index {
      for title in tune.titles { titles.append(IndexTitle(title: title, anchor: anchor)) }
    }
    flow.place(tune.laidOut, anchor: anchor)
  }

  /// Places a block of text (`%%text`, `%%begintext` …).
  public func add(text block: TextBlock) {
    _ = nextPiece()
    let text = TextLayout(measurer: engraver.measurer, width: flow.setup.contentWidth)
    flow.space(flow.setup.textFont.size * 0.4)
    flow.place(text.lines(for: block, font: block.font ?? flow.setup.textFont), stretch: true)
  }

  /// Starts a section: a heading that tunes after it nest under in the contents.
  public func startSection(_ name: String) {
    let anchor = FlowAnchor.section(nextPiece())
    inSection = true
    inSet = false
    contentsEntries.append((anchor, name, 0, nil, nil))
    var font = flow.setup.titleFont
    font.size *= 1.15
    let heading = TextLayout(measurer: engraver.measurer, width: flow.setup.contentWidth).lines(
      for: TextBlock(lines: [name], mode: .center, role: .title), font: font)
    flow.startSection(name, heading: heading, onNewPage: matter.sectionsOnNewPage, anchor: anchor)
  }

  /// Starts a set (a medley, a set list): a heading over the tunes after it, which nest
  /// under it in the contents; the running heads keep the section's name.
  public func startSet(_ name: String) {
    let anchor = FlowAnchor.set(nextPiece())
    contentsEntries.append((anchor, name, inSection ? 1 : 0, nil, nil))
    inSet = true
    var font = flow.setup.titleFont
    font.size *= 0.95
    font.isItalic = true
    let heading = TextLayout(measurer: engraver.measurer, width: flow.setup.contentWidth).lines(
      for: TextBlock(lines: [name], mode: .center, role: .subtitle), font: font)
    flow.startSet(heading, anchor: anchor)
  }

  /// `%%multicol start|new|end` between tunes; false for another word.
  public func multicol(_ action: String) -> Bool {
    flow.multicol(action.lowercased())
  }

  /// A forced page break (`%%newpage`).
  public func pageBreak() {
    _ = nextPiece()
    flow.newPage()
  }

  /// Vertical space in points (`%%vskip`).
  public func space(_ points: Double) {
    _ = nextPiece()
    flow.space(points)
  }

  /// Places any book block, laying out a tune with the composer's engraver.
  public func add(_ block: BookBlock) {
    switch block {
    case .tune(let tune): add(engraver.engrave(tune: tune))
    case .text(let text): add(text: text)
    case .pageBreak: pageBreak()
    case .section(let name): startSection(name)
    case .set(let name): startSet(name)
    case .space(let points): space(points)
    }
  }

  /// The body pages finished since the last call, in order (labels from 1).
  public func takePages() -> [DisplayPage] {
    defer { pages.removeAll(keepingCapacity: true) }
    return pages
  }

  private func nextPiece() -> Int {
    defer { pieceCount += 1 }
    return pieceCount
  }

  private func finishBodyPage(_ draft: FlowPage, setup: PageSetup) {
    let index = bodyCount
    bodyCount += 1
    let label = String(index + matter.pageStart)
    // Sides (running heads, mirrored margins) follow the number: an even one is a left page.
    let side = index + matter.pageStart - 1
    let facts = PageFacts(
      title: draft.titles.first ?? matter.indexTitle, composer: draft.composer ?? "",
      section: draft.section ?? "", label: label, pageCount: pageCount ?? 0,
      book: matter.runningTitle, edition: matter.edition ?? "",
      date: matter.date, fileName: matter.fileName, isEven: side % 2 == 1, footnotes: draft.footnotes)
    // Running heads and pieces stand between the margins the page was begun with (a
    // directive between tunes, or a column's, changes them for later pages).
    var headed = setup
    headed.marginLeft = draft.marginLeft
    headed.marginRight = draft.marginRight
    if setup.header == nil && setup.footer == nil && draft.turnsInsideTune {
      // A page inside a piece is numbered though the template sets no running heads, at
      // the foot's outer corner, as scores are (never on the first page).
      headed.footer = RunningHead(
        odd: ["", "", "{page}"], even: ["{page}", "", ""], font: setup.textFont, skipFirstPage: true)
    }
    // A page left blank so that a piece starts on a left page carries no running heads.
    let heads =
      draft.hasItems
      ? RunningHeads(setup: headed, measurer: engraver.measurer)
        .items(pageIndex: side, facts: facts, isFirstPage: index == 0) : []
    let placed = draft.placedGroups(
      left: headed.contentLeft(pageIndex: side),
      bottom: draft.height - setup.marginBottom)
    for (anchor, y) in placed.anchors where anchors[anchor] == nil { anchors[anchor] = (index, y) }
    var page = DisplayPage(width: draft.width, height: draft.height, items: heads)
    page.groups = placed.groups
    page.label = label
    if let onPage { onPage(page) } else { pages.append(page) }
  }

  /// Closes the body and makes the book's matter; the body pages still to take are in
  /// `lastBodyPages`.
  public func finish() -> BookEnd {
    _ = flow.finish()
    return makeEnd(lastBodyPages: takePages())
  }

  /// Where an anchor landed: body page index and y.
  func place(of anchor: FlowAnchor) -> (page: Int, y: Double)? { anchors[anchor] }

  var titleEntries: [IndexTitle] { titles }
  var bodyPageCount: Int { bodyCount }
  /// The document's title: the book's, never its first tune's when the book has matter of
  /// its own (a title page, contents or index); a plain render is named by its first tune.
  var bookTitle: String? {
    let isBook = matter.titlePage || matter.contents || matter.index
    let title = matter.title ?? (isBook ? matter.untitled : firstTitle)
    guard let edition = matter.edition else { return title }
    return (title.map { $0 + " – " } ?? "") + edition
  }
}

/// What a book's end adds to its streamed body pages.
public struct BookEnd: Sendable {
  /// Body pages not yet handed out when the body closed.
  public var lastBodyPages: [DisplayPage]
  /// The pages before the body (title page, contents, a blank) and after it (index),
  /// each set when asked for.
  public var matter: MatterPages
  /// How many body pages there are in all.
  public var bodyCount: Int
  /// Bookmarks; page numbers are physical indices (front matter first).
  public var outline: [OutlineEntry]
  public var title: String?
  public var info: DocumentInfo

  /// Every page of the book, counted.
  public var pageCount: Int { matter.frontCount + bodyCount + matter.backCount }
  public var front: [DisplayPage] { matter.front }
  public var back: [DisplayPage] { matter.back }
}
