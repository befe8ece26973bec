import DisplayList

/// A page's drawing operators as bytes, with the graphics state tracked so that colour,
/// line style and transparency are written only when they change.
struct PDFContentStream {
  /// The operators written so far (one buffer written through a pointer: a book writes
  /// millions of numbers).
  private var text: ByteText
  var bytes: [UInt8] { text.bytes }
  private var fill: RGBAColor?
  private var lineWidth: Double?
  private var lineCap: Int?
  private var lineJoin: Int?
  private var dash: Double?
  private var alpha = 1.0
  private var font: String?
  private var fontSize = 0.0
  /// Inside a text object: the text line matrix's origin when it is a plain one
  /// ([1 0 0 -1 x y]); nil when the next glyph needs a full matrix.
  private var lineOrigin: (x: Double, y: Double)?
  /// A text run being written as a `TJ` array (`showRunGlyph`), field by field (a tuple
  /// read and written back whole was most of a glyph's cost): whether one is open, where
  /// the reader's pen stands (x, page coordinates), the run's baseline (as written, and as
  /// given for its first glyph), its size and slant, and whether a hex string is open.
  private var inRun = false
  private var runPen = 0.0
  private var runY = 0.0
  private var runRawY = 0.0
  private var runSize = 0.0
  private var runSlant = 0.0
  private var runStringOpen = false
  /// Transparency levels used, as ExtGState names (`GS500` is 50 % opaque).
  private(set) var alphaStates: Set<Int> = []

  init(capacity: Int = 16_384) {
    text = ByteText(capacity: capacity)
  }

  /// A page coordinate or length (a hundredth of a point is plenty for print).
  mutating func number(_ value: Double) {
    text.decimal(value, places: 2, then: 0x20)
  }

  /// A colour component or matrix factor, to a thousandth (0 and 1, most of them, as
  /// literals).
  mutating func fine(_ value: Double) {
    if value == 0 {
      literal("0 ")
    } else if value == 1 {
      literal("1 ")
    } else {
      text.decimal(value, places: 3, then: 0x20)
    }
  }

  mutating func op(_ name: StaticString) {
    var cursor = text.cursor(room: 24)
    cursor.put(name)
    cursor.put(byte: 0x0A)
    text.commit(cursor)
  }

  /// Operators made by another stream (a fragment), as they are.
  mutating func append(_ operators: [UInt8]) {
    text.put(bytes: operators)
  }

  mutating func raw(_ string: String) {
    text.put(string: string)
  }

  /// Bytes written as they are (a literal: no string to make).
  mutating func literal(_ string: StaticString) {
    text.put(string)
  }

  /// Sets fill and stroke colour (and opacity) for what follows.
  mutating func setColor(_ color: RGBAColor) {
    if color != fill {
      fill = color
      fine(color.red)
      fine(color.green)
      fine(color.blue)
      op("rg")
      fine(color.red)
      fine(color.green)
      fine(color.blue)
      op("RG")
    }
    let opacity = max(0, min(1, color.alpha))
    if opacity != alpha {
      alpha = opacity
      let level = Int((opacity * 1000).rounded())
      alphaStates.insert(level)
      raw("/GS\(level) gs\n")
    }
  }

  /// Sets the line width, cap (0 butt, 1 round), join (0 miter, 1 round) and dash.
  mutating func setStroke(width: Double, cap: Int, join: Int, dash newDash: Double?) {
    if width != lineWidth {
      lineWidth = width
      number(width)
      op("w")
    }
    if cap != lineCap {
      lineCap = cap
      text.integer(cap)
      literal(" J\n")
    }
    if join != lineJoin {
      lineJoin = join
      text.integer(join)
      literal(" j\n")
    }
    let pattern = (newDash ?? 0) > 0 ? newDash : nil
    if pattern != dash {
      dash = pattern
      if let pattern {
        literal("[")
        number(pattern)
        literal("] 0 d\n")
      } else {
        literal("[] 0 d\n")
      }
    }
  }

