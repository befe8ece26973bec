import CABCPressCairo
import CABCPressPangoCairo
import DisplayList
import Foundation
import Layout

/// Measures and draws text runs with Pango in a fixed, unhinted context, so that layout
/// decisions made from its measurements hold on PDF, PNG and SVG alike.
///
/// Sizes are points: `FontSpec.pangoDescription` gives an absolute ("px") size, which is
/// one user unit per pixel, and one user unit is one point on every surface we draw on.
///
/// Pango objects are not shared between threads: give each thread its own measurer (each
/// has its own font map and context; measurements are identical), all sharing one
/// `ShapedTextCache`, so that a text is measured and shaped once whichever thread meets it.
public final class PangoTextMeasurer: TextMeasurer, @unchecked Sendable {
  private let fontMap: PangoObject
  let context: PangoObject
  private let lock = NSLock()
  /// Extents, glyph runs and face numbers, shared with the other threads' measurers.
  public let shared: ShapedTextCache
  /// Each Pango font met in a glyph run with its face's number and style, held (a
  /// reference kept, so the address names one font for the measurer's life): a run's
  /// face was read from the font's pattern and its description, and its path hashed,
  /// for every run.
  var runFonts: [UnsafeMutableRawPointer: RunFont] = [:]
  /// Keep each measured text's glyph runs too (the layout that measures it has shaped it):
  /// set where the pages are encoded to PDF, which writes the glyphs, so that no text is
  /// laid out twice. Off, measuring does no more than measure.
  public var shapesWhenMeasuring: Bool {
    get { withLock { keepsRuns } }
    set { withLock { keepsRuns = newValue } }
  }
  private var keepsRuns = false
  /// The measuring context's layouts by font (`measuringLayout`), at most `layoutLimit`.
  private var layouts: [FontSpec: PangoObject] = [:]
  /// Per font, the attribute list that sets it over a text (`itemMeasure`).
  var itemAttributeLists: [FontSpec: AttributeList] = [:]
  /// Per font, the item its Latin texts are shaped with (`itemMeasure`).
  var itemTemplates: [FontSpec: ItemTemplate] = [:]
  /// Per font, the item its texts without letters are shaped with (`itemMeasure`).
  var commonItemTemplates: [FontSpec: ItemTemplate] = [:]
  static let layoutLimit = 64

  /// A cache entry's key.
  struct CacheKey: Hashable {
    var text: String
    var font: FontSpec

    /// The text's and the font's `TextHash` (SipHash over every byte was most of a lookup).
    func hash(into hasher: inout Hasher) { hasher.combine(TextHash.of(text) &+ font.fastHash) }
  }

  /// Runs `body` holding the measurer's lock.
  func withLock<T>(_ body: () -> T) -> T {
    lock.lock()
    defer { lock.unlock() }
    return body()
  }

  /// Creates the measurer after `fonts` has registered its text fonts with fontconfig;
  /// `shared` with the measurers of the run's other threads.
  public init(fonts: FontLibrary, sharing shared: ShapedTextCache = ShapedTextCache()) throws {
    self.shared = shared
    _ = fonts.registeredTextFonts  // the library exists, so its fonts are registered
    FontSystem.waitUntilReady()  // Pango's font map starts fontconfig if no one has
    // A private font map created now sees every font registered so far.
    fontMap = try .owning(
      pango_cairo_font_map_new().map { OpaquePointer($0) }, from: "pango_cairo_font_map_new")
    context = try .owning(
      pango_font_map_create_context(fontMap.fontMap), from: "pango_font_map_create_context")
    UnhintedTextContext.configure(context.raw)
  }

  /// The width, ascent and descent of `text` in `font`, in points (cached).
  public func measure(_ text: String, font: FontSpec) -> TextExtent {
    lock.lock()
    defer { lock.unlock() }
    let key = CacheKey(text: text, font: font)
    let known = shared.lookUp(key)
    if let extent = known.extent { return extent }
    let wantsRuns = keepsRuns && !known.hasRuns
    // A plain text is measured by its one item (no layout); any other by a layout.
    let measured: (extent: TextExtent, runs: [GlyphRun]?)
    if let byItem = itemMeasure(text, font: font, withRuns: wantsRuns) {
      measured = byItem
    } else if let layout = measuringLayout(text, font: font) {
      measured = (Self.metrics(of: layout), wantsRuns ? runs(of: layout, text: text) : nil)
    } else {
      return TextExtent(width: 0, ascent: 0, descent: 0)
    }
    shared.store(measured.extent, runs: measured.runs, for: key)
    return measured.extent
  }

