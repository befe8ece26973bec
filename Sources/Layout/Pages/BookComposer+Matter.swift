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
    let contents = EntryListPages(setup: setup, measurer: measurer, title: matter.contentsTitle)
    var frontCount = matter.titlePage ? 1 : 0
    let contentsStart = frontCount
    if matter.contents { frontCount += contents.pageCount(entries: contentsEntries.count) }
    if frontCount % 2 == 1 && Self.sidesDiffer(setup) { frontCount += 1 }

    func label(_ physical: Int) -> String { String(physical - frontCount + 1) }
    func physicalPlace(_ anchor: FlowAnchor) -> (page: Int, y: Double)? {
      place(of: anchor).map { (frontCount + $0.page, $0.y) }
    }
    func target(_ anchor: FlowAnchor) -> LinkTarget? {
      physicalPlace(anchor).map { LinkTarget.page(index: $0.page, y: max(0, $0.y - 6)) }
    }

    // The index, after the body.
    let backStart = frontCount + bodyPageCount
    var back: [DisplayPage] = []
    if matter.index {
      let entries = Engraver.indexEntries(titleEntries) { anchor in
        physicalPlace(anchor).map { (label($0.page), target(anchor)) }
      }
      back = EntryListPages(setup: setup, measurer: measurer, title: matter.indexTitle).pages(
        entries, firstIndex: backStart)
    }
    let arabicCount = pageCount ?? (bodyPageCount + back.count)
    let heads = RunningHeads(setup: setup, measurer: measurer)
    for offset in back.indices {
      let physical = backStart + offset
      back[offset].label = label(physical)
      let facts = PageFacts(
        title: matter.indexTitle, label: label(physical), pageCount: arabicCount, book: matter.title ?? "",
        date: matter.date, fileName: matter.fileName, isEven: physical % 2 == 1)
      back[offset].items += heads.items(
        pageIndex: physical, facts: facts, isFirstPage: physical == frontCount)
    }

    // The front matter.
    var front: [DisplayPage] = []
    if matter.titlePage {
      front.append(TitlePage(setup: setup, measurer: measurer).page(matter, tuneCount: tuneCount))
    }
    if matter.contents {
      let entries = contentsEntries.map { entry in
        ListEntry(
          text: entry.text,
          label: entry.anchor.isSection ? nil : physicalPlace(entry.anchor).map { label($0.page) },
          target: target(entry.anchor), level: entry.level)
      }
      front += contents.pages(entries, firstIndex: contentsStart)
    }
    while front.count < frontCount { front.append(DisplayPage(width: setup.width, height: setup.height)) }
    for index in front.indices { front[index].label = Engraver.roman(index + 1) }

    // The outline.
    var outline: [OutlineEntry] = []
    if matter.contents { outline.append(OutlineEntry(title: matter.contentsTitle, page: contentsStart)) }
    for entry in contentsEntries {
      guard let place = physicalPlace(entry.anchor) else { continue }
      let node = OutlineEntry(title: entry.text, page: place.page, y: max(0, place.y - 6))
      if entry.level == 1, !outline.isEmpty, outline[outline.count - 1].title != matter.contentsTitle {
        outline[outline.count - 1].children.append(node)
      } else {
        outline.append(node)
      }
    }
    if !back.isEmpty { outline.append(OutlineEntry(title: matter.indexTitle, page: backStart)) }
    let subject = tuneCount == 1 ? "1 tune in ABC notation" : "\(tuneCount) tunes in ABC notation"
    return BookEnd(
      lastBodyPages: lastBodyPages, front: front, back: back, bodyCount: bodyPageCount, outline: outline,
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
