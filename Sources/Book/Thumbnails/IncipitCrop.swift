import DisplayList

/*
 IncipitCrop — cut a tune's opening (or all of it) out of its engraved page.

 Method. The tune is engraved alone, without a heading, on a tall page. For an incipit,
 only items of the first system (context line 0) are kept; with a bar count N, the cut
 falls just after the N-th bar line of that system (bar lines at one x count once), and
 items starting right of the cut are dropped. The kept items' ink boxes are united, a
 small pad added, and everything is moved so that box becomes the page: a page exactly
 the size of the ink. Staff lines that run past the cut are clipped by the page edge.

     | G2B d2B | c2A B2G | A2F G2E |     bars = 2 → cut after the second bar line
     └──────── kept ──────┘

 Limits. A slur or beam crossing the cut is kept whole and clipped at the page edge.
 */

/// Crops engraved pages to a tune's incipit or whole-tune ink box.
public enum IncipitCrop {
  /// A page holding only the ink of `pages`' music: the first system's first `bars` bars
  /// (`bars` 0 = the whole first system), or everything when `bars` is nil.
  public static func crop(_ pages: [DisplayPage], bars: Int?, pad: Double = 3) -> DisplayPage? {
    var items = pages.first?.items ?? []
    if let bars {
      items = items.filter { $0.context.line == 0 }
      if bars > 0, let cut = cutX(items, bars: bars) {
        items = items.filter { $0.box.minX < cut - 0.01 }
        return page(items, maxX: cut + 0.5, pad: pad)
      }
    } else if pages.count > 1 {
      // Stack later pages below the first (whole tunes laid out on tall pages rarely need it).
      var offset = 0.0
      items = []
      for page in pages {
        let pageItems = page.items
        let ink = inkBox(pageItems)
        items += pageItems.map { $0.translated(dx: 0, dy: offset - (ink?.minY ?? 0)) }
        offset += (ink?.height ?? 0) + 12
      }
    }
    return page(items, maxX: nil, pad: pad)
  }

  /// The x just right of the `bars`-th distinct bar line.
  static func cutX(_ items: [DisplayItem], bars: Int) -> Double? {
    let xs = items.filter { $0.role == .barLine }.map(\.box.maxX).sorted()
    var distinct: [Double] = []
    for x in xs where distinct.last.map({ x - $0 > 2 }) ?? true { distinct.append(x) }
    guard distinct.count >= bars else { return nil }
    return distinct[bars - 1]
  }

  static func inkBox(_ items: [DisplayItem]) -> Rect? {
    guard let first = items.first else { return nil }
    return items.dropFirst().reduce(first.box) { $0.union($1.box) }
  }

  static func page(_ items: [DisplayItem], maxX: Double?, pad: Double) -> DisplayPage? {
    guard var box = inkBox(items) else { return nil }
    if let maxX { box.width = min(box.width, maxX - box.minX) }
    let moved = items.map { $0.translated(dx: pad - box.minX, dy: pad - box.minY) }
    return DisplayPage(width: box.width + 2 * pad, height: box.height + 2 * pad, items: moved)
  }
}
