import DisplayList

/*
 BookComposer+Matter — the title page, contents, index, labels and outline of a book.

 Method, once the body is closed:
   1. Count the front matter: a title page, then the contents, whose page count depends
      only on how many entries it has; a blank page keeps the body on a right-hand page
      when left and right pages differ (mirrored margins, left/right running heads).
   2. Set the contents and the index (all titles, alternative ones included, A–Z) with
      the body's page labels, each line a link to the page and height its tune landed on.
   3. Label pages (roman for front matter, arabic from the body's first page on), add
      running heads to the index pages, and build the outline: sections with their tunes
      nested, or tunes alone.

 Example: title page (i), contents (ii), blank (iii, with mirrored margins), body 1–12,
 index 13–14; the outline reads Contents / Jigs › The Kesh … / Index of Titles.
 */

extension BookComposer {
  func makeEnd(lastBodyPages: [DisplayPage]) -> BookEnd {
    let setup = self.setup
    let measurer = engraver.measurer
    let contents = EntryListPages(
      setup: setup, measurer: measurer, title: matter.contentsTitle, columns: matter.listColumns)
    var frontCount = matter.titlePage ? 1 : 0
    let contentsStart = frontCount
    if matter.contents { frontCount += contents.pageCount(entries: contentsEntries.count) }
    // The body's first page falls on the side its number asks for (page 1 on the right).
    if frontCount > 0 && (frontCount + matter.pageStart - 1) % 2 == 1 && Self.sidesDiffer(setup) {
      frontCount += 1
    }

    func label(_ physical: Int) -> String { String(physical - frontCount + matter.pageStart) }
    func physicalPlace(_ anchor: FlowAnchor) -> (page: Int, y: Double)? {
      place(of: anchor).map { (frontCount + $0.page, $0.y) }
    }
    func target(_ anchor: FlowAnchor) -> LinkTarget? {
      physicalPlace(anchor).map { LinkTarget.page(index: $0.page, y: max(0, $0.y - 6)) }
    }

    var pages = MatterPages(
      setup: setup, measurer: measurer, matter: matter, tuneCount: tuneCount, frontCount: frontCount,
      contentsStart: contentsStart, backStart: frontCount + bodyPageCount)
    if matter.index {
      pages.indexEntries = Engraver.indexEntries(titleEntries) { anchor in
        physicalPlace(anchor).map { (label($0.page), target(anchor)) }
      }
    }
    if matter.contents {
      pages.contentsEntries = contentsEntries.map { entry in
        ListEntry(
          text: entry.text,
          label: entry.anchor.isSection ? nil : physicalPlace(entry.anchor).map { label($0.page) },
          target: target(entry.anchor), level: entry.level, number: entry.number, key: entry.key)
      }
    }
    pages.numberedCount = pageCount ?? (bodyPageCount + pages.backCount)

    // The outline.
    var outline: [OutlineEntry] = []
    if matter.contents { outline.append(OutlineEntry(title: matter.contentsTitle, page: contentsStart)) }
    for entry in contentsEntries {
      guard let place = physicalPlace(entry.anchor) else { continue }
      let node = OutlineEntry(title: entry.text, page: place.page, y: max(0, place.y - 6))
      let last = outline.count - 1
      if entry.level == 2, last >= 0, !outline[last].children.isEmpty {
        outline[last].children[outline[last].children.count - 1].children.append(node)
      } else if entry.level >= 1, !outline.isEmpty, outline[last].title != matter.contentsTitle {
        outline[last].children.append(node)
      } else {
        outline.append(node)
      }
    }
    if pages.backCount > 0 { outline.append(OutlineEntry(title: matter.indexTitle, page: pages.backStart)) }
    let subject = tuneCount == 1 ? "1 tune in ABC notation" : "\(tuneCount) tunes in ABC notation"
    return BookEnd(
      lastBodyPages: lastBodyPages, matter: pages, bodyCount: bodyPageCount, outline: outline,
      title: bookTitle, info: DocumentInfo(author: matter.author, subject: subject))
  }

