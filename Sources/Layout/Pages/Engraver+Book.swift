import DisplayList
import ScoreModel

/*
 Engraver+Book — a whole tune book: front matter, body, index, running heads, outline.

 Method, in order:
   1. Lay out every body block (tunes, text, section headings) once; layout does not
      depend on the page a piece lands on (only its x offset does).
   2. Count the front matter: a title page, then the contents, whose page count depends
      only on how many entries it has; with mirrored margins a blank page keeps the body
      starting on a right-hand page.
   3. Flow the body onto pages after the front matter (PageFlow), recording the page and
      y of every tune and section (anchors).
   4. Set the contents and the index (all titles, alternative ones included, A–Z) with
      the page labels now known, each line a link to its anchor.
   5. Label pages (roman for front matter, arabic from the body's first page), add running
      heads, and build the outline: sections with their tunes nested, or tunes alone.

 Example: title page (i), contents (ii), blank (iii, with mirrored margins), body 1–12,
 index 13–14; the outline reads Contents / Jigs › The Kesh … / Index of Titles.

 Limits. The contents lists tunes and sections only (not text blocks); index entries for
 alternative titles point to the main tune's first page.
 */

extension Engraver {
  /// Engraves a tune book: body blocks in order, with the front and back matter `matter` asks for.
  /// `tuneStyle`, when given, supplies a tune's own setup and options (its `%%` directives).
  public func engrave(
    book blocks: [BookBlock], matter: BookMatter,
    tuneStyle: ((Tune) -> (setup: PageSetup, options: LayoutOptions)?)? = nil
  ) -> DisplayList {
    let layout = TuneLayout(font: font, setup: setup, measurer: measurer, options: options)
    let text = TextLayout(measurer: measurer, width: setup.contentWidth)
    var sectionFont = setup.titleFont
    sectionFont.size *= 1.15

    // 1. Lay out the body and collect contents entries.
    var tuneCount = 0
    var contentsEntries: [(anchor: FlowAnchor, text: String, level: Int)] = []
    var titles: [(title: String, anchor: FlowAnchor)] = []
    var inSection = false
    for (index, block) in blocks.enumerated() {
      switch block {
      case .tune(let tune):
        tuneCount += 1
        contentsEntries.append(
          (.tune(index), tune.title.isEmpty ? "X:\(tune.referenceNumber)" : tune.title, inSection ? 1 : 0))
        for title in tune.metadata.titles where !title.isEmpty { titles.append((title, .tune(index))) }
      case .section(let name):
        inSection = true
        contentsEntries.append((.section(index), name, 0))
      default: break
      }
    }

    // 2. Front matter size.
    let contents = EntryListPages(setup: setup, measurer: measurer, title: matter.contentsTitle)
    var frontCount = matter.titlePage ? 1 : 0
    let contentsStart = frontCount
    if matter.contents { frontCount += contents.pageCount(entries: contentsEntries.count) }
    if setup.mirrorMargins && frontCount % 2 == 1 { frontCount += 1 }

    // 3. Flow the body.
    var flow = PageFlow(setup: setup, options: options, firstPageIndex: frontCount)
    for (index, block) in blocks.enumerated() {
      switch block {
      case .tune(let tune):
        var tuneLayout = layout
        if let style = tuneStyle?(tune) {
          tuneLayout = TuneLayout(font: font, setup: style.setup, measurer: measurer, options: style.options)
        }
        flow.place(tuneLayout.layOut(tune), anchor: .tune(index))
      case .text(let textBlock):
        flow.space(setup.textFont.size * 0.4)
        flow.place(text.lines(for: textBlock, font: textBlock.font ?? setup.textFont), stretch: true)
      case .pageBreak: flow.newPage()
      case .section(let name):
        let heading = text.lines(
          for: TextBlock(lines: [name], mode: .center, role: .title), font: sectionFont)
        flow.startSection(
          name, heading: heading, onNewPage: matter.sectionsOnNewPage, anchor: .section(index))
      case .space(let points): flow.space(points)
      }
    }
    let bodyDrafts = flow.finish()
    var anchors: [FlowAnchor: (page: Int, y: Double)] = [:]
    var body: [DisplayPage] = []
    for (offset, draft) in bodyDrafts.enumerated() {
      let pageIndex = frontCount + offset
      let placed = draft.placedItems(left: setup.contentLeft(pageIndex: pageIndex), bottom: flow.bottom)
      for (anchor, y) in placed.anchors where anchors[anchor] == nil { anchors[anchor] = (pageIndex, y) }
      body.append(DisplayPage(width: setup.width, height: setup.height, items: placed.items))
    }

    // 4. Index after the body; labels are arabic from the body's first page.
    func label(_ pageIndex: Int) -> String { String(pageIndex - frontCount + 1) }
    func target(_ anchor: FlowAnchor) -> LinkTarget? {
      anchors[anchor].map { LinkTarget.page(index: $0.page, y: max(0, $0.y - 6)) }
    }
    let indexList = EntryListPages(setup: setup, measurer: measurer, title: matter.indexTitle)
    var indexPages: [DisplayPage] = []
    if matter.index {
      let entries = Self.indexEntries(titles) { anchor in
        anchors[anchor].map { (label($0.page), target(anchor)) }
      }
      indexPages = indexList.pages(entries, firstIndex: frontCount + body.count)
    }
    var front: [DisplayPage] = []
    if matter.titlePage {
      front.append(TitlePage(setup: setup, measurer: measurer).page(matter, tuneCount: tuneCount))
    }
    if matter.contents {
      let entries = contentsEntries.map { entry in
        ListEntry(
          text: entry.text,
          label: entry.anchor.isSection ? nil : anchors[entry.anchor].map { label($0.page) },
          target: target(entry.anchor), level: entry.level)
      }
      front += contents.pages(entries, firstIndex: contentsStart)
    }
    while front.count < frontCount { front.append(DisplayPage(width: setup.width, height: setup.height)) }

    // 5. Labels, running heads, outline.
    var pages = front + body + indexPages
    let arabicCount = body.count + indexPages.count
    let heads = RunningHeads(setup: setup, measurer: measurer)
    for index in pages.indices {
      pages[index].label = index < frontCount ? Self.roman(index + 1) : label(index)
      guard index >= frontCount else { continue }
      let draft = index - frontCount < bodyDrafts.count ? bodyDrafts[index - frontCount] : nil
      let facts = PageFacts(
        title: draft?.titles.first ?? matter.indexTitle, composer: draft?.composer ?? "",
        section: draft?.section ?? "", label: label(index), pageCount: arabicCount, book: matter.title ?? "",
        date: matter.date, fileName: matter.fileName, isEven: index % 2 == 1)
      pages[index].items += heads.items(pageIndex: index, facts: facts, isFirstPage: index == frontCount)
    }
    var outline: [OutlineEntry] = []
    if matter.contents { outline.append(OutlineEntry(title: matter.contentsTitle, page: contentsStart)) }
    for entry in contentsEntries {
      guard let place = anchors[entry.anchor] else { continue }
      let node = OutlineEntry(title: entry.text, page: place.page, y: max(0, place.y - 6))
      if entry.level == 1, !outline.isEmpty, outline[outline.count - 1].title != matter.contentsTitle {
        outline[outline.count - 1].children.append(node)
      } else {
        outline.append(node)
      }
    }
    if !indexPages.isEmpty {
      outline.append(OutlineEntry(title: matter.indexTitle, page: frontCount + body.count))
    }
    let subject = tuneCount == 1 ? "1 tune in ABC notation" : "\(tuneCount) tunes in ABC notation"
    return DisplayList(
      pages: pages, title: matter.title ?? titles.first?.title,
      info: DocumentInfo(author: matter.author, subject: subject), outline: outline)
  }

