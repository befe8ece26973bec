import DisplayList

/*
 PageFlow — flow tunes, text and headings down pages.

 Method. Pieces are stacked top to bottom as units (a tune heading, a system, a text
 line). Each system keeps at least `systemGap` staff spaces of clear paper below the
 previous system's ink and at least a minimum staff-to-staff distance, so systems with
 high or low notes open up only where needed. A tune that would fit on an empty page but
 not in what is left of this one starts a new page (unless `splitTunes`); a longer tune
 breaks between systems, and its title block never stands alone at a page foot.
 `%%newpage`, `oneperpage` and sections on new pages force breaks.

     page 1: [title][sys][sys][sys]      tune 2 fits a page but not the rest of page 1
     page 2: [title][sys][sys]           → moved whole

 Vertical justification: a page that ended because the next piece did not fit pours its
 slack into the gaps before systems and headings, the narrowest (staff to staff) first, so
 the staves of a page come out evenly spaced (`FlowPage.fillLevel`); a page less than
 about two-thirds full is not spread. By default only the pages a tune runs over are
 spread (a song's pages, as scores are set); `justifyVertically` true spreads every page
 that breaks, false none.

 Limits. Widow/orphan control for text is minimal (a heading keeps one line after it);
 pages are filled in order, never balanced.
 */

/// Places laid-out pieces on pages and records where tunes and sections landed.
struct PageFlow {
  /// The page set-up: a change (a directive between tunes) applies from the next piece on,
  /// and a new page size from the next page.
  var setup: PageSetup
  var options: LayoutOptions

  /// Pages closed and not yet taken, in order (when no `onClose` takes them at once).
  private(set) var closed: [FlowPage] = []
  /// Takes each page as it closes, with the setup it was filled with.
  var onClose: ((FlowPage, PageSetup) -> Void)?
  /// Pages closed so far, taken or not.
  private(set) var closedCount = 0
  private var draft: FlowPage
  private var y: Double
  private var section: String?
  /// `%%multicol`: where the columns started, and the lowest reached.
  private var columns: ColumnStart?
  /// The next piece starts a column at the page's top: no gap above it.
  private var startsColumn = false
  /// The number the first page bears: odd numbers are right-hand pages.
  var firstNumber = 1
  /// Where on the draft a section heading starts that must go with what follows it (nil
  /// when nothing waits): a page break before that is taken before the heading instead.
  private var keptHeading: (unit: Int, y: Double, pageSection: String?)?

  init(setup: PageSetup, options: LayoutOptions) {
    self.setup = setup
    self.options = options
    draft = FlowPage(width: setup.width, height: setup.height, marginLeft: setup.marginLeft)
    draft.marginRight = setup.marginRight
    y = setup.marginTop + setup.topSpace
  }

  /// The pages closed since the last call.
  mutating func takeClosed() -> [FlowPage] {
    defer { closed.removeAll(keepingCapacity: true) }
    return closed
  }

  var bottom: Double { setup.height - setup.marginBottom }
  /// The minimum distance between the top lines of consecutive systems, in points.
  var minimumStaffDistance: Double { setup.staffSpace * (4 + setup.systemGap + 2) }
  var clearance: Double { setup.staffSpace * setup.systemGap * 0.5 }

  /// The most a gap between a score's systems opens when its page is spread, in staff
  /// spaces (MuseScore's systems stand 8.5 to 15 spaces apart).
  static let scoreOpening = 6.5

