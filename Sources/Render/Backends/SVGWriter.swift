import DisplayList
import Foundation

/// Writes each page of a display list as an SVG file sized in points.
public struct SVGWriter: Sendable {
  public var renderer: PageRenderer

  public init(renderer: PageRenderer) {
    self.renderer = renderer
  }

  /// Writes one SVG per page: exactly `url` for a single page, else `stem-1.svg`, `stem-2.svg`, …
  /// All files appear together, only after every page rendered.
  @discardableResult
  public func write(_ list: DisplayList, to url: URL) throws -> [URL] {
    guard !list.pages.isEmpty else { throw RenderError.emptyDocument }
    let urls = OutputFormat.pageURLs(for: url, pageCount: list.pages.count)
    let output = AtomicOutput()
    for (page, destination) in zip(list.pages, urls) {
      let path = output.temporaryURL(for: destination).path
      let surface = try CairoSurface.svg(path: path, width: page.width, height: page.height)
      let context = try CairoContext(surface: surface)
      var coding = renderer
      coding.palette = SVGRoleClasses.codingPalette
      try coding.paint(page, on: context)
      try surface.finish()
      let url = URL(fileURLWithPath: path)
      do {
        let text = String(decoding: try Data(contentsOf: url), as: UTF8.self)
        try Data(SVGRoleClasses.rewrite(text, palette: renderer.palette).utf8).write(to: url)
      } catch {
        throw RenderError.io(path: path, reason: "\(error)")
      }
    }
    try output.commit()
    return urls
  }
}
