import DisplayList

/// Places laid-out tunes on pages (the plain `render` path, without front matter).
struct PageBreaker {
  let setup: PageSetup
  var options = LayoutOptions()

  func paginate(_ tunes: [LaidOutTune]) -> [DisplayPage] {
    var flow = PageFlow(setup: setup, options: options)
    for tune in tunes { flow.place(tune, anchor: nil) }
    return flow.finish().enumerated().map { index, page in
      var placed = DisplayPage(width: page.width, height: page.height)
      placed.groups = page.placedGroups(left: setup.contentLeft(pageIndex: index), bottom: flow.bottom).groups
      return placed
    }
  }
}
