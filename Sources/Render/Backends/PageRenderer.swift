import CABCPressCairo
import DisplayList

/// Paints one `DisplayPage` onto a cairo context whose user units are points.
///
/// Items are painted in display-list order with their role's palette colour: music glyphs
/// through FreeType + `cairo_show_glyphs`, text through Pango in the unhinted context the
/// layout engine measured with.
public struct PageRenderer: Sendable {
  public let fonts: FontLibrary
  public let text: PangoTextMeasurer
  public var palette: RolePalette

  public init(fonts: FontLibrary, text: PangoTextMeasurer, palette: RolePalette = .standard) {
    self.fonts = fonts
    self.text = text
    self.palette = palette
  }

  /// Paints the background and every item of `page`.
  public func paint(_ page: DisplayPage, on context: CairoContext) throws {
    context.save()
    defer { context.restore() }
    UnhintedTextContext.configure(cairo: context)
    context.paint(palette.background)
    var pango: PangoObject?
    for item in page.items {
      context.setColor(palette.color(for: item.role))
      switch item.shape {
      case .glyph(let glyph):
        try paintGlyph(glyph, on: context)
      case .line(let line):
        paintLine(line, on: context)
      case .path(let path):
        paintPath(path, on: context)
      case .text(let run):
        if pango == nil { pango = text.drawingContext(for: context) }
        if let pango { text.draw(run, on: context, using: pango) }
      }
    }
    try context.check("painting a page")
  }

  private func paintGlyph(_ glyph: GlyphShape, on context: CairoContext) throws {
    guard glyph.size.isFinite, glyph.size > 0, glyph.scaleX.isFinite, glyph.scaleX > 0 else { return }
    let face = try fonts.musicFace(glyph.font)
    guard let index = face.glyphIndex(for: glyph.codepoint) else {
      throw RenderError.missingGlyph(name: glyph.name, codepoint: glyph.codepoint, font: glyph.font)
    }
    context.showGlyph(
      index, face: face, size: glyph.size, scaleX: glyph.scaleX, x: glyph.origin.x, y: glyph.origin.y)
  }

  private func paintLine(_ line: LineShape, on context: CairoContext) {
    guard line.thickness > 0 else { return }
    context.setStroke(
      width: line.thickness, cap: CAIRO_LINE_CAP_BUTT, join: CAIRO_LINE_JOIN_MITER, dash: line.dash)
    context.newPath()
    context.move(to: line.from.x, line.from.y)
    context.line(to: line.to.x, line.to.y)
    context.stroke()
  }

  private func paintPath(_ path: PathShape, on context: CairoContext) {
    context.newPath()
    for segment in path.segments {
      switch segment {
      case .move(let p): context.move(to: p.x, p.y)
      case .line(let p): context.line(to: p.x, p.y)
      case .curve(let a, let b, let c): context.curve(a.x, a.y, b.x, b.y, c.x, c.y)
      case .close: context.closePath()
      }
    }
    if let width = path.strokeWidth {
      context.setStroke(width: width, cap: CAIRO_LINE_CAP_ROUND, join: CAIRO_LINE_JOIN_ROUND, dash: path.dash)
      context.stroke()
    } else {
      context.fill()
    }
  }
}