  /// Closes the current page; `justify` when it ended because the next piece did not fit.
  mutating func newPage(justify: Bool = false) {
    draft.justify = justify && (options.justifyVertically ?? draft.turnsInsideTune)
    if options.justifyVertically == nil { draft.widestOpening = setup.staffSpace * Self.scoreOpening }
    draft.section = draft.section ?? section
    // Columns stand side by side: spreading one would move the other's pieces.
    if draft.hasColumns { draft.justify = false }
    if let onClose { onClose(draft, setup) } else { closed.append(draft) }
    closedCount += 1
    // A page begun inside columns keeps the margins the columns started with.
    let margins = columns.map { ($0.marginLeft, $0.marginRight) } ?? (setup.marginLeft, setup.marginRight)
    draft = FlowPage(width: setup.width, height: setup.height, marginLeft: margins.0)
    draft.marginRight = margins.1
    draft.hasColumns = columns != nil
    y = setup.marginTop + setup.topSpace
    keptHeading = nil
    row = nil
  }

  /// A page break before the next piece: a section heading just placed above it goes to
  /// the new page with it, so no heading stands alone at a page's foot.
  private mutating func breakBeforeNext(justify: Bool) {
    // Columns that start here, with nothing in them yet, start on the new page instead.
    let columnsStartHere =
      columns.map { $0.page == closedCount && $0.unitCount == draft.units.count } ?? false
    defer {
      if columnsStartHere, let state = columns, closedCount != state.page {
        columns = ColumnStart(
          page: closedCount, top: y, atPageTop: !draft.hasItems, unitCount: draft.units.count,
          marginLeft: state.marginLeft, marginRight: state.marginRight)
        draft.hasColumns = true
      }
    }
    guard let kept = keptHeading else {
      newPage(justify: justify)
      return
    }
    // The heading stands alone at the page's top: a new page would leave it there alone,
    // so what follows starts under it, here (a tune then runs over to the next page).
    guard kept.unit > 0 else { return }
    let carried = Array(draft.units[kept.unit...])
    draft.units.removeSubrange(kept.unit...)
    draft.section = kept.pageSection
    let lastY = y
    newPage(justify: justify)
    let shift = y - kept.y
    for var unit in carried {
      unit.dy += shift
      unit.top += shift
      unit.bottom += shift
      unit.anchors = unit.anchors.map { ($0.0, $0.1 + shift) }
      draft.units.append(unit)
    }
    draft.section = section
    y = lastY + shift
  }

  /// Closes the last page (an empty one when nothing was placed at all) and returns the
  /// pages not yet taken.
  mutating func finish() -> [FlowPage] {
    if draft.hasItems || closedCount == 0 { newPage() }
    return takeClosed()
  }

  private mutating func add(
    _ group: DisplayGroup, at top: Double, extent: (Double, Double), stretch: Bool,
    anchor: FlowAnchor? = nil,
    dx: Double = 0
  ) {
    var unit = FlowUnit(
      group: group, dy: top, top: top - extent.0, bottom: top + extent.1, stretchBefore: stretch)
    unit.dx = dx
    if let anchor { unit.anchors.append((anchor, top - extent.0)) }
    draft.units.append(unit)
  }

  /// Places a tune; a half-width one (`LayoutOptions.twoToARow`) beside the half-width
  /// tune before it when it fits there, else at the left of a new row.
  mutating func place(_ tune: LaidOutTune, anchor: FlowAnchor?) {
    let waiting = row
    row = nil
    guard tune.isHalfWidth, !tune.startsNewPage, !options.onePerPage else {
      placeWhole(tune, anchor: anchor)
      return
    }
    if let left = waiting, left.page == closedCount, left.top + tuneHeight(tune) <= bottom {
      y = left.top
      startsColumn = true
      placeWhole(tune, anchor: anchor, extraDX: (setup.contentWidth + LayoutOptions.rowGap) / 2)
      y = max(y, left.bottom)
      return
    }
    let top = placeWhole(tune, anchor: anchor)
    // A tune that ended on the page it began on waits for a partner.
    if let top, top.page == closedCount { row = (closedCount, top.y, y) }
  }

  /// Two to a row: the page and height of the left tune's top, and its bottom.
  private var row: (page: Int, top: Double, bottom: Double)?

