import DisplayList
import Foundation

/// Writes each page of a display list as a PNG image at a given resolution.
public struct PNGWriter: Sendable {
  public var renderer: PageRenderer
  /// Pixels per inch; 72 gives one pixel per point.
  public var dpi: Double

  public init(renderer: PageRenderer, dpi: Double = 150) {
    self.renderer = renderer
    self.dpi = dpi
  }

  /// The image size of a page in pixels (rounded to the nearest pixel, as pdftoppm does).
  public func pixelSize(of page: DisplayPage) -> (width: Int, height: Int) {
    let scale = dpi / 72
    return (max(1, Int((page.width * scale).rounded())), max(1, Int((page.height * scale).rounded())))
  }

  /// Writes one PNG per page: exactly `url` for a single page, else `stem-1.png`, `stem-2.png`, …
  /// All files appear together, only after every page rendered.
  @discardableResult
  public func write(_ list: DisplayList, to url: URL) throws -> [URL] {
    guard !list.pages.isEmpty else { throw RenderError.emptyDocument }
    guard dpi.isFinite, dpi > 0 else { throw RenderError.invalidSize("\(dpi) dpi") }
    let urls = OutputFormat.pageURLs(for: url, pageCount: list.pages.count)
    let output = AtomicOutput()
    for (page, destination) in zip(list.pages, urls) {
      let size = pixelSize(of: page)
      let surface = try CairoSurface.image(pixelWidth: size.width, pixelHeight: size.height)
      let context = try CairoContext(surface: surface)
      context.scale(dpi / 72, dpi / 72)
      try renderer.paint(page, on: context)
      surface.flush()
      try surface.writePNG(to: output.temporaryURL(for: destination).path)
    }
    try output.commit()
    return urls
  }
}
