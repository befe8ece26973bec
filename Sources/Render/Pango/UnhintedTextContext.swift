import CABCPressCairo
import CABCPressPangoCairo

/// The fixed Pango context settings that make text lay out identically on every surface.
///
/// Hinted metrics and rounded glyph positions depend on the device resolution, so a
/// line measured on a PDF would be a fraction of a point wider or narrower on a PNG. With
/// metric hinting off, no hinting, unrounded positions and 72 dpi (1 Pango point = 1 user
/// unit = 1 PDF point), widths are the same on PDF, PNG at any dpi, and SVG.
enum UnhintedTextContext {
  /// Applies the settings to a Pango context.
  static func configure(_ context: OpaquePointer) {
    if let options = cairo_font_options_create() {
      cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
      cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
      pango_cairo_context_set_font_options(context, options)  // copies
      cairo_font_options_destroy(options)
    }
    pango_cairo_context_set_resolution(context, 72)
    pango_context_set_round_glyph_positions(context, 0)
  }

  /// Applies the same hinting settings to cairo's own font handling (music glyphs).
  static func configure(cairo context: CairoContext) {
    guard let options = cairo_font_options_create() else { return }
    cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
    cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
    cairo_set_font_options(context.raw, options)  // copies
    cairo_font_options_destroy(options)
  }
}
