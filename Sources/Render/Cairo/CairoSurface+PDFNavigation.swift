import CABCPressCairo
import DisplayList

extension CairoSurface {
  /// Sets the PDF document's information dictionary: title, author, subject, keywords, creator.
  public func setPDFMetadata(title: String?, info: DocumentInfo, creator: String) throws {
    try setPDFMetadata(title: title, creator: creator)
    let fields: [(cairo_pdf_metadata_t, String?)] = [
      (CAIRO_PDF_METADATA_AUTHOR, info.author), (CAIRO_PDF_METADATA_SUBJECT, info.subject),
      (CAIRO_PDF_METADATA_KEYWORDS, info.keywords),
    ]
    for (field, value) in fields {
      if let value { cairo_pdf_surface_set_metadata(raw, field, value) }
    }
    try check("cairo_pdf_surface_set_metadata")
  }

  /// Labels the page about to be drawn (PDF page labels, e.g. `iii`).
  public func setPDFPageLabel(_ label: String) {
    cairo_pdf_surface_set_page_label(raw, label)
  }

  /// Adds the outline entries (and their children) as PDF bookmarks.
  public func addPDFOutline(_ entries: [OutlineEntry], parent: Int32 = Int32(CAIRO_PDF_OUTLINE_ROOT)) {
    for entry in entries {
      let attributes = PDFLinkAttributes.destination(page: entry.page, y: entry.y)
      let flags = entry.children.isEmpty ? cairo_pdf_outline_flags_t(0) : CAIRO_PDF_OUTLINE_FLAG_OPEN
      let id = cairo_pdf_surface_add_outline(raw, parent, entry.title, attributes, flags)
      addPDFOutline(entry.children, parent: id)
    }
  }
}

/// Builds cairo's tag attribute strings for links and outline destinations.
enum PDFLinkAttributes {
  /// `page=N pos=[x y]`: cairo counts pages from 1 and takes y down from the page's top.
  static func destination(page: Int, y: Double) -> String {
    "page=\(page + 1) pos=[0 \(number(y))]"
  }

  /// The attributes of a link tag over `link.rect`.
  static func link(_ link: PageLink) -> String {
    let rect = link.rect
    let area = "rect=[\(number(rect.x)) \(number(rect.y)) \(number(rect.width)) \(number(rect.height))]"
    switch link.target {
    case .page(let index, let y): return area + " " + destination(page: index, y: y)
    case .uri(let uri): return area + " uri='\(uri.replacingOccurrences(of: "'", with: "\\'"))'"
    }
  }

  static func number(_ value: Double) -> String { DisplayListJSON.number(value) }
}

extension CairoContext {
  /// Marks a clickable area on the current page.
  func addLink(_ link: PageLink) {
    let attributes = PDFLinkAttributes.link(link)
    cairo_tag_begin(raw, CAIRO_TAG_LINK, attributes)
    cairo_tag_end(raw, CAIRO_TAG_LINK)
  }
}