  /// Index lines: titles sorted A–Z (ignoring case, leading quotes and punctuation, and a
  /// leading "The"), under letter headings.
  static func indexEntries(
    _ titles: [(title: String, anchor: FlowAnchor)], place: (FlowAnchor) -> (String, LinkTarget?)?
  ) -> [ListEntry] {
    func key(_ title: String) -> String {
      var lower = Substring(title.lowercased())
      while let first = lower.first, !first.isLetter && !first.isNumber { lower = lower.dropFirst() }
      let key = lower.hasPrefix("the ") ? String(lower.dropFirst(4)) : String(lower)
      return key.isEmpty ? title.lowercased() : key
    }
    let sorted = titles.sorted { key($0.title) < key($1.title) }
    var entries: [ListEntry] = []
    var letter: Character?
    for (title, anchor) in sorted {
      guard let (label, target) = place(anchor) else { continue }
      let first = key(title).uppercased().first
      if first != letter, let first {
        letter = first
        entries.append(ListEntry(text: String(first), label: nil, target: nil))
      }
      entries.append(ListEntry(text: title, label: label, target: target, level: 1))
    }
    return entries
  }

  /// Lower-case roman numerals for front-matter labels.
  static func roman(_ number: Int) -> String {
    let table: [(Int, String)] = [
      (1000, "m"), (900, "cm"), (500, "d"), (400, "cd"), (100, "c"), (90, "xc"), (50, "l"), (40, "xl"),
      (10, "x"), (9, "ix"), (5, "v"), (4, "iv"), (1, "i"),
    ]
    var rest = number
    var out = ""
    for (value, numeral) in table {
      while rest >= value {
        out += numeral
        rest -= value
      }
    }
    return out
  }
}

extension FlowAnchor {
  var isSection: Bool {
    if case .section = self { return true }
    return false
  }
}
