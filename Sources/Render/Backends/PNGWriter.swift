import DisplayList
import Foundation

/// Draws one page as a PNG image at a given resolution.
struct PNGWriter {
  var renderer: PageRenderer
  /// Pixels per inch; 72 gives one pixel per point.
  var dpi: Double

  /// The image size of a page in pixels (rounded to the nearest pixel, as pdftoppm does).
  func pixelSize(of page: DisplayPage) -> (width: Int, height: Int) {
    let scale = dpi / 72
    return (max(1, Int((page.width * scale).rounded())), max(1, Int((page.height * scale).rounded())))
  }

  /// Writes `page` to `url` (not atomically: the caller writes to a temporary name).
  func write(_ page: DisplayPage, to url: URL) throws {
    guard page.width.isFinite, page.height.isFinite else {
      throw RenderError.invalidSize("page of \(page.width) × \(page.height) points")
    }
    let size = pixelSize(of: page)
    let surface = try CairoSurface.image(pixelWidth: size.width, pixelHeight: size.height)
    let context = try CairoContext(surface: surface)
    context.scale(dpi / 72, dpi / 72)
    try renderer.paint(page, on: context)
    surface.flush()
    let palette = renderer.palette
    let colors = [palette.background, palette.ink] + Array(palette.overrides.values)
    try surface.writePNG(
      to: url.path, gray: colors.allSatisfy { $0.red == $0.green && $0.green == $0.blue },
      opaque: palette.background.alpha >= 1)
  }
}
