import DisplayList
import Foundation

/// Draws one page as an SVG file sized in points, each element classed by its role.
struct SVGWriter {
  var renderer: PageRenderer

  /// cairo names each surface `surfaceN` from a counter shared by the whole process, so
  /// the same page drawn after other pages (or on another thread) got another name. The
  /// names are renumbered 1, 2, … in order of appearance: every run gives the same bytes.
  static func renumberingSurfaces(_ svg: String) -> String {
    guard let pattern = try? NSRegularExpression(pattern: "surface([0-9]+)") else { return svg }
    let source = svg as NSString
    var numbers: [String: Int] = [:]
    var out = ""
    var last = 0
    for match in pattern.matches(in: svg, range: NSRange(location: 0, length: source.length)) {
      let old = source.substring(with: match.range(at: 1))
      let number = numbers[old] ?? (numbers.count + 1)
      numbers[old] = number
      out += source.substring(with: NSRange(location: last, length: match.range.location - last))
      out += "surface\(number)"
      last = match.range.location + match.range.length
    }
    return out + source.substring(from: last)
  }

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
      let classed = SVGRoleClasses.rewrite(text, palette: renderer.palette)
      try Data(Self.renumberingSurfaces(classed).utf8).write(to: url)
    } catch {
      throw RenderError.io(path: url.path, reason: "\(error)")
    }
  }
}