  mutating func move(_ p: Point) {
    var cursor = text.cursor(room: 2 * ByteText.Cursor.numberRoom + 2)
    cursor.operand(p.x)
    cursor.operand(p.y)
    cursor.put("m\n")
    text.commit(cursor)
  }

  mutating func line(_ p: Point) {
    var cursor = text.cursor(room: 2 * ByteText.Cursor.numberRoom + 2)
    cursor.operand(p.x)
    cursor.operand(p.y)
    cursor.put("l\n")
    text.commit(cursor)
  }

  mutating func curve(_ a: Point, _ b: Point, _ c: Point) {
    var cursor = text.cursor(room: 6 * ByteText.Cursor.numberRoom + 2)
    cursor.operand(a.x)
    cursor.operand(a.y)
    cursor.operand(b.x)
    cursor.operand(b.y)
    cursor.operand(c.x)
    cursor.operand(c.y)
    cursor.put("c\n")
    text.commit(cursor)
  }

  /// Selects a font resource and size; text state survives `BT`/`ET`, so it is written
  /// only when it changes.
  mutating func setFont(_ resourceName: String, size: Double) {
    guard resourceName != font || size != fontSize else { return }
    endRun()
    font = resourceName
    fontSize = size
    text.put(byte: UInt8(ascii: "/"))
    raw(resourceName)
    text.put(byte: 0x20)
    number(size)
    op("Tf")
  }

  /// Forgets the selected font (after `Q` restores an older text state).
  mutating func forgetFont() {
    font = nil
  }

  /// A coordinate as `number` writes it.
  static func rounded(_ value: Double) -> Double {
    rounded(value, per: 100)
  }

  /// A width as the font's `/W` array writes it (to a thousandth, `PDFSyntax.number`).
  static func thousandths(_ value: Double) -> Double {
    rounded(value, per: 1000)
  }

  /// `value` rounded half away from zero to a `unit`th, as `ByteText.decimal` writes it.
  private static func rounded(_ value: Double, per unit: Double) -> Double {
    let scaled = value * unit
    guard abs(scaled) < 1e15 else { return scaled.rounded() / unit }
    // As `rounded()`, without the libm call (the truncation's remainder is exact).
    var whole = Double(Int(scaled))
    let left = scaled - whole
    if left >= 0.5 { whole += 1 } else if left <= -0.5 { whole -= 1 }
    return whole / unit
  }

  mutating func beginText() {
    endRun()
    op("BT")
    lineOrigin = nil
  }

  mutating func endText() {
    endRun()
    op("ET")
    lineOrigin = nil
  }

  /// Shows glyph `id` with its origin at (x, y) in page coordinates (y down), stretched by
  /// `scaleX` and sheared by `slant`. Consecutive plain glyphs move by `Td` from the last.
  mutating func showGlyph(_ id: UInt32, x: Double, y: Double, scaleX: Double = 1, slant: Double = 0) {
    endRun()
    move(toX: x, y: y, scaleX: scaleX, slant: slant)
    var cursor = text.cursor(room: 9)
    cursor.put(byte: UInt8(ascii: "<"))
    cursor.put(hex: UInt16(truncatingIfNeeded: id))
    cursor.put(">Tj\n")
    text.commit(cursor)
  }

