/// Which tune, staff, voice, score line and time column an item belongs to.
///
/// Stored packed (a display list holds millions of items, copied as they are placed): the
/// tune number whole, the four indices as 32-bit numbers (`PackedIndex`).
public struct ItemContext: Hashable, Sendable {
  private var storedTune = Int.min

  /// The tune's `X:` number.
  public var tune: Int? {
    get { storedTune == .min ? nil : storedTune }
    set { storedTune = newValue ?? .min }
  }
  @PackedIndex public var staff: Int?
  @PackedIndex public var voice: Int?
  /// The score line (StaffSystem) index within the tune, from 0.
  @PackedIndex public var line: Int?
  /// The time column within its line, from 0.
  @PackedIndex public var column: Int?

  public init(tune: Int? = nil, staff: Int? = nil, voice: Int? = nil, line: Int? = nil, column: Int? = nil) {
    self.tune = tune
    self.staff = staff
    self.voice = voice
    self.line = line
    self.column = column
  }
}

/// An optional index kept in 32 bits, nil as the smallest value (indices are far inside
/// 32 bits; a larger one is kept at the largest).
@propertyWrapper
public struct PackedIndex: Hashable, Sendable {
  private var stored = Int32.min

  public init(wrappedValue: Int?) {
    self.wrappedValue = wrappedValue
  }

  public var wrappedValue: Int? {
    get { stored == .min ? nil : Int(stored) }
    set { stored = newValue.map { Int32(clamping: max($0, Int(Int32.min) + 1)) } ?? .min }
  }

  /// The index as stored (`Int32.min` for nil).
  var raw: Int32 { stored }
}

extension ItemContext {
  /// The dump's context fields (` t1 s0 v0 l2 c5`, each only when set), written through a
  /// cursor: read as stored, where five property reads were five calls per item.
  @inline(__always) func writeTags(into cursor: inout ByteText.Cursor) {
    if let tune { cursor.tagged(UInt8(ascii: "t"), tune) }
    if _staff.raw != .min { cursor.tagged(UInt8(ascii: "s"), Int(_staff.raw)) }
    if _voice.raw != .min { cursor.tagged(UInt8(ascii: "v"), Int(_voice.raw)) }
    if _line.raw != .min { cursor.tagged(UInt8(ascii: "l"), Int(_line.raw)) }
    if _column.raw != .min { cursor.tagged(UInt8(ascii: "c"), Int(_column.raw)) }
  }
}

/// A position in the ABC source: 1-based line and column (32 bits each: a display list
/// carries one per item).
public struct SourcePosition: Hashable, Sendable {
  private var storedLine: Int32
  private var storedColumn: Int32
  public var line: Int {
    get { Int(storedLine) }
    set { storedLine = Int32(clamping: newValue) }
  }
  public var column: Int {
    get { Int(storedColumn) }
    set { storedColumn = Int32(clamping: newValue) }
  }

  public init(line: Int, column: Int) {
    storedLine = Int32(clamping: line)
    storedColumn = Int32(clamping: column)
  }
}

/// A music-font glyph placed by its SMuFL origin (left edge, on the baseline).
///
/// Plain values only: the glyph's name and font are numbers (`InternedName`), so copying
/// and freeing a glyph counts no references; `name` and `font` read them as text.
public struct GlyphShape: Hashable, Sendable {
  /// The SMuFL glyph name's number in `NameTable.glyphs`.
  public var glyph: InternedName
  /// The music font family's number in `NameTable.families`.
  public var family: InternedName
  /// The glyph's code point in the music font.
  public var codepoint: UInt32
  public var origin: Point
  /// The font size in points (one em = four staff spaces).
  public var size: Double
  /// Horizontal scale factor (1 = natural width), for glyphs stretched to fit.
  public var scaleX: Double

  /// SMuFL glyph name, e.g. `noteheadBlack`.
  public var name: String {
    get { NameTable.glyphs.text(glyph) }
    set { glyph = NameTable.glyphs.number(newValue) }
  }
  /// The music font family, e.g. `Bravura`.
  public var font: String {
    get { NameTable.families.text(family) }
    set { family = NameTable.families.number(newValue) }
  }

