import CABCPressPangoCairo
import DisplayList
import Layout

/*
 Measuring by items — a plain text's extent without a PangoLayout.

 Method. A layout of one unwrapped line itemises its text (with the layout's font as an
 attribute over the whole text), shapes each item and takes the union of the runs' logical
 rectangles with the origin as the line's extent; its baseline is the line's ascent. For a
 text of one item this is the item's glyph string's logical rectangle, united with the
 origin. So a plain text is itemised and shaped here with the same context, attributes
 and shaping flags, and that rectangle read: the layout's line breaking, its font metrics
 per run and its line machinery are skipped (about half of measuring a new text).

     "Reel" in TeX Gyre Schola 10px: one item (Latin, one font) → shaped glyphs →
     logical {x 0, y −asc, width Σ advances, height asc + desc} → TextExtent

 A font's first Latin text in ASCII is itemised; its item is kept as the font's template
 (an ASCII text, which the font itself all but surely covers, so that the item is not in a
 fallback font taken for a character the font lacks), with the font's line rectangle
 (every glyph's logical box is the font's ascent and descent, as wide as its advance). A
 later text with a Latin letter, all its other characters common to every script, would
 itemise to the same analysis (one Latin item in the same font: a character the font lacks
 shows as an unknown glyph below, and goes the layout's way as its own item would), so it
 is shaped with the template's analysis, and its rectangle is its advances' sum over the
 font's line: no itemising, no per-glyph extents. A text without letters (a page number,
 "(3) 6/8") itemises to one item of the Common script, the same for every such text in the
 font: the font's first one in ASCII is kept the same way for them.

 Limits. Only texts of printable ASCII and Latin-1 letters and marks (and a few common
 quotes and dashes) that make exactly one item whose glyphs are all found; anything else
 (other scripts, a glyph taken from a fallback font, tabs, soft hyphens, empty text) goes
 the layout's way. For PDF the one run's glyphs are kept from the same shaping, placed as
 the layout places its first run (from the line's start, on its baseline).
 */
extension PangoTextMeasurer {
  /// Scalars a plain text may hold: no tabs, controls, soft hyphen or format characters,
  /// which the layout treats specially.
  static func isPlain(_ text: String) -> Bool {
    guard !text.isEmpty else { return false }
    for scalar in text.unicodeScalars {
      switch scalar.value {
      case 0x20...0x7E, 0xA0...0xAC, 0xAE...0xFF: continue
      case 0x2013, 0x2014, 0x2018, 0x2019, 0x201C, 0x201D, 0x2026: continue
      default: return false
      }
    }
    return true
  }