  /// Places a tune across the page's width (or its half, moved right by `extraDX`); returns
  /// the page and height its heading was set at.
  @discardableResult
  private mutating func placeWhole(_ tune: LaidOutTune, anchor: FlowAnchor?, extraDX: Double = 0)
    -> (page: Int, y: Double)?
  {
    if draft.hasItems && (options.onePerPage || tune.startsNewPage) && keptHeading?.unit != 0 {
      breakBeforeNext(justify: false)
    }
    if draft.hasItems && keptHeading == nil && !startsColumn { y += setup.tuneGap }
    startsColumn = false
    let systems = tune.systems
    // A tune made line by line as it is placed is longer than a page: it never moves whole.
    if !systems.isOnDemand {
      let height = tuneHeight(tune)
      if draft.hasItems && y + height > bottom && height <= setup.contentHeight && !options.splitTunes {
        breakBeforeNext(justify: true)
      }
      // A tune of two pages in a book of facing pages starts on a left-hand page, so that
      // it is read without a page turn (a right-hand page is closed, even empty).
      let isRightHand = (closedCount + firstNumber) % 2 == 1
      if setup.mirrorMargins && !options.splitTunes && isRightHand && height > setup.contentHeight
        && height <= 2 * setup.contentHeight
      {
        breakBeforeNext(justify: draft.hasItems)
      }
    }
    var next = systems.count > 0 ? systems.system(0) : nil
    // Keep the heading with the first system.
    if let first = next, draft.hasItems, y + tune.headingHeight + first.above + first.below > bottom {
      breakBeforeNext(justify: true)
    }
    keptHeading = nil
    draft.titles.append(tune.title)
    if draft.composer == nil { draft.composer = tune.composer }
    if !tune.footnote.isEmpty { draft.footnotes.append(tune.footnote) }
    // A tune with margins of its own is set between them, not the page's.
    let dx = (tune.marginLeft ?? setup.marginLeft) - draft.marginLeft + extraDX
    let headingTop = (page: closedCount, y: y)
    // The tune's pieces as groups: kept by the tune (read from a cache), else made now.
    let groups = tune.unitGroups
    func group(_ index: Int, _ items: @autoclosure () -> [DisplayItem]) -> DisplayGroup {
      groups.map { $0[index] } ?? DisplayGroup(items: items())
    }
    add(group(0, tune.heading), at: y, extent: (0, tune.headingHeight), stretch: true, anchor: anchor, dx: dx)
    y += tune.headingHeight
    var previousTop: Double?
    var previousBottom = y
    var index = 0
    while let system = next {
      var top = y + system.above
      if let previous = previousTop {
        top = max(previous + minimumStaffDistance, previousBottom + clearance + system.above)
      }
      let forced = tune.breaksBefore.contains(index) && draft.hasItems
      if forced || (top + system.below > bottom && draft.hasItems) {
        draft.turnsInsideTune = true
        newPage(justify: !forced)
        draft.turnsInsideTune = true
        draft.titles.append(tune.title)
        top = y + system.above
      }
      add(
        group(1 + index, system.items), at: top, extent: (system.above, system.below), stretch: index > 0,
        dx: dx + system.dx)
      previousTop = top
      previousBottom = top + system.below
      y = previousBottom
      index += 1
      next = index < systems.count ? systems.system(index) : nil
    }
    place(
      tune.trailing, stretch: false, groups: groups?.suffix(tune.trailing.count).map { $0 }, extraDX: extraDX)
    return headingTop
  }

  /// Text lines, breaking between lines.
  mutating func place(
    _ lines: [TextLine], stretch: Bool, anchor: FlowAnchor? = nil, keepNext: Bool = false,
    groups: [DisplayGroup]? = nil, extraDX: Double = 0
  ) {
    if extraDX == 0 { row = nil }
    var anchor = anchor
    for (index, line) in lines.enumerated() {
      var needed = line.height
      if keepNext && index == lines.count - 1 { needed += setup.staffSpace * 12 }
      if draft.hasItems && y + needed > bottom { breakBeforeNext(justify: true) }
      keptHeading = nil
      add(
        groups?[index] ?? DisplayGroup(items: line.items), at: y, extent: (0, line.height),
        stretch: stretch && index == 0, anchor: anchor, dx: setup.marginLeft - draft.marginLeft + extraDX)
      anchor = nil
      y += line.height
    }
  }

