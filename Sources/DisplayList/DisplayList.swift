/// One page of output: its size in points and the items drawn on it, in paint order —
/// the placed groups (tunes' headings, systems, text lines), then the page's own items
/// (running heads, matter pages).
public struct DisplayPage: Hashable, Sendable {
  public var width: Double
  public var height: Double
  /// Pieces placed as a whole, drawn first, in order.
  public var groups: [PlacedGroup] = []
  /// Items of the page itself, drawn after the groups.
  public var ownItems: [DisplayItem]
  /// Every item, groups moved into place first (made when asked for: read it once).
  /// Setting it replaces the groups and the page's own items.
  public var items: [DisplayItem] {
    get {
      guard !groups.isEmpty else { return ownItems }
      var all: [DisplayItem] = []
      for placed in groups { all += placed.placedItems }
      return all + ownItems
    }
    set {
      groups = []
      ownItems = newValue
    }
    // In place: appending to a page's items does not copy them (the groups, if any, are
    // moved into place once).
    _modify {
      if !groups.isEmpty {
        var all: [DisplayItem] = []
        for placed in groups { all += placed.placedItems }
        ownItems = all + ownItems
        groups = []
      }
      yield &ownItems
    }
  }
  /// Clickable areas of the page.
  public var links: [PageLink]
  /// The page's label (PDF page label, e.g. `iii` or `12`); nil leaves the viewer's default.
  public var label: String?

  public init(
    width: Double, height: Double, items: [DisplayItem] = [], links: [PageLink] = [], label: String? = nil
  ) {
    self.width = width
    self.height = height
    self.ownItems = items
    self.links = links
    self.label = label
  }
}

/// The laid-out result of a tune book: pages of positioned items, ready for any backend.
public struct DisplayList: Hashable, Sendable {
  public var pages: [DisplayPage]
  /// The book's title, for document metadata.
  public var title: String?
  /// Author, subject and keywords for document metadata.
  public var info: DocumentInfo
  /// The document outline (PDF bookmarks), top-level entries in order.
  public var outline: [OutlineEntry]

  public init(
    pages: [DisplayPage] = [], title: String? = nil, info: DocumentInfo = DocumentInfo(),
    outline: [OutlineEntry] = []
  ) {
    self.pages = pages
    self.title = title
    self.info = info
    self.outline = outline
  }

  /// Every item of every page, with its page index.
  public var allItems: [(page: Int, item: DisplayItem)] {
    pages.enumerated().flatMap { index, page in page.items.map { (index, $0) } }
  }
}
