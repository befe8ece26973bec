/// One page of output: its size in points and the items drawn on it, in paint order.
public struct DisplayPage: Hashable, Sendable {
  public var width: Double
  public var height: Double
  public var items: [DisplayItem]

  public init(width: Double, height: Double, items: [DisplayItem] = []) {
    self.width = width
    self.height = height
    self.items = items
  }
}

/// The laid-out result of a tune book: pages of positioned items, ready for any backend.
public struct DisplayList: Hashable, Sendable {
  public var pages: [DisplayPage]
  /// The book's title, for document metadata.
  public var title: String?

  public init(pages: [DisplayPage] = [], title: String? = nil) {
    self.pages = pages
    self.title = title
  }

  /// Every item of every page, with its page index.
  public var allItems: [(page: Int, item: DisplayItem)] {
    pages.enumerated().flatMap { index, page in page.items.map { (index, $0) } }
  }
}
