import DisplayList
import SMuFL
import ScoreModel

/*
 MarkPlacement — decorations, texts and lyrics stacked outward from the staff.

 Method. After notes, beams, curves and tuplets are drawn, every item of the line goes
 into two skylines (above and below the staff). Marks are then placed in a fixed order,
 each one just beyond the ink already there and then added to the skyline itself, so
 nothing touches:
   1. articulations next to the heads, on the side away from the stem;
   2. ornaments, fermatas, bowings, fingerings and text marks above; inverted fermatas
      below; then octave lines (8va, 8vb) and glissandos;
   3. chord symbols: one baseline for the whole line, raised together to clear the
      highest ink under any of them;
   4. annotations at their ABC placements;
   5. a tablature staff (`%%tablature`) with the notes' fret numbers;
   5. lyrics: each verse on one baseline below everything so far;
   6. dynamics and hairpins below the lyrics;
   7. part labels, tempo changes, section titles and bar numbers above.

     chord symbols  G         D7        G          ← one baseline, clear of the trill
     ornaments          tr
     notes          ♩ ♩ ♩     ♩ ♩ ♩     ♩.
     lyrics         Here we go  a-round  the ...   ← one baseline per verse
 Limits. Marks never move notes: a crowded column is widened by the spacer only for
 chord symbols, annotations and lyrics (the texts it knows before breaking lines).
 */

/// Places a line's marks with skylines; `canvas` receives the items.
struct MarkPlacement {
  let font: MusicFont
  let style: MusicTextStyle
  let measurer: any TextMeasurer
  let format: TuneFormat
  var canvas: StaffCanvas
  /// On a shared staff: the voice's side for its articulations (true above); nil alone.
  var voiceAbove: Bool? = nil
  /// Bars in which the voice is alone on its shared staff (`SoloBars`): `voiceAbove` does
  /// not hold there.
  var soloBars: [Range<Rational>] = []
  var above = Skyline(side: .above)
  var below = Skyline(side: .below)
  /// Marks are kept between the staff's start and its end (set per line).
  var rightLimit = Double.infinity
  /// The voice's tablature staff, drawn under the staff's marks and above the lyrics.
  var tablature: Tablature?
  /// True once the articulations are placed (before the slurs): `place` skips them.
  var articulationsPlaced = false
  /// On a shared staff, every voice's runs of notes beamed to the staff below (nil: the
  /// placed voice's own).
  var staffCrossRuns: [(from: Double, to: Double)]? = nil

  init(
    font: MusicFont, style: MusicTextStyle, measurer: any TextMeasurer, format: TuneFormat,
    canvas: StaffCanvas
  ) {
    self.font = font
    self.style = style
    self.measurer = measurer
    self.format = format
    self.canvas = canvas
    addToSkylines(of: canvas.items)
  }

  /// Adds every item but staff lines to the skylines.
  mutating func addToSkylines(of items: [DisplayItem]) {
    above.reserve(items.count)
    below.reserve(items.count)
    for item in items where item.role != .staffLine {
      addToSkylines(item.box)
    }
  }

  var scale: Double { canvas.scale }

  /// Adds an item's box (points) to whichever skylines it reaches.
  mutating func addToSkylines(_ box: Rect) {
    let x0 = box.minX / scale
    let x1 = box.maxX / scale
    let top = box.minY / scale
    let bottom = box.maxY / scale
    above.insert(x0: x0, x1: x1, top: top, bottom: bottom)
    below.insert(x0: x0, x1: x1, top: top, bottom: bottom)
  }

  /// Adds the items drawn since `count` to both skylines.
  mutating func absorb(since count: Int) {
    for item in canvas.items[count...] { addToSkylines(item.box) }
  }

  mutating func place(line: EngravedLine) {
    rightLimit = line.end
    if !articulationsPlaced { placeArticulations(line: line) }
    placeOrnaments(line: line)
    placeLines(line: line)
    placeChordSymbols(line: line)
    placeAnnotations(line: line)
    if !line.spans.hasLyrics { placeBelowAnnotations(line: line) }
    if let tablature { placeTablature(tablature, line: line) }
    placeLyrics(line: line)
    if line.spans.hasLyrics { placeBelowAnnotations(line: line) }
    placeDynamics(line: line)
    placePedals(line: line)
    placeLabels(line: line)
    placeBarNumbers(line: line)
  }

  // MARK: Helpers

  /// Places a glyph centred on `x` beyond the skyline on `side`.
  mutating func placeGlyph(
    _ glyph: SMuFLGlyph, centre x: Double, side: Skyline.Side, floor: Double, padding: Double,
    role: Role, column: Int?, source: SourcePosition?, size: Double = 1
  ) {
    guard let metrics = font.glyph(glyph) else { return }
    let width = metrics.width * size
    let height = metrics.height * size
    let x0 = clamp(x - width / 2, width: width)
    let box =
      side == .above
      ? above.place(from: x0, to: x0 + width, height: height, padding: padding, floor: floor)
      : below.place(from: x0, to: x0 + width, height: height, padding: padding, floor: floor)
    let count = canvas.items.count
    canvas.glyph(
      glyph, x: x0 - metrics.southWest.x * size, y: box.bottom + metrics.southWest.y * size, role: role,
      column: column, source: source, size: size)
    if side == .above {
      below.insert(x0: x0, x1: x0 + width, top: box.top, bottom: box.bottom)
    } else {
      above.insert(x0: x0, x1: x0 + width, top: box.top, bottom: box.bottom)
    }
    _ = count
  }

  /// Places text starting at `x` (or centred on it) beyond the skyline on `side`.
  @discardableResult
  mutating func placeText(
    _ text: String, font spec: FontSpec, x: Double, centred: Bool = false, side: Skyline.Side,
    floor: Double, padding: Double, role: Role, column: Int?, source: SourcePosition?
  ) -> (x0: Double, x1: Double, top: Double, bottom: Double) {
    let extent = measurer.measure(text, font: spec)
    let width = extent.width / scale
    let height = (extent.ascent + extent.descent) / scale
    let x0 = clamp(centred ? x - width / 2 : x, width: width)
    let box =
      side == .above
      ? above.place(from: x0, to: x0 + width, height: height, padding: padding, floor: floor)
      : below.place(from: x0, to: x0 + width, height: height, padding: padding, floor: floor)
    canvas.text(
      text, font: spec, x: x0, y: box.top + extent.ascent / scale, extent: extent, role: role, column: column,
      source: source)
    if side == .above {
      below.insert(x0: x0, x1: x0 + width, top: box.top, bottom: box.bottom)
    } else {
      above.insert(x0: x0, x1: x0 + width, top: box.top, bottom: box.bottom)
    }
    return (x0, x0 + width, box.top, box.bottom)
  }

  /// Keeps a mark of `width` starting at `x0` within the staff's length.
  func clamp(_ x0: Double, width: Double) -> Double {
    max(0, min(x0, rightLimit - width))
  }

  /// The centre of the symbol's head, or its anchor plus half a head for rests and bars.
  func centre(of index: Int, line: EngravedLine) -> Double? {
    if let note = line.notes[index] { return note.centreX }
    guard let x = line.x(of: index) else { return nil }
    if line.symbols[index].isBar { return x + line.symbols[index].right / 2 }
    return x + (font.glyph(.noteheadBlack)?.advance ?? 1.18) / 2
  }
}
