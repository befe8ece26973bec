import DisplayList
import SMuFL

/// Collects display items for one staff system, taking staff-space coordinates.
///
/// x runs right from the system's left edge, y runs down from the top staff line, both in
/// staff spaces; items are stored in points relative to the same origin and moved onto
/// the page later (`DisplayItem.translated`).
struct StaffCanvas {
  let font: MusicFont
  /// The font's family as its number, for the glyphs placed.
  let family: InternedName
  /// Points per staff space.
  let scale: Double
  var context: ItemContext
  /// The staff's lines (`stafflines=`): bar lines span them.
  var staffLines = 5

  /// The y of the top and bottom staff lines, in staff spaces below the five-line staff's
  /// top line: one line sits on the middle line, others hang from the top line.
  var staffSpan: (top: Double, bottom: Double) {
    staffLines == 1 ? (1, 3) : (0, Double(max(staffLines, 2) - 1))
  }
  private(set) var items: [DisplayItem] = []

  /// `capacity`: the items expected (room made once instead of growing as they come).
  init(font: MusicFont, scale: Double, context: ItemContext, capacity: Int = 0) {
    self.font = font
    family = NameTable.families.recent(font.family)
    self.scale = scale
    self.context = context
    items.reserveCapacity(capacity)
  }

  /// The y (staff spaces from the top line) of a staff position.
  static func y(ofPosition position: Int) -> Double { Double(8 - position) / 2 }
  static func y(ofPosition position: Double) -> Double { (8 - position) / 2 }

  func point(_ x: Double, _ y: Double) -> Point { Point(x: x * scale, y: y * scale) }

  /// Places a glyph with its SMuFL origin at (x, y); `size` scales it (grace notes).
  mutating func glyph(
    _ glyph: SMuFLGlyph, x: Double, y: Double, role: Role, column: Int? = nil,
    source: SourcePosition? = nil, size: Double = 1, scaleX: Double = 1
  ) {
    // The glyph's box alone (its whole metrics were copied for every glyph drawn).
    guard let metrics = font.box(of: glyph) else {
      drawOutline(glyph, x: x, y: y, role: role, column: column, source: source, size: size)
      return
    }
    let box = Rect(
      x: (x + metrics.minX * size * scaleX) * scale, y: (y - metrics.maxY * size) * scale,
      width: metrics.width * size * scaleX * scale, height: metrics.height * size * scale)
    let shape = GlyphShape(
      glyph: GlyphNames.number(glyph), codepoint: metrics.codepoint, family: family,
      origin: point(x, y), size: 4 * scale * size, scaleX: scaleX)
    add(role: role, shape: .glyph(shape), box: box, column: column, source: source)
  }

  /// A straight line of the given thickness (staff spaces).
  mutating func line(
    from: (Double, Double), to: (Double, Double), thickness: Double, role: Role,
    column: Int? = nil, source: SourcePosition? = nil, dash: Double? = nil
  ) {
    let shape = LineShape(
      from: point(from.0, from.1), to: point(to.0, to.1), thickness: thickness * scale,
      dash: dash.map { $0 * scale })
    add(role: role, shape: .line(shape), box: shape.box, column: column, source: source)
  }

  /// A head the music font lacks (`NoteheadOutline`), drawn as a path; nothing for others.
  private mutating func drawOutline(
    _ glyph: SMuFLGlyph, x: Double, y: Double, role: Role, column: Int?, source: SourcePosition?,
    size: Double
  ) {
    let headWidth = font.glyph(.noteheadBlack)?.advance ?? 1.18
    guard let (corners, filled) = NoteheadOutline.corners(of: glyph, headWidth: headWidth) else { return }
    let placed = corners.map { (x + $0.0 * size, y + $0.1 * size) }
    if filled {
      polygon(placed, role: role, column: column, source: source)
      return
    }
    var segments = placed.map { PathSegment.line(point($0.0, $0.1)) }
    segments[0] = .move(point(placed[0].0, placed[0].1))
    segments.append(.close)
    path(
      segments, strokeWidth: NoteheadOutline.strokeWidth * size, dash: nil, role: role, column: column,
      source: source)
  }

  /// A filled polygon through staff-space points.
  mutating func polygon(
    _ corners: [(Double, Double)], role: Role, column: Int? = nil, source: SourcePosition? = nil
  ) {
    guard let first = corners.first else { return }
    var segments: [PathSegment] = []
    segments.reserveCapacity(corners.count + 1)
    segments.append(.move(point(first.0, first.1)))
    for index in corners.indices.dropFirst() {
      segments.append(.line(point(corners[index].0, corners[index].1)))
    }
    segments.append(.close)
    fill(segments, role: role, column: column, source: source)
  }

  /// `polygon` through four corners (a beam), its path made in one array.
  mutating func quadrilateral(
    _ a: (Double, Double), _ b: (Double, Double), _ c: (Double, Double), _ d: (Double, Double), role: Role,
    column: Int?, source: SourcePosition?
  ) {
    let segments: [PathSegment] = [
      .move(point(a.0, a.1)), .line(point(b.0, b.1)), .line(point(c.0, c.1)), .line(point(d.0, d.1)), .close,
    ]
    fill(segments, role: role, column: column, source: source)
  }

  /// A filled path of points already converted with `point`, boxed by its outline.
  private mutating func fill(_ segments: [PathSegment], role: Role, column: Int?, source: SourcePosition?) {
    let path = PathShape(segments: segments)
    add(role: role, shape: .path(path), box: path.bounds, column: column, source: source)
  }

  /// A path through staff-space points already converted with `point`; filled when
  /// `strokeWidth` (staff spaces) is nil.
  mutating func path(
    _ segments: [PathSegment], strokeWidth: Double?, dash: Double?, role: Role, column: Int?,
    source: SourcePosition?
  ) {
    let shape = PathShape(
      segments: segments, strokeWidth: strokeWidth.map { $0 * scale }, dash: dash.map { $0 * scale })
    var box = shape.bounds
    if let width = shape.strokeWidth {
      box = Rect(
        x: box.x - width / 2, y: box.y - width / 2, width: box.width + width, height: box.height + width)
    }
    add(role: role, shape: .path(shape), box: box, column: column, source: source)
  }

  /// Text whose baseline-left is at (x, y) in staff spaces; sizes stay in points.
  mutating func text(
    _ string: String, font spec: FontSpec, x: Double, y: Double, extent: TextExtent, role: Role,
    column: Int? = nil, source: SourcePosition? = nil
  ) {
    let origin = point(x, y)
    let box = Rect(
      x: origin.x, y: origin.y - extent.ascent, width: extent.width,
      height: extent.ascent + extent.descent)
    add(
      role: role, shape: .text(TextShape(text: string, font: spec, origin: origin)), box: box,
      column: column, source: source)
  }

  private mutating func add(
    role: Role, shape: Shape, box: Rect, column: Int?, source: SourcePosition?
  ) {
    var itemContext = context
    itemContext.column = column
    items.append(DisplayItem(role: role, shape: shape, box: box, context: itemContext, source: source))
  }
}
