import DisplayList

/*
 PageBreaker — flow tunes down pages.

 Method. Tunes are stacked top to bottom. Each system keeps at least `systemGap` staff
 spaces of clear paper below the previous system's ink and at least a minimum staff-to-
 staff distance, so systems with high or low notes open up only where needed. A tune that
 would fit on an empty page but not in what is left of this one starts a new page; a
 longer tune breaks between systems, and its title block never stands alone at a page
 foot.

     page 1: [title][sys][sys][sys]      tune 2 fits a page but not the rest of page 1
     page 2: [title][sys][sys]           → moved whole
 Limits. No vertical justification yet; systems sit at their minimum distances.
 */

/// Places laid-out tunes on pages.
struct PageBreaker {
  let setup: PageSetup

  /// The minimum distance between the top lines of consecutive systems, in points.
  var minimumStaffDistance: Double { setup.staffSpace * (4 + setup.systemGap + 2) }
  var clearance: Double { setup.staffSpace * setup.systemGap * 0.5 }

  func paginate(_ tunes: [LaidOutTune]) -> [DisplayPage] {
    var pages: [DisplayPage] = []
    var items: [DisplayItem] = []
    var y = setup.marginTop
    let bottom = setup.height - setup.marginBottom
    func newPage() {
      pages.append(DisplayPage(width: setup.width, height: setup.height, items: items))
      items = []
      y = setup.marginTop
    }
    for (index, tune) in tunes.enumerated() {
      if index > 0 && !items.isEmpty { y += setup.tuneGap }
      let height = tuneHeight(tune)
      if !items.isEmpty && y + height > bottom && height <= setup.contentHeight {
        newPage()
      }
      // Keep the heading with the first system.
      if let first = tune.systems.first, !items.isEmpty,
        y + tune.headingHeight + first.above + first.below > bottom
      {
        newPage()
      }
      items += tune.heading.map { $0.translated(dx: setup.marginLeft, dy: y) }
      y += tune.headingHeight
      var previousTop: Double?
      var previousBottom = y
      for system in tune.systems {
        var top = y + system.above
        if let previous = previousTop {
          top = max(previous + minimumStaffDistance, previousBottom + clearance + system.above)
        }
        if top + system.below > bottom && !items.isEmpty {
          newPage()
          top = y + system.above
        }
        items += system.items.map { $0.translated(dx: setup.marginLeft, dy: top) }
        previousTop = top
        previousBottom = top + system.below
        y = previousBottom
      }
      if !tune.trailer.isEmpty {
        if y + tune.trailerHeight > bottom && !items.isEmpty { newPage() }
        items += tune.trailer.map { $0.translated(dx: setup.marginLeft, dy: y) }
        y += tune.trailerHeight
      }
    }
    if !items.isEmpty || pages.isEmpty { newPage() }
    return pages
  }

  /// The height a tune needs when set alone.
  func tuneHeight(_ tune: LaidOutTune) -> Double {
    var height = tune.headingHeight + tune.trailerHeight
    var previousBelow: Double?
    for system in tune.systems {
      if let below = previousBelow {
        height += max(minimumStaffDistance - below, clearance + system.above) + system.below
      } else {
        height += system.above + system.below
      }
      previousBelow = system.below
    }
    return height
  }
}