  /// The extent of a plain text of one item, as a one-line layout measures it, and with
  /// `withRuns` its glyph run as the layout's would be; nil for any other text (called
  /// holding the lock).
  func itemMeasure(_ text: String, font: FontSpec, withRuns: Bool) -> (extent: TextExtent, runs: [GlyphRun]?)?
  {
    guard Self.isPlain(text) else { return nil }
    let script = Self.script(of: text)
    let template =
      script == .latin ? itemTemplates[font] : script == .common ? commonItemTemplates[font] : nil
    let attributes = template == nil ? itemAttributes(for: font) : nil
    guard template != nil || attributes != nil else { return nil }
    return text.withCString { start -> (extent: TextExtent, runs: [GlyphRun]?)? in
      let length = Int32(strlen(start))
      var items: UnsafeMutablePointer<GList>?
      defer {
        if let items {
          g_list_free_full(items) { pango_item_free($0?.assumingMemoryBound(to: PangoItem.self)) }
        }
      }
      let item: UnsafeMutablePointer<PangoItem>
      if let template {
        item = template.item
        item.pointee.offset = 0
        item.pointee.length = length
        item.pointee.num_chars = Int32(text.unicodeScalars.count)
      } else {
        items = pango_itemize(context.raw, start, 0, length, attributes, nil)
        guard let items, items.pointee.next == nil, let raw = items.pointee.data else { return nil }
        item = raw.assumingMemoryBound(to: PangoItem.self)
        guard item.pointee.offset == 0, item.pointee.length == length else { return nil }
      }
      guard let pangoFont = item.pointee.analysis.font, let glyphs = pango_glyph_string_new() else {
        return nil
      }
      defer { pango_glyph_string_free(glyphs) }
      pango_shape_item(item, start, length, nil, glyphs, PANGO_SHAPE_NONE)
      for index in 0..<Int(glyphs.pointee.num_glyphs) {
        let id = glyphs.pointee.glyphs[index].glyph
        // An empty glyph or a missing character's box: the layout measures those.
        guard id != 0x0FFF_FFFF, id & 0x1000_0000 == 0 else { return nil }
      }
      var run = PangoRectangle()
      if let template {
        run = PangoRectangle(
          x: 0, y: template.lineTop, width: pango_glyph_string_get_width(glyphs), height: template.lineHeight)
      } else {
        pango_glyph_string_extents(glyphs, pangoFont, nil, &run)
        let itemScript = Int(item.pointee.analysis.script)
        // Kept only from an ASCII text, which the font itself is all but sure to cover: an
        // item Pango set in a fallback font (for a character the font lacks) must not stand
        // for the font's later texts.
        if glyphs.pointee.num_glyphs > 0, text.utf8.allSatisfy({ $0 < 0x80 }),
          let copy = pango_item_copy(item)
        {
          let made = ItemTemplate(item: copy, lineTop: run.y, lineHeight: run.height)
          if script == .latin && itemScript == Int(PANGO_SCRIPT_LATIN.rawValue) {
            if itemTemplates.count >= Self.layoutLimit { itemTemplates.removeAll() }
            itemTemplates[font] = made
          } else if script == .common && itemScript == Int(PANGO_SCRIPT_COMMON.rawValue) {
            if commonItemTemplates.count >= Self.layoutLimit { commonItemTemplates.removeAll() }
            commonItemTemplates[font] = made
          }
        }
      }
      // The line's rectangle: the run's united with the origin, as the layout starts it.
      let top = min(0, run.y)
      let bottom = max(0, run.y + run.height)
      let width = max(0, run.x + run.width) - min(0, run.x)
      let scale = Double(PANGO_SCALE)
      let baseline = Double(-top) / scale
      let extent = TextExtent(
        width: Double(width) / scale, ascent: baseline - 0, descent: Double(bottom - top) / scale - baseline)
      guard withRuns else { return (extent, nil) }
      // The one run starts at the line's start, on its baseline.
      guard let run = glyphRun(glyphs, item: item, x: 0, baseline: 0, utf8: Array(text.utf8)) else {
        return nil
      }
      return (extent, [run])
    }
  }

  /// The script a plain text's one item has: Latin for a text with a Latin letter whose
  /// other characters are common to every script (digits, spaces, punctuation, symbols),
  /// however they are arranged; Common for a text of such characters alone (a page number,
  /// "(3) 6/8"); uncertain with the micro sign, whose script Pango may resolve otherwise.
  static func script(of text: String) -> ItemScript {
    var hasLetter = false
    for scalar in text.unicodeScalars {
      switch scalar.value {
      case 0x41...0x5A, 0x61...0x7A, 0xAA, 0xBA, 0xC0...0xD6, 0xD8...0xF6, 0xF8...0xFF: hasLetter = true
      case 0xB5: return .uncertain
      default: continue
      }
    }
    return hasLetter ? .latin : .common
  }

  /// The attribute list that sets `font` over a whole text, as a layout's font does (made
  /// once per font; called holding the lock).
  private func itemAttributes(for font: FontSpec) -> OpaquePointer? {
    if let list = itemAttributeLists[font] { return list.raw }
    guard let description = pango_font_description_from_string(font.pangoDescription) else { return nil }
    defer { pango_font_description_free(description) }
    guard let list = pango_attr_list_new(), let attribute = pango_attr_font_desc_new(description) else {
      return nil
    }
    pango_attr_list_insert_before(list, attribute)  // takes the attribute
    if itemAttributeLists.count >= Self.layoutLimit { itemAttributeLists.removeAll() }
    let owned = AttributeList(list)
    itemAttributeLists[font] = owned
    return owned.raw
  }
}

/// A plain text's script, as its one item would have it (`PangoTextMeasurer.script(of:)`).
enum ItemScript {
  case latin, common, uncertain
}

/// A font's item from its first Latin text (or first text without letters), reused for its
/// later texts of that script, with the font's line: the top and height of every glyph's
/// logical box.
final class ItemTemplate: @unchecked Sendable {
  let item: UnsafeMutablePointer<PangoItem>
  let lineTop: Int32
  let lineHeight: Int32

  init(item: UnsafeMutablePointer<PangoItem>, lineTop: Int32, lineHeight: Int32) {
    self.item = item
    self.lineTop = lineTop
    self.lineHeight = lineHeight
  }

  deinit { pango_item_free(item) }
}

/// An owned PangoAttrList, unreferenced in deinit.
final class AttributeList: @unchecked Sendable {
  let raw: OpaquePointer

  init(_ raw: OpaquePointer) { self.raw = raw }

  deinit { pango_attr_list_unref(raw) }
}