  public init(name: String, codepoint: UInt32, font: String, origin: Point, size: Double, scaleX: Double = 1)
  {
    self.init(
      glyph: NameTable.glyphs.number(name), codepoint: codepoint, family: NameTable.families.number(font),
      origin: origin, size: size, scaleX: scaleX)
  }

  /// A glyph whose names are numbers already (the layout's, made once per glyph and font).
  public init(
    glyph: InternedName, codepoint: UInt32, family: InternedName, origin: Point, size: Double,
    scaleX: Double = 1
  ) {
    self.glyph = glyph
    self.family = family
    self.codepoint = codepoint
    self.origin = origin
    self.size = size
    self.scaleX = scaleX
  }
}

/// A straight stroked line with butt caps.
public struct LineShape: Hashable, Sendable {
  public var from: Point
  public var to: Point
  public var thickness: Double
  /// Dash length in points, nil for solid lines.
  public var dash: Double?

  public init(from: Point, to: Point, thickness: Double, dash: Double? = nil) {
    self.from = from
    self.to = to
    self.thickness = thickness
    self.dash = dash
  }

  /// The line's ink: its length, widened by the thickness across the line's main direction.
  public var box: Rect {
    let half = thickness / 2
    return abs(from.x - to.x) < abs(from.y - to.y)
      ? Rect(
        x: min(from.x, to.x) - half, y: min(from.y, to.y), width: abs(from.x - to.x) + 2 * half,
        height: abs(from.y - to.y))
      : Rect(
        x: min(from.x, to.x), y: min(from.y, to.y) - half, width: abs(from.x - to.x),
        height: abs(from.y - to.y) + 2 * half)
  }
}

/// One segment of a path.
public enum PathSegment: Hashable, Sendable {
  case move(Point)
  case line(Point)
  case curve(Point, Point, Point)
  case close
}

/// A filled outline (beams, slurs, ties) or a stroked open path (brackets).
public struct PathShape: Hashable, Sendable {
  public var segments: [PathSegment]
  /// Stroke width; nil means the path is filled.
  public var strokeWidth: Double?
  /// Dash length for stroked paths (dotted slurs and ties), nil for solid.
  public var dash: Double?

  public init(segments: [PathSegment], strokeWidth: Double? = nil, dash: Double? = nil) {
    self.segments = segments
    self.strokeWidth = strokeWidth
    self.dash = dash
  }

  /// The bounding box of the path's outline, with curves sampled (not their control
  /// points, which lie outside the ink).
  /// (Walked point by point, without making the outline's array: a beam's or a tie's box
  /// was most of adding it.)
  public var bounds: Rect {
    var found = false
    var (minX, minY, maxX, maxY) = (0.0, 0.0, 0.0, 0.0)
    forEachOutlinePoint { point in
      if found {
        minX = Swift.min(minX, point.x)
        minY = Swift.min(minY, point.y)
        maxX = Swift.max(maxX, point.x)
        maxY = Swift.max(maxY, point.y)
      } else {
        found = true
        (minX, minY, maxX, maxY) = (point.x, point.y, point.x, point.y)
      }
    }
    return Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
  }

  /// The outline with its curves sampled (12 points a curve): the ink's polygon.
  public var outline: [Point] {
    var points: [Point] = []
    forEachOutlinePoint { points.append($0) }
    return points
  }

  /// Calls `body` with each point of the outline in order: the ends of moves and lines, and
  /// twelve samples along each curve.
  @inline(__always)
  func forEachOutlinePoint(_ body: (Point) -> Void) {
    var current = Point(x: 0, y: 0)
    for segment in segments {
      switch segment {
      case .move(let p), .line(let p):
        body(p)
        current = p
      case .curve(let a, let b, let c):
        for step in 1...12 {
          let t = Double(step) / 12
          let u = 1 - t
          let x = u * u * u * current.x + 3 * u * u * t * a.x + 3 * u * t * t * b.x + t * t * t * c.x
          let y = u * u * u * current.y + 3 * u * u * t * a.y + 3 * u * t * t * b.y + t * t * t * c.y
          body(Point(x: x, y: y))
        }
        current = c
      case .close: break
      }
    }
  }

