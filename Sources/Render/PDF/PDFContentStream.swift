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
  /// Transparency levels used, as ExtGState names (`GS500` is 50 % opaque).
  private(set) var alphaStates: Set<Int> = []

  init(capacity: Int = 16_384) {
    text = ByteText(capacity: capacity)
  }

  /// A page coordinate or length (a hundredth of a point is plenty for print).
  mutating func number(_ value: Double) {
    text.decimal(value, places: 2, then: 0x20)
  }

  /// A colour component or matrix factor, to a thousandth.
  mutating func fine(_ value: Double) {
    text.decimal(value, places: 3, then: 0x20)
  }

  mutating func op(_ name: StaticString) {
    text.put(name)
    text.put(byte: 0x0A)
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
      raw("\(cap) J\n")
    }
    if join != lineJoin {
      lineJoin = join
      raw("\(join) j\n")
    }
    let pattern = (newDash ?? 0) > 0 ? newDash : nil
    if pattern != dash {
      dash = pattern
      if let pattern {
        raw("[")
        number(pattern)
        raw("] 0 d\n")
      } else {
        raw("[] 0 d\n")
      }
    }
  }

  mutating func move(_ p: Point) {
    number(p.x)
    number(p.y)
    op("m")
  }

  mutating func line(_ p: Point) {
    number(p.x)
    number(p.y)
    op("l")
  }

  mutating func curve(_ a: Point, _ b: Point, _ c: Point) {
    number(a.x)
    number(a.y)
    number(b.x)
    number(b.y)
    number(c.x)
    number(c.y)
    op("c")
  }

  /// Selects a font resource and size; text state survives `BT`/`ET`, so it is written
  /// only when it changes.
  mutating func setFont(_ resourceName: String, size: Double) {
    guard resourceName != font || size != fontSize else { return }
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
    let scaled = value * 100
    guard abs(scaled) < 1e15 else { return scaled.rounded() / 100 }
    // As `rounded()`, without the libm call (the truncation's remainder is exact).
    var whole = Double(Int(scaled))
    let left = scaled - whole
    if left >= 0.5 { whole += 1 } else if left <= -0.5 { whole -= 1 }
    return whole / 100
  }

  mutating func beginText() {
    op("BT")
    lineOrigin = nil
  }

  mutating func endText() {
    op("ET")
    lineOrigin = nil
  }

  /// Shows glyph `id` with its origin at (x, y) in page coordinates (y down), stretched by
  /// `scaleX` and sheared by `slant`. Consecutive plain glyphs move by `Td` from the last.
  mutating func showGlyph(_ id: UInt32, x: Double, y: Double, scaleX: Double = 1, slant: Double = 0) {
    if scaleX == 1 && slant == 0, let origin = lineOrigin {
      // The origin moves by the rounded step the reader will apply, so rounding never adds up.
      let dx = Self.rounded(x - origin.x)
      let dy = Self.rounded(origin.y - y)
      number(dx)
      number(dy)
      op("Td")
      lineOrigin = (origin.x + dx, origin.y - dy)
    } else {
      fine(scaleX)
      raw("0 ")
      fine(slant)
      raw("-1 ")
      number(x)
      number(y)
      op("Tm")
      lineOrigin = scaleX == 1 && slant == 0 ? (Self.rounded(x), Self.rounded(y)) : nil
    }
    text.put(byte: UInt8(ascii: "<"))
    text.put(hex: UInt16(truncatingIfNeeded: id))
    literal(">Tj\n")
  }
}
