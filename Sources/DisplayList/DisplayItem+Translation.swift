extension Point {
  /// The point moved by (dx, dy).
  public func translated(dx: Double, dy: Double) -> Point { Point(x: x + dx, y: y + dy) }
}

extension Shape {
  /// The shape moved by (dx, dy).
  public func translated(dx: Double, dy: Double) -> Shape {
    switch self {
    case .glyph(var glyph):
      glyph.origin = glyph.origin.translated(dx: dx, dy: dy)
      return .glyph(glyph)
    case .line(var line):
      line.from = line.from.translated(dx: dx, dy: dy)
      line.to = line.to.translated(dx: dx, dy: dy)
      return .line(line)
    case .path(var path):
      path.segments = path.segments.map { segment in
        switch segment {
        case .move(let p): .move(p.translated(dx: dx, dy: dy))
        case .line(let p): .line(p.translated(dx: dx, dy: dy))
        case .curve(let a, let b, let c):
          .curve(
            a.translated(dx: dx, dy: dy), b.translated(dx: dx, dy: dy), c.translated(dx: dx, dy: dy))
        case .close: .close
        }
      }
      return .path(path)
    case .text(var text):
      text.origin = text.origin.translated(dx: dx, dy: dy)
      return .text(text)
    }
  }
}

extension DisplayItem {
  /// The item moved by (dx, dy) points.
  public func translated(dx: Double, dy: Double) -> DisplayItem {
    var moved = self
    moved.shape = shape.translated(dx: dx, dy: dy)
    moved.box = Rect(x: box.x + dx, y: box.y + dy, width: box.width, height: box.height)
    return moved
  }
}