  /// Starts the text line at (x, y): by `Td` from the last line's origin when both are plain
  /// (the origin moves by the rounded step the reader will apply, so rounding never adds
  /// up), else by a whole matrix (`Tm`).
  private mutating func move(toX x: Double, y: Double, scaleX: Double, slant: Double) {
    if scaleX == 1 && slant == 0, let origin = lineOrigin {
      let dx = Self.rounded(x - origin.x)
      let dy = Self.rounded(origin.y - y)
      var cursor = text.cursor(room: 2 * ByteText.Cursor.numberRoom + 3)
      cursor.operand(dx)
      cursor.operand(dy)
      cursor.put("Td\n")
      text.commit(cursor)
      lineOrigin = (origin.x + dx, origin.y - dy)
    } else if scaleX == 1 && slant == 0 {
      // The plain matrix (nearly every text object's first glyph) in one write.
      var cursor = text.cursor(room: 2 * ByteText.Cursor.numberRoom + 12)
      cursor.put("1 0 0 -1 ")
      cursor.operand(x)
      cursor.operand(y)
      cursor.put("Tm\n")
      text.commit(cursor)
      lineOrigin = (Self.rounded(x), Self.rounded(y))
    } else {
      fine(scaleX)
      literal("0 ")
      fine(slant)
      literal("-1 ")
      number(x)
      number(y)
      op("Tm")
      lineOrigin = nil
    }
  }

  /// Shows glyph `id` of a text run at (x, y): the glyphs of a run on one baseline go into
  /// one `TJ` array (`endRun` or `endText` closes it), each advancing the reader's pen by
  /// its `width` (thousandths of an em, as the font's `/W` array writes it: `PDFGlyphWidths`
  /// gives it rounded so), with a number where the run places the next glyph elsewhere
  /// (kerning, a mark). A glyph off the baseline starts a new array where it stands. Where
  /// `showGlyph` moved to every glyph (about 19 bytes a glyph), a word is its glyphs' hex
  /// digits; every glyph still sits within 0.005 pt of its place.
  /// `size` comes rounded as `number` writes it (the reader scales by the size as `Tf`
  /// wrote it: 10.125 is set as 10.13).
  @inline(__always)
  mutating func showRunGlyph(_ id: UInt32, x: Double, y: Double, width: Double, size: Double, slant: Double) {
    if inRun, runSize == size, runSlant == slant, y == runRawY || Self.rounded(y) == runY {
      // Within 0.004 pt the glyph stays where the pen is (the number's own rounding adds at
      // most 0.0005 pt for text under 100 pt).
      let shift = x - runPen
      if abs(shift) > 0.004 { moveRunPen(by: shift) }
      var cursor = text.cursor(room: 5)
      if !runStringOpen {
        cursor.put(byte: UInt8(ascii: "<"))
        runStringOpen = true
      }
      cursor.put(hex: UInt16(truncatingIfNeeded: id))
      text.commit(cursor)
      runPen += width * size / 1000
      return
    }
    startRun(id, x: x, y: y, width: width, size: size, slant: slant)
  }

  /// A number in the open run's array moving the pen `shift` on (closing its string).
  private mutating func moveRunPen(by shift: Double) {
    if runStringOpen {
      text.put(byte: UInt8(ascii: ">"))
      runStringOpen = false
    }
    // A number n moves the pen back by n thousandths of the size.
    let units = Self.rounded(-shift * 1000 / runSize)
    text.decimal(units, places: 2)
    runPen -= units * runSize / 1000
  }

  /// A new `TJ` array at the glyph, which it opens.
  private mutating func startRun(
    _ id: UInt32, x: Double, y: Double, width: Double, size: Double, slant: Double
  ) {
    endRun()
    move(toX: x, y: y, scaleX: 1, slant: slant)
    text.put(byte: UInt8(ascii: "["))
    text.put(byte: UInt8(ascii: "<"))
    text.put(hex: UInt16(truncatingIfNeeded: id))
    let pen = lineOrigin?.x ?? Self.rounded(x)
    (inRun, runPen, runY, runRawY, runSize, runSlant, runStringOpen) =
      (true, pen + width * size / 1000, Self.rounded(y), y, size, slant, true)
  }

  /// Closes a text run's `TJ` array, if one is open.
  mutating func endRun() {
    guard inRun else { return }
    if runStringOpen { text.put(byte: UInt8(ascii: ">")) }
    literal("]TJ\n")
    inRun = false
  }
}
