import DisplayList

/// Places laid-out tunes on pages (the plain `render` path, without front matter or
/// running heads; a score's rights still stand at the foot of its first page).
struct PageBreaker {
  let setup: PageSetup
  var options = LayoutOptions()
  var measurer: (any TextMeasurer)?

  func paginate(_ tunes: [LaidOutTune]) -> [DisplayPage] {
    var flow = PageFlow(setup: setup, options: options)
    for tune in tunes { flow.place(tune, anchor: nil) }
    return flow.finish().enumerated().map { index, page in
      var footnotes: [DisplayItem] = []
      if let measurer, !page.footnotes.isEmpty {
        var plain = setup
        plain.footer = nil
        footnotes = RunningHeads(setup: plain, measurer: measurer).footnoteItems(
          pageIndex: index, facts: PageFacts(footnotes: page.footnotes), isFirstPage: index == 0)
      }
      var placed = DisplayPage(width: page.width, height: page.height, items: footnotes)
      placed.groups = page.placedGroups(left: setup.contentLeft(pageIndex: index), bottom: flow.bottom).groups
      return placed
    }
  }
}
