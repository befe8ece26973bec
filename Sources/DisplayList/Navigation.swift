/// Where a link leads: a place on a page of the same document, or an external URI.
public enum LinkTarget: Hashable, Sendable {
  /// A page (0-based index) and the y, in points from the page's top, to show at the top.
  case page(index: Int, y: Double)
  case uri(String)
}

/// A clickable rectangle on a page (a table-of-contents or index line, for example).
public struct PageLink: Hashable, Sendable {
  /// The active area in page points.
  public var rect: Rect
  public var target: LinkTarget

  public init(rect: Rect, target: LinkTarget) {
    self.rect = rect
    self.target = target
  }
}

/// One bookmark of the document outline, with nested entries (tunes under a section).
public struct OutlineEntry: Hashable, Sendable {
  public var title: String
  /// The page (0-based index) the bookmark opens.
  public var page: Int
  /// The y, in points from the page's top, shown at the top of the window.
  public var y: Double
  public var children: [OutlineEntry]

  public init(title: String, page: Int, y: Double = 0, children: [OutlineEntry] = []) {
    self.title = title
    self.page = page
    self.y = y
    self.children = children
  }

  /// This entry and all its descendants, depth first.
  public var flattened: [OutlineEntry] { [self] + children.flatMap(\.flattened) }
}

/// Document metadata written into the PDF's information dictionary.
public struct DocumentInfo: Hashable, Sendable {
  public var author: String?
  public var subject: String?
  public var keywords: String?

  public init(author: String? = nil, subject: String? = nil, keywords: String? = nil) {
    self.author = author
    self.subject = subject
    self.keywords = keywords
  }

  public var isEmpty: Bool { author == nil && subject == nil && keywords == nil }
}