  /// Whether left- and right-hand pages are set differently, so that the body must start
  /// on a right-hand page for its pages to be made before the front matter.
  static func sidesDiffer(_ setup: PageSetup) -> Bool {
    if setup.mirrorMargins { return true }
    return [setup.header, setup.footer].contains { head in
      guard let head else { return false }
      return head.even != nil || head.odd.contains { $0.contains("$P0") || $0.contains("$P1") }
    }
  }
}

/// The title page, contents and index of a book, each page set when it is asked for.
public struct MatterPages: Sendable {
  let setup: PageSetup
  private(set) var measurer: any TextMeasurer & Sendable
  let matter: BookMatter
  let tuneCount: Int
  /// Pages before the body, and the physical indices where the contents and the back start.
  public let frontCount: Int
  let contentsStart: Int
  let backStart: Int
  var contentsEntries: [ListEntry] = []
  var indexEntries: [ListEntry] = []
  /// The count `{pages}` prints.
  var numberedCount = 0

  init(
    setup: PageSetup, measurer: any TextMeasurer, matter: BookMatter, tuneCount: Int, frontCount: Int,
    contentsStart: Int, backStart: Int
  ) {
    self.setup = setup
    self.measurer = UncheckedMeasurer(base: measurer)
    self.matter = matter
    self.tuneCount = tuneCount
    self.frontCount = frontCount
    self.contentsStart = contentsStart
    self.backStart = backStart
  }

  private var contents: EntryListPages {
    EntryListPages(setup: setup, measurer: measurer, title: matter.contentsTitle, columns: matter.listColumns)
  }
  private var index: EntryListPages {
    EntryListPages(setup: setup, measurer: measurer, title: matter.indexTitle, columns: matter.listColumns)
  }

  /// The same matter, its pages measured with `measurer` (a worker's own, so that pages
  /// are set in parallel; every measurer of a run measures alike).
  public func measured(with measurer: any TextMeasurer) -> MatterPages {
    var copy = self
    copy.measurer = UncheckedMeasurer(base: measurer)
    return copy
  }

  /// The index's pages.
  public var backCount: Int { matter.index ? index.pageCount(entries: indexEntries.count) : 0 }

  /// Front page `number` (0-based): the title page, the contents, a blank.
  public func frontPage(_ number: Int) -> DisplayPage {
    var page: DisplayPage
    if matter.titlePage && number == 0 {
      page = TitlePage(setup: setup, measurer: measurer).page(matter, tuneCount: tuneCount)
    } else if matter.contents, number >= contentsStart,
      number - contentsStart < contents.pageCount(entries: contentsEntries.count)
    {
      page = contents.page(number - contentsStart, of: contentsEntries, firstIndex: contentsStart)
    } else {
      page = DisplayPage(width: setup.width, height: setup.height)
    }
    page.label = Engraver.roman(number + 1)
    return page
  }

  /// Back page `number` (0-based): the index, with running heads.
  public func backPage(_ number: Int) -> DisplayPage {
    let physical = backStart + number
    var page = index.page(number, of: indexEntries, firstIndex: backStart)
    let number = physical - frontCount + matter.pageStart
    let label = String(number)
    page.label = label
    let facts = PageFacts(
      title: matter.indexTitle, label: label, pageCount: numberedCount, book: matter.runningTitle,
      edition: matter.edition ?? "",
      date: matter.date, fileName: matter.fileName, isEven: number % 2 == 0)
    page.items += RunningHeads(setup: setup, measurer: measurer).items(
      pageIndex: number - 1, facts: facts, isFirstPage: physical == frontCount)
    return page
  }

  /// Every front page (for small books and tests).
  public var front: [DisplayPage] { (0..<frontCount).map(frontPage) }
  /// Every back page.
  public var back: [DisplayPage] { (0..<backCount).map(backPage) }
}

/// Lets a measurer that is only used from one thread at a time travel with the matter.
struct UncheckedMeasurer: TextMeasurer, @unchecked Sendable {
  let base: any TextMeasurer
  func measure(_ text: String, font: FontSpec) -> TextExtent { base.measure(text, font: font) }
}
