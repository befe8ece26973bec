import DisplayList

/*
 EntryListPages — the table of contents and the index: lines of "title …… page".

 Method. Each entry is one line: its text flush left (indented by level), the page label
 flush right and dot leaders between them, every line a link to its target. Letter or
 section headings are entries without a page. Lines are counted into pages: the first
 page loses room to the list's title; `page(_:of:firstIndex:)` sets any one page on its
 own, so a long list is never held as pages all at once. A long title is shortened with
 an ellipsis (found by bisection) so that it never runs into the page number; leaders are
 counted from the width of one dot, so a line costs a few measurements whatever its length.

     Contents
     Jigs
        The Kesh ............................ 3
        Out on the Ocean .................... 4

 With `columns` 2 (or 3), a page's lines run down its first column, then the next; each
 column has its own leaders and page numbers.

 Limits. Entries are never split over two lines (a long one is shortened).
 */

/// One line of a contents or index list.
struct ListEntry: Sendable {
  var text: String
  /// The page label printed at the right; nil for a heading line.
  var label: String?
  var target: LinkTarget?
  /// 0 for top-level lines, 1 for lines nested under a heading.
  var level = 0
  /// Contents columns: the tune's `X:` number (before the title) and key (before the page).
  var number: String?
  var key: String?
}

/// Sets a titled list of entries onto as many pages as it needs.
struct EntryListPages {
  let setup: PageSetup
  let measurer: any TextMeasurer
  let title: String
  /// Columns of lines on each page (`book.list-columns`).
  var columns = 1

  init(setup: PageSetup, measurer: any TextMeasurer, title: String, columns: Int = 1) {
    self.setup = setup
    self.measurer = measurer
    self.title = title
    self.columns = max(1, columns)
  }

  /// The gap between columns and each column's width, in points.
  var columnGap: Double { setup.textFont.size * 2.5 }
  var columnWidth: Double { (setup.contentWidth - columnGap * Double(columns - 1)) / Double(columns) }

  var entryFont: FontSpec { setup.textFont }
  var headingFont: FontSpec {
    var font = setup.textFont
    font.isBold = true
    return font
  }
  var lineHeight: Double { setup.textFont.size * 1.55 }
  var titleHeight: Double { setup.titleFont.size * 2.4 }
  /// Lines down a column of the first page (under the title) and of every later page.
  var firstColumnLines: Int {
    max(1, Int((setup.contentHeight - titleHeight) / lineHeight + 0.01 / lineHeight))
  }
  var columnLines: Int { max(1, Int((setup.contentHeight + 0.01) / lineHeight)) }
  /// Lines on the first page and on every later page.
  var firstPageLines: Int { firstColumnLines * columns }
  var pageLines: Int { columnLines * columns }

  /// How many pages `count` entries take.
  func pageCount(entries count: Int) -> Int {
    count <= firstPageLines ? 1 : 1 + (count - firstPageLines + pageLines - 1) / pageLines
  }

  /// The entries page `index` (0 = the first) shows.
  func range(ofPage index: Int, entries count: Int) -> Range<Int> {
    let start = index == 0 ? 0 : firstPageLines + (index - 1) * pageLines
    let end = index == 0 ? firstPageLines : start + pageLines
    return min(start, count)..<min(end, count)
  }

  /// Every page, the first at physical index `firstIndex` (for tests and small lists).
  func pages(_ entries: [ListEntry], firstIndex: Int) -> [DisplayPage] {
    (0..<pageCount(entries: entries.count)).map { page($0, of: entries, firstIndex: firstIndex) }
  }

  /// Page `index` of the list, at physical index `firstIndex + index`.
  func page(_ index: Int, of entries: [ListEntry], firstIndex: Int) -> DisplayPage {
    var page = DisplayPage(width: setup.width, height: setup.height)
    let left = setup.contentLeft(pageIndex: firstIndex + index)
    var y = setup.marginTop
    if index == 0 {
      let titleExtent = measurer.measure(title, font: setup.titleFont)
      page.items.append(
        text(
          title, font: setup.titleFont, x: left + (setup.contentWidth - titleExtent.width) / 2, top: y,
          role: .title))
      y += titleHeight
    }
    let dotWidth = max(0.5, measurer.measure(Self.leader(20), font: entryFont).width / 20)
    let perColumn = index == 0 ? firstColumnLines : columnLines
    var top = y
    for (line, entry) in entries[range(ofPage: index, entries: entries.count)].enumerated() {
      // Each column from the top again; lines step down by adding (a line's link ends
      // exactly where the next line begins).
      if line % perColumn == 0 { top = y } else { top += lineHeight }
      let column = Double(line / perColumn)
      add(entry, to: &page, left: left + column * (columnWidth + columnGap), top: top, dotWidth: dotWidth)
    }
    return page
  }