  /// Every point the path names, for bounding boxes.
  public var points: [Point] {
    segments.flatMap { segment -> [Point] in
      switch segment {
      case .move(let p), .line(let p): [p]
      case .curve(let a, let b, let c): [a, b, c]
      case .close: []
      }
    }
  }
}

/// The font of a text run, as a Pango/fontconfig family with size and style.
public struct FontSpec: Hashable, Sendable {
  public var family: String {
    didSet { familyHash = TextHash.of(family) }
  }
  public var size: Double
  public var isBold: Bool
  public var isItalic: Bool
  /// The family's `TextHash`, kept with it: the text caches hash a font at every lookup,
  /// and hashing the family's bytes each time was a quarter of one.
  private var familyHash: UInt64

  public init(family: String, size: Double, isBold: Bool = false, isItalic: Bool = false) {
    self.family = family
    self.size = size
    self.isBold = isBold
    self.isItalic = isItalic
    familyHash = TextHash.of(family)
  }

  /// The font's fields as one word (`TextHash` of the family, the size's bits and the
  /// style), what `hash(into:)` feeds: the text caches look fonts up tens of thousands of
  /// times.
  public var fastHash: UInt64 {
    let size = self.size == 0 ? 0 : self.size.bitPattern
    return familyHash ^ TextHash.mix(size ^ (isBold ? 2 : 0) ^ (isItalic ? 4 : 0), 0x9E37_79B9_7F4A_7C15)
  }

  public func hash(into hasher: inout Hasher) { hasher.combine(fastHash) }

  /// Equal fonts: the families' hashes first, which tell most different families apart.
  public static func == (a: FontSpec, b: FontSpec) -> Bool {
    a.familyHash == b.familyHash && a.size == b.size && a.isBold == b.isBold && a.isItalic == b.isItalic
      && a.family == b.family
  }

  /// The Pango font description string, e.g. `TeX Gyre Schola Bold Italic 12`.
  public var pangoDescription: String {
    var text = ByteText(capacity: family.utf8.count + 24)
    describe(into: &text)
    return text.string
  }

  /// `pangoDescription` written where it goes (a dump writes one for each text item).
  func describe(into out: inout ByteText) {
    out.put(string: family)
    if isBold { out.put(" Bold") }
    if isItalic { out.put(" Italic") }
    out.put(byte: 0x20)
    if let whole = Int(exactly: size) { out.integer(whole) } else { out.put(string: String(size)) }
    out.put("px")
  }
}

/// A run of text, positioned by the left end of its baseline.
public struct TextShape: Hashable, Sendable {
  public var text: String
  public var font: FontSpec
  public var origin: Point

  public init(text: String, font: FontSpec, origin: Point) {
    self.text = text
    self.font = font
    self.origin = origin
  }
}

/// What a display item draws.
public enum Shape: Hashable, Sendable {
  case glyph(GlyphShape)
  case line(LineShape)
  case path(PathShape)
  case text(TextShape)

  /// The shape's kind as written in dumps and JSON.
  public var kind: String {
    switch self {
    case .glyph: "glyph"
    case .line: "line"
    case .path: "path"
    case .text: "text"
    }
  }
}

/// One positioned drawing instruction with its meaning and where it came from.
public struct DisplayItem: Hashable, Sendable {
  public var role: Role
  public var shape: Shape
  /// The ink's bounding box in page points.
  public var box: Rect
  public var context: ItemContext
  public var source: SourcePosition?

  public init(
    role: Role, shape: Shape, box: Rect, context: ItemContext = ItemContext(), source: SourcePosition? = nil
  ) {
    self.role = role
    self.shape = shape
    self.box = box
    self.context = context
    self.source = source
  }
}
