import DisplayList
import Foundation

/// Draws one page as an SVG file sized in points, each element classed by its role.
struct SVGWriter {
  var renderer: PageRenderer

  /// Writes `page` to `url` (not atomically: the caller writes to a temporary name).
  func write(_ page: DisplayPage, to url: URL) throws {
    let surface = try CairoSurface.svg(path: url.path, width: page.width, height: page.height)
    let context = try CairoContext(surface: surface)
    var coding = renderer
    coding.palette = SVGRoleClasses.codingPalette
    try coding.paint(page, on: context)
    try surface.finish()
    do {
      let text = String(decoding: try Data(contentsOf: url), as: UTF8.self)
      try Data(SVGRoleClasses.rewrite(text, palette: renderer.palette).utf8).write(to: url)
    } catch {
      throw RenderError.io(path: url.path, reason: "\(error)")
    }
  }
}
