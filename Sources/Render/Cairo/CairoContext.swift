import CABCPressCairo
import DisplayList

/// An owned cairo drawing context on a `CairoSurface`, which it keeps alive.
public final class CairoContext: @unchecked Sendable {
  let raw: OpaquePointer
  public let surface: CairoSurface

  public init(surface: CairoSurface) throws {
    guard let raw = cairo_create(surface.raw) else {
      throw RenderError.cairo(operation: "cairo_create", status: "no context")
    }
    self.raw = raw
    self.surface = surface
    try check("cairo_create")
  }

  deinit {
    cairo_destroy(raw)
  }

  /// Throws if the context (or its surface) is in an error state.
  public func check(_ operation: String) throws {
    try CairoSurface.check(cairo_status(raw), operation)
  }

  /// Scales user space, e.g. by dpi / 72 so that one user unit is one point on an image.
  public func scale(_ x: Double, _ y: Double) {
    cairo_scale(raw, x, y)
  }

  /// Emits the current page and starts a new one (PDF).
  public func showPage() throws {
    cairo_show_page(raw)
    try check("cairo_show_page")
  }

  /// Fills the whole clip area with a colour.
  public func paint(_ color: RGBAColor) {
    setColor(color)
    cairo_paint(raw)
  }

  func save() { cairo_save(raw) }
  func restore() { cairo_restore(raw) }

  func setColor(_ color: RGBAColor) {
    cairo_set_source_rgba(raw, color.red, color.green, color.blue, color.alpha)
  }

  func newPath() { cairo_new_path(raw) }
  func move(to x: Double, _ y: Double) { cairo_move_to(raw, x, y) }
  func line(to x: Double, _ y: Double) { cairo_line_to(raw, x, y) }
  func curve(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, _ x3: Double, _ y3: Double) {
    cairo_curve_to(raw, x1, y1, x2, y2, x3, y3)
  }
  func closePath() { cairo_close_path(raw) }

  /// Sets width, caps, joins and dash pattern for the next stroke.
  func setStroke(width: Double, cap: cairo_line_cap_t, join: cairo_line_join_t, dash: Double?) {
    cairo_set_line_width(raw, width)
    cairo_set_line_cap(raw, cap)
    cairo_set_line_join(raw, join)
    if let dash, dash > 0 {
      var pattern = [dash]
      cairo_set_dash(raw, &pattern, 1, 0)
    } else {
      cairo_set_dash(raw, nil, 0, 0)
    }
  }

  func stroke() { cairo_stroke(raw) }
  func fill() { cairo_fill(raw) }
}

extension CairoContext {
  /// Draws one glyph of a music face with its origin at (x, y), `size` points per em,
  /// stretched horizontally by `scaleX`.
  func showGlyph(_ index: UInt32, face: MusicFace, size: Double, scaleX: Double, x: Double, y: Double) {
    cairo_set_font_face(raw, face.cairoFace)
    var matrix = cairo_matrix_t()
    cairo_matrix_init_scale(&matrix, size * scaleX, size)
    cairo_set_font_matrix(raw, &matrix)
    var glyph = cairo_glyph_t(index: UInt(index), x: x, y: y)
    cairo_show_glyphs(raw, &glyph, 1)
  }
}
