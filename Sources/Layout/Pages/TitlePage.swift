import DisplayList

/// The book's title page: title, subtitle and author centred in the upper third, a
/// summary line and the date near the foot.
struct TitlePage {
  let setup: PageSetup
  let measurer: any TextMeasurer

  func page(_ matter: BookMatter, tuneCount: Int) -> DisplayPage {
    var page = DisplayPage(width: setup.width, height: setup.height)
    let left = setup.contentLeft(pageIndex: 0)
    func centred(_ text: String, _ font: FontSpec, top: Double, role: Role) {
      let extent = measurer.measure(text, font: font)
      let x = left + (setup.contentWidth - extent.width) / 2
      page.items.append(
        DisplayItem(
          role: role,
          shape: .text(TextShape(text: text, font: font, origin: Point(x: x, y: top + extent.ascent))),
          box: Rect(x: x, y: top, width: extent.width, height: extent.ascent + extent.descent)))
    }
    var big = setup.titleFont
    big.size *= 2
    var y = setup.marginTop + setup.contentHeight * 0.28
    centred(matter.title ?? matter.untitled, big, top: y, role: .title)
    y += big.size * 1.6
    if let subtitle = matter.subtitle {
      var font = setup.subtitleFont
      font.size *= 1.3
      centred(subtitle, font, top: y, role: .subtitle)
      y += font.size * 1.6
    }
    if let edition = matter.edition {
      var font = setup.subtitleFont
      font.size *= 1.3
      font.isBold = true
      centred(edition, font, top: y, role: .subtitle)
      y += font.size * 1.6
    }
    let rule = setup.contentWidth * 0.3
    let ruleX = left + (setup.contentWidth - rule) / 2
    page.items.append(
      DisplayItem(
        role: .title,
        shape: .line(
          LineShape(from: Point(x: ruleX, y: y), to: Point(x: ruleX + rule, y: y), thickness: 0.8)),
        box: Rect(x: ruleX, y: y - 0.4, width: rule, height: 0.8)))
    y += setup.subtitleFont.size * 1.5
    if let author = matter.author {
      var font = setup.composerFont
      font.size *= 1.4
      centred(author, font, top: y, role: .composer)
    }
    let summary = matter.language.tuneCount(tuneCount)
    let foot = setup.height - setup.marginBottom - setup.textFont.size * 3
    centred(summary, setup.textFont, top: foot, role: .text)
    if !matter.date.isEmpty {
      centred(matter.date, setup.textFont, top: foot + setup.textFont.size * 1.5, role: .text)
    }
    return page
  }
}
