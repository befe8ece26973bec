/// Display items in the compact binary form of ByteWriter (a layout cache's records).
extension ByteWriter {
  public mutating func point(_ point: Point) {
    double(point.x)
    double(point.y)
  }

  public mutating func items(_ items: [DisplayItem]) {
    count(items.count)
    for item in items { self.item(item) }
  }

  public mutating func item(_ item: DisplayItem) {
    count(Role.index[item.role] ?? 0)
    double(item.box.x)
    double(item.box.y)
    double(item.box.width)
    double(item.box.height)
    let context = item.context
    let parts = [context.tune, context.staff, context.voice, context.line, context.column]
    var mask: UInt64 = item.source == nil ? 0 : 32
    for (bit, part) in parts.enumerated() where part != nil { mask |= 1 << UInt64(bit) }
    uint(mask)
    for part in parts { if let part { int(part) } }
    if let source = item.source {
      int(source.line - lineShift)
      int(source.column)
    }
    switch item.shape {
    case .glyph(let glyph):
      uint(0)
      string(glyph.name)
      uint(UInt64(glyph.codepoint))
      string(glyph.font)
      point(glyph.origin)
      double(glyph.size)
      double(glyph.scaleX)
    case .line(let line):
      uint(1)
      point(line.from)
      point(line.to)
      double(line.thickness)
      double(line.dash)
    case .path(let path):
      uint(2)
      count(path.segments.count)
      for segment in path.segments {
        switch segment {
        case .move(let p):
          uint(0)
          point(p)
        case .line(let p):
          uint(1)
          point(p)
        case .curve(let a, let b, let c):
          uint(2)
          point(a)
          point(b)
          point(c)
        case .close: uint(3)
        }
      }
      double(path.strokeWidth)
      double(path.dash)
    case .text(let text):
      uint(3)
      string(text.text)
      string(text.font.family)
      double(text.font.size)
      uint((text.font.isBold ? 1 : 0) | (text.font.isItalic ? 2 : 0))
      point(text.origin)
    }
  }
}

extension ByteReader {
  public mutating func point() -> Point? {
    guard let x = double(), let y = double() else { return nil }
    return Point(x: x, y: y)
  }

  public mutating func items() -> [DisplayItem]? {
    guard let count = count() else { return nil }
    var items: [DisplayItem] = []
    items.reserveCapacity(count)
    for _ in 0..<count {
      guard let item = item() else { return nil }
      items.append(item)
    }
    return items
  }

  public mutating func item() -> DisplayItem? {
    guard let roleIndex = count(), roleIndex < Role.allCases.count,
      let x = double(), let y = double(), let width = double(), let height = double(),
      let mask = uint(), mask < 64
    else { return nil }
    var parts: [Int?] = []
    for bit in 0..<5 {
      if mask & (1 << UInt64(bit)) == 0 {
        parts.append(nil)
      } else {
        guard let value = int() else { return nil }
        parts.append(value)
      }
    }
    var source: SourcePosition?
    if mask & 32 != 0 {
      guard let line = int(), let column = int() else { return nil }
      source = SourcePosition(line: line + lineShift, column: column)
    }
    guard let shape = shape() else { return nil }
    return DisplayItem(
      role: Role.allCases[roleIndex], shape: shape, box: Rect(x: x, y: y, width: width, height: height),
      context: ItemContext(
        tune: parts[0], staff: parts[1], voice: parts[2], line: parts[3], column: parts[4]),
      source: source)
  }

  private mutating func shape() -> Shape? {
    switch uint() {
    case 0:
      // A name the tables cannot take (they are full: a forged record) fails the record.
      guard let name = string(), let glyph = NameTable.glyphs.interned(name), let codepoint = uint(),
        codepoint <= UInt64(UInt32.max), let font = string(), let family = NameTable.families.interned(font),
        let origin = point(), let size = double(), let scaleX = double()
      else { return nil }
      return .glyph(
        GlyphShape(
          glyph: glyph, codepoint: UInt32(codepoint), family: family, origin: origin, size: size,
          scaleX: scaleX))
    case 1:
      guard let from = point(), let to = point(), let thickness = double(), let dash = optionalDouble()
      else { return nil }
      return .line(LineShape(from: from, to: to, thickness: thickness, dash: dash))
    case 2:
      guard let count = count() else { return nil }
      var segments: [PathSegment] = []
      segments.reserveCapacity(count)
      for _ in 0..<count {
        switch uint() {
        case 0:
          guard let p = point() else { return nil }
          segments.append(.move(p))
        case 1:
          guard let p = point() else { return nil }
          segments.append(.line(p))
        case 2:
          guard let a = point(), let b = point(), let c = point() else { return nil }
          segments.append(.curve(a, b, c))
        case 3: segments.append(.close)
        default: return nil
        }
      }
      guard let stroke = optionalDouble(), let dash = optionalDouble() else { return nil }
      return .path(PathShape(segments: segments, strokeWidth: stroke, dash: dash))
    case 3:
      guard let text = string(), let family = string(), let size = double(), let style = uint(), style < 4,
        let origin = point()
      else { return nil }
      let font = FontSpec(family: family, size: size, isBold: style & 1 != 0, isItalic: style & 2 != 0)
      return .text(TextShape(text: text, font: font, origin: origin))
    default: return nil
    }
  }
}

extension Role {
  /// Each role's position in `allCases`, its number in the binary form.
  static let index: [Role: Int] = Dictionary(
    uniqueKeysWithValues: Role.allCases.enumerated().map { ($0.element, $0.offset) })
}