  /// A section heading: remembered for running heads, anchored for the outline.
  mutating func startSection(_ title: String, heading: [TextLine], onNewPage: Bool, anchor: FlowAnchor) {
    if draft.hasItems && onNewPage { newPage() }
    section = title
    let pageSection = draft.section
    if draft.section == nil || !draft.hasItems { draft.section = title }
    placeKept(heading, anchor: anchor, pageSection: pageSection)
  }

  /// `%%multicol start|new|end` (abcm2ps): `start` keeps the height reached, `new` goes back
  /// up to it for the next column (whose margins the directives between set), `end` goes
  /// below the longest column. A column that ran onto a new page starts the next there.
  /// False for another word.
  mutating func multicol(_ action: String) -> Bool {
    switch action {
    case "start":
      columns = ColumnStart(
        page: closedCount, top: y, atPageTop: !draft.hasItems, unitCount: draft.units.count,
        marginLeft: draft.marginLeft, marginRight: draft.marginRight)
      draft.hasColumns = true
    case "new":
      guard var state = columns else { return true }
      if state.page == closedCount {
        state.lowest = max(state.lowest, y)
        y = state.top
        startsColumn = state.atPageTop
      } else {
        state = ColumnStart(
          page: closedCount, top: y, atPageTop: false, unitCount: draft.units.count,
          marginLeft: state.marginLeft, marginRight: state.marginRight)
      }
      state.unitCount = -1  // a column has begun: the start no longer moves
      columns = state
      draft.hasColumns = true
    case "end":
      if let state = columns, state.page == closedCount { y = max(state.lowest, y) }
      columns = nil
    default: return false
    }
    return true
  }

  /// A heading that goes to the next page with what follows it, should that not fit.
  private mutating func placeKept(_ heading: [TextLine], anchor: FlowAnchor, pageSection: String?) {
    if draft.hasItems { y += setup.tuneGap }
    let start = (unit: draft.units.count, y: y, pageSection: pageSection, pages: closedCount)
    place(heading, stretch: true, anchor: anchor, keepNext: true)
    // At a page's top (unit 0) nothing stands above it to leave behind: what follows is
    // then set under it even if it must run over (see `breakBeforeNext`).
    keptHeading = closedCount == start.pages ? (start.unit, start.y, start.pageSection) : (0, y, section)
  }

  /// A set's heading: kept with its first tune, like a section's, but the running heads
  /// keep the section.
  mutating func startSet(_ heading: [TextLine], anchor: FlowAnchor) {
    placeKept(heading, anchor: anchor, pageSection: draft.section)
  }

  mutating func space(_ points: Double) {
    row = nil
    if draft.hasItems { y += points }
  }

  /// The height a tune needs when set alone.
  func tuneHeight(_ tune: LaidOutTune) -> Double {
    var height = tune.headingHeight
    var previousBelow: Double?
    for system in tune.systems.all {
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

/// Where `%%multicol start` left the page: the next column goes back up to `top`.
private struct ColumnStart {
  var page: Int
  var top: Double
  var lowest: Double
  var atPageTop: Bool
  /// The draft's unit count when the columns started (-1 once a column has begun).
  var unitCount: Int
  var marginLeft: Double
  var marginRight: Double

  init(page: Int, top: Double, atPageTop: Bool, unitCount: Int, marginLeft: Double, marginRight: Double) {
    self.page = page
    self.top = top
    lowest = top
    self.atPageTop = atPageTop
    self.unitCount = unitCount
    self.marginLeft = marginLeft
    self.marginRight = marginRight
  }
}
