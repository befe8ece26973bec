import DisplayList

/*
 EntryListPages — the table of contents and the index: lines of "title …… page".

 Method. Each entry is one line: its text flush left (indented by level), the page label
 flush right and dot leaders between them, every line a link to its target. Letter or
 section headings are entries without a page. Lines are counted into pages: the first
 page loses room to the list's title. A long title is shortened with an ellipsis so that
 it never runs into the page number.

     Contents
     Jigs
        The Kesh ............................ 3
        Out on the Ocean .................... 4

 Limits. One column; entries are never split over two lines.
 */

/// One line of a contents or index list.
struct ListEntry {
  var text: String
  /// The page label printed at the right; nil for a heading line.
  var label: String?
  var target: LinkTarget?
  /// 0 for top-level lines, 1 for lines nested under a heading.
  var level = 0
}

/// Sets a titled list of entries onto as many pages as it needs.
struct EntryListPages {
  let setup: PageSetup
  let measurer: any TextMeasurer
  let title: String

  var entryFont: FontSpec { setup.textFont }
  var headingFont: FontSpec {
    var font = setup.textFont
    font.isBold = true
    return font
  }
  var lineHeight: Double { setup.textFont.size * 1.55 }
  var titleHeight: Double { setup.titleFont.size * 2.4 }

  /// How many pages `count` entries take.
  func pageCount(entries count: Int) -> Int {
    let first = max(1, Int((setup.contentHeight - titleHeight) / lineHeight))
    let other = max(1, Int(setup.contentHeight / lineHeight))
    return count <= first ? 1 : 1 + (count - first + other - 1) / other
  }

  /// The pages, the first at physical index `firstIndex` (for mirrored margins).
  func pages(_ entries: [ListEntry], firstIndex: Int) -> [DisplayPage] {
    var pages: [DisplayPage] = []
    var page = DisplayPage(width: setup.width, height: setup.height)
    var y = setup.marginTop
    func left() -> Double { setup.contentLeft(pageIndex: firstIndex + pages.count) }
    let titleExtent = measurer.measure(title, font: setup.titleFont)
    page.items.append(
      text(
        title, font: setup.titleFont, x: left() + (setup.contentWidth - titleExtent.width) / 2, top: y,
        role: .title))
    y += titleHeight
    for entry in entries {
      if y + lineHeight > setup.height - setup.marginBottom + 0.01 {
        pages.append(page)
        page = DisplayPage(width: setup.width, height: setup.height)
        y = setup.marginTop
      }
      add(entry, to: &page, left: left(), top: y)
      y += lineHeight
    }
    pages.append(page)
    return pages
  }

  private func add(_ entry: ListEntry, to page: inout DisplayPage, left: Double, top: Double) {
    let width = setup.contentWidth
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
    let dotWidth = max(0.5, measurer.measure(String(repeating: " .", count: 20), font: entryFont).width / 20)
    let room = width - indent - labelWidth - dotWidth * 2
    let shown = fitted(entry.text, width: room)
    let textWidth = measurer.measure(shown, font: entryFont).width
    page.items.append(text(shown, font: entryFont, x: left + indent, top: top, role: .text))
    let dots = Int((room - textWidth) / dotWidth)
    if dots > 0 {
      let leader = String(repeating: " .", count: dots)
      let leaderWidth = measurer.measure(leader, font: entryFont).width
      let x = left + width - labelWidth - dotWidth * 0.5 - leaderWidth
      page.items.append(text(leader, font: entryFont, x: x, top: top, role: .annotation))
    }
    page.items.append(text(label, font: entryFont, x: left + width - labelWidth, top: top, role: .text))
    if let target = entry.target {
      page.links.append(
        PageLink(rect: Rect(x: left, y: top, width: width, height: lineHeight), target: target))
    }
  }

  /// `text`, shortened with an ellipsis to fit `width`.
  func fitted(_ text: String, width: Double) -> String {
    guard measurer.measure(text, font: entryFont).width > width else { return text }
    var characters = Array(text)
    while !characters.isEmpty && measurer.measure(String(characters) + "…", font: entryFont).width > width {
      characters.removeLast()
    }
    return String(characters) + "…"
  }

  func text(_ string: String, font: FontSpec, x: Double, top: Double, role: Role) -> DisplayItem {
    let extent = measurer.measure(string, font: font)
    let baseline = top + extent.ascent
    return DisplayItem(
      role: role, shape: .text(TextShape(text: string, font: font, origin: Point(x: x, y: baseline))),
      box: Rect(x: x, y: top, width: extent.width, height: extent.ascent + extent.descent))
  }
}