  /// Measures through the drawing path on a given cairo context (not cached); equal to
  /// `measure(_:font:)` on every surface, which is what keeps output formats in step.
  public func measure(_ text: String, font: FontSpec, on cairo: CairoContext) -> TextExtent {
    lock.lock()
    defer { lock.unlock() }
    guard let drawing = drawingContext(for: cairo), let layout = makeLayout(text, font: font, in: drawing)
    else { return TextExtent(width: 0, ascent: 0, descent: 0) }
    return Self.metrics(of: layout)
  }

  /// The family Pango actually uses for `font` (differs when fontconfig falls back).
  public func resolvedFamily(for font: FontSpec) -> String? {
    lock.lock()
    defer { lock.unlock() }
    guard let description = pango_font_description_from_string(font.pangoDescription) else { return nil }
    defer { pango_font_description_free(description) }
    guard
      let pangoFont = PangoObject(owning: pango_font_map_load_font(fontMap.fontMap, context.raw, description))
    else { return nil }
    guard let described = pango_font_describe(UnsafeMutablePointer(pangoFont.raw)) else { return nil }
    defer { pango_font_description_free(described) }
    return pango_font_description_get_family(described).map { String(cString: $0) }
  }

  /// A Pango context bound to a cairo context, for drawing a page's text.
  func drawingContext(for cairo: CairoContext) -> PangoObject? {
    guard let drawing = PangoObject(owning: pango_font_map_create_context(fontMap.fontMap)) else {
      return nil
    }
    UnhintedTextContext.configure(drawing.raw)
    pango_cairo_update_context(cairo.raw, drawing.raw)
    return drawing
  }

  /// Draws a text run with the left end of its baseline at `text.origin`.
  func draw(_ text: TextShape, on cairo: CairoContext, using drawing: PangoObject) {
    lock.lock()
    defer { lock.unlock() }
    guard let layout = makeLayout(text.text, font: text.font, in: drawing) else { return }
    let baseline = Double(pango_layout_get_baseline(layout.raw)) / Double(PANGO_SCALE)
    cairo.move(to: text.origin.x, text.origin.y - baseline)
    pango_cairo_show_layout(cairo.raw, layout.raw)
    cairo.newPath()
  }

  /// A layout of `text` in the measuring context: one layout per font, given each text in
  /// turn (making a layout and reading its font description was a sixth of measuring a
  /// title). Called holding the lock; valid until the next call.
  func measuringLayout(_ text: String, font: FontSpec) -> PangoObject? {
    if let layout = layouts[font] {
      pango_layout_set_text(layout.raw, text, -1)
      return layout
    }
    guard let layout = makeLayout(text, font: font, in: context) else { return nil }
    if layouts.count >= Self.layoutLimit { layouts.removeAll() }
    layouts[font] = layout
    return layout
  }

  func makeLayout(_ text: String, font: FontSpec, in context: PangoObject) -> PangoObject? {
    guard let layout = PangoObject(owning: pango_layout_new(context.raw)) else { return nil }
    if let description = pango_font_description_from_string(font.pangoDescription) {
      pango_layout_set_font_description(layout.raw, description)  // copies
      pango_font_description_free(description)
    }
    pango_layout_set_text(layout.raw, text, -1)
    return layout
  }

  static func metrics(of layout: PangoObject) -> TextExtent {
    var logical = PangoRectangle()
    pango_layout_get_extents(layout.raw, nil, &logical)
    let scale = Double(PANGO_SCALE)
    let baseline = Double(pango_layout_get_baseline(layout.raw)) / scale
    let top = Double(logical.y) / scale
    let bottom = Double(logical.y + logical.height) / scale
    return TextExtent(
      width: Double(logical.width) / scale, ascent: baseline - top, descent: bottom - baseline)
  }
}
