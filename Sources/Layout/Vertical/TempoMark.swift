import DisplayList
import SMuFL
import ScoreModel

/// Sets a `Q:` tempo mark above a system: text, then note-value glyphs, `=`, and the
/// beats per minute (`Allegro ♩. = 96`).
struct TempoMark {
  let font: MusicFont
  let setup: PageSetup
  let measurer: any TextMeasurer

  /// Places the mark above `system`, starting `left` points in (where the staves begin,
  /// past any voice names and brackets).
  func place(_ tempo: Tempo, above system: inout StaffSystem, left: Double = 0, context: ItemContext) {
    let textFont = setup.tempoFont
    let baseline = -system.above - 4
    var x = left
    var items: [DisplayItem] = []
    func text(_ string: String) {
      let extent = measurer.measure(string, font: textFont)
      items.append(
        DisplayItem(
          role: .tempo,
          shape: .text(TextShape(text: string, font: textFont, origin: Point(x: x, y: baseline))),
          box: Rect(
            x: x, y: baseline - extent.ascent, width: extent.width, height: extent.ascent + extent.descent),
          context: context))
      x += extent.width
    }
    if let label = tempo.text, !label.isEmpty { text(label + (tempo.beatsPerMinute == nil ? "" : " ")) }
    if let bpm = tempo.beatsPerMinute {
      if tempo.isParenthesized { text("(") }
      let size = textFont.size * 1.1
      for beat in tempo.beats.isEmpty ? [Rational(1, 4)] : tempo.beats {
        let value = NoteValue(duration: beat)
        let glyph: SMuFLGlyph =
          value.base >= Rational(1)
          ? .metNoteWhole
          : value.base >= Rational(1, 2)
            ? .metNoteHalfUp : value.base >= Rational(1, 4) ? .metNoteQuarterUp : .metNote8thUp
        x += place(glyph, x: x, baseline: baseline, size: size, into: &items, context: context)
        for _ in 0..<value.dots {
          x += 1
          x += place(
            .metAugmentationDot, x: x, baseline: baseline, size: size, into: &items, context: context)
        }
        x += 2
      }
      text(" = \(tempo.isApproximate ? "ca. " : "")\(bpm)" + (tempo.isParenthesized ? ")" : ""))
    }
    if let trailing = tempo.trailingText, !trailing.isEmpty { text(" " + trailing) }
    system.items += items
    system.above = max(system.above, -(items.map { $0.box.minY }.min() ?? 0))
  }

  /// The tempo with a bare `Q:120`'s beat filled in: the tune's unit note (`L:`), as the
  /// standard's older form means it.
  static func withBeat(_ tempo: Tempo, unit: Rational) -> Tempo {
    guard tempo.beats.isEmpty, tempo.beatsPerMinute != nil else { return tempo }
    var filled = tempo
    filled.beats = [unit]
    return filled
  }

  /// The tempo as plain text, with Unicode note symbols: `Allegro ♩ = 120`.
  static func describe(_ tempo: Tempo) -> String {
    var parts: [String] = []
    if let text = tempo.text, !text.isEmpty { parts.append(text) }
    if let bpm = tempo.beatsPerMinute {
      let notes = (tempo.beats.isEmpty ? [Rational(1, 4)] : tempo.beats).map { beat -> String in
        let value = NoteValue(duration: beat)
        let symbol =
          value.base >= Rational(1)
          ? "𝅝" : value.base >= Rational(1, 2) ? "𝅗𝅥" : value.base >= Rational(1, 4) ? "♩" : "♪"
        return symbol + String(repeating: ".", count: value.dots)
      }
      let mark = notes.joined(separator: " ") + " = \(tempo.isApproximate ? "ca. " : "")\(bpm)"
      parts.append(tempo.isParenthesized ? "(" + mark + ")" : mark)
    }
    if let trailing = tempo.trailingText, !trailing.isEmpty { parts.append(trailing) }
    return parts.joined(separator: " ")
  }

  /// Places a glyph at a text size; returns its advance in points.
  private func place(
    _ glyph: SMuFLGlyph, x: Double, baseline: Double, size: Double, into items: inout [DisplayItem],
    context: ItemContext
  ) -> Double {
    guard let metrics = font.glyph(glyph) else { return 0 }
    let unit = size / 4
    let shape = GlyphShape(
      glyph: GlyphNames.number(glyph), codepoint: metrics.codepoint,
      family: NameTable.families.recent(font.family), origin: Point(x: x, y: baseline), size: size)
    items.append(
      DisplayItem(
        role: .tempo, shape: .glyph(shape),
        box: Rect(
          x: x + metrics.southWest.x * unit, y: baseline - metrics.northEast.y * unit,
          width: metrics.width * unit, height: metrics.height * unit),
        context: context))
    return metrics.advance * unit
  }
}
