import DisplayList
import Foundation

/// Writes every page of a display list into one PDF, each page at its own size in points.
public struct PDFWriter: Sendable {
  public var renderer: PageRenderer
  /// The PDF's Creator entry.
  public var creator = "ABCPress"

  public init(renderer: PageRenderer) {
    self.renderer = renderer
  }

  /// Writes `list` to `url` atomically and returns `[url]`.
  @discardableResult
  public func write(_ list: DisplayList, to url: URL) throws -> [URL] {
    guard let first = list.pages.first else { throw RenderError.emptyDocument }
    let output = AtomicOutput()
    try drawPages(list, first: first, to: output.temporaryURL(for: url))
    try output.commit()
    return [url]
  }

  /// Draws the pages into a PDF surface at `path`; the surface is closed on return.
  private func drawPages(_ list: DisplayList, first: DisplayPage, to path: URL) throws {
    let surface = try CairoSurface.pdf(path: path.path, width: first.width, height: first.height)
    try surface.setPDFMetadata(title: list.title, info: list.info, creator: creator)
    let context = try CairoContext(surface: surface)
    for page in list.pages {
      try surface.setPDFPageSize(width: page.width, height: page.height)
      if let label = page.label { surface.setPDFPageLabel(label) }
      try renderer.paint(page, on: context)
      for link in page.links { context.addLink(link) }
      try context.showPage()
    }
    surface.addPDFOutline(list.outline)
    try surface.finish()
  }
}