  private func add(
    _ entry: ListEntry, to page: inout DisplayPage, left: Double, top: Double, dotWidth: Double
  ) {
    let width = columnWidth
    let indent = Double(entry.level) * setup.textFont.size * 1.5
    guard let label = entry.label else {
      page.items.append(text(entry.text, font: headingFont, x: left + indent, top: top, role: .text))
      if let target = entry.target {
        page.links.append(
          PageLink(rect: Rect(x: left, y: top, width: width, height: lineHeight), target: target))
      }
      return
    }
    let labelWidth = measurer.measure(label, font: entryFont).width
    // Columns: numbers right-aligned in a column before the titles, keys left-aligned in
    // a column before the page numbers (each as wide as its widest likely value).
    var titleX = left + indent
    if let number = entry.number {
      let column = measurer.measure("0000", font: entryFont).width
      let numberWidth = measurer.measure(number, font: entryFont).width
      page.items.append(
        text(number, font: entryFont, x: titleX + column - numberWidth, top: top, role: .annotation))
      titleX += column + entryFont.size
    }
    var rightEnd = left + width - labelWidth
    if let key = entry.key {
      let column = max(
        measurer.measure("C#mix", font: entryFont).width, measurer.measure("0000", font: entryFont).width)
      let keyX = left + width - measurer.measure("0000", font: entryFont).width - entryFont.size - column
      page.items.append(text(key, font: entryFont, x: keyX, top: top, role: .annotation))
      rightEnd = keyX - entryFont.size * 0.5
    }
    let room = rightEnd - titleX - dotWidth * 2
    let (shown, textWidth) = fitted(entry.text, width: room)
    page.items.append(text(shown, font: entryFont, x: titleX, top: top, role: .text, width: textWidth))
    let dots = Int((room - textWidth) / dotWidth)
    if dots > 0 {
      let leaderWidth = Double(dots) * dotWidth
      let x = rightEnd - dotWidth * 0.5 - leaderWidth
      page.items.append(
        text(
          Self.leader(dots), font: entryFont, x: x, top: top, role: .annotation,
          width: leaderWidth))
    }
    page.items.append(text(label, font: entryFont, x: left + width - labelWidth, top: top, role: .text))
    if let target = entry.target {
      page.links.append(
        PageLink(rect: Rect(x: left, y: top, width: width, height: lineHeight), target: target))
    }
  }

  /// A dot leader of `count` spaced dots (" . . ."), written as bytes (repeating a string
  /// appends it piece by piece: a tenth of a book's contents pages).
  static func leader(_ count: Int) -> String {
    String(unsafeUninitializedCapacity: 2 * max(count, 0)) { bytes in
      for index in 0..<max(count, 0) {
        bytes[2 * index] = UInt8(ascii: " ")
        bytes[2 * index + 1] = UInt8(ascii: ".")
      }
      return 2 * max(count, 0)
    }
  }

  /// `text`, shortened with an ellipsis to fit `width` (the longest prefix that fits, by
  /// bisection), with its width.
  func fitted(_ text: String, width: Double) -> (String, Double) {
    let full = measurer.measure(text, font: entryFont).width
    guard full > width else { return (text, full) }
    let characters = Array(text)
    var low = 0
    var high = characters.count
    while low < high {
      let middle = (low + high + 1) / 2
      if measurer.measure(String(characters[..<middle]) + "…", font: entryFont).width <= width {
        low = middle
      } else {
        high = middle - 1
      }
    }
    let shown = String(characters[..<low]) + "…"
    return (shown, measurer.measure(shown, font: entryFont).width)
  }

  func text(_ string: String, font: FontSpec, x: Double, top: Double, role: Role, width: Double? = nil)
    -> DisplayItem
  {
    let extent = measurer.measure(width == nil ? string : "Ag", font: font)
    let baseline = top + extent.ascent
    return DisplayItem(
      role: role, shape: .text(TextShape(text: string, font: font, origin: Point(x: x, y: baseline))),
      box: Rect(x: x, y: top, width: width ?? extent.width, height: extent.ascent + extent.descent))
  }
}
