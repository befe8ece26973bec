/// Prints a display list as compact text, one item per line, for golden tests and review.
///
///     page 1 595.28x841.89
///       notehead glyph noteheadBlack @(120.5,96.25) [120.5 93.75 5.9 5] t1 s0 v0 l0 c3 @5:3
public enum DisplayListDumper {
  public static func dump(_ list: DisplayList) -> String {
    var out = ""
    for (index, page) in list.pages.enumerated() { out += dump(page: page, number: index + 1) }
    return out + dump(outline: list.outline)
  }

  /// One page: its header line, then an item or link per line.
  public static func dump(page: DisplayPage, number: Int) -> String {
    let parts = pageParts(page)
    return "page \(number)" + parts.header + "\n" + String(decoding: parts.body, as: UTF8.self)
  }

  /// A page's header line after `page N` (size and label), and its item and link lines as
  /// UTF-8 bytes: the page number is added when the page is written, in order.
  public static func pageParts(_ page: DisplayPage) -> (header: String, body: [UInt8]) {
    var header = ByteText(capacity: 64)
    header.put(byte: 0x20)
    header.number(page.width)
    header.put("x")
    header.number(page.height)
    if let label = page.label {
      header.put(" label ")
      header.quoted(label)
    }
    // The groups' items read in place and written moved (no copy of an item is made).
    let count = page.groups.reduce(page.ownItems.count) { $0 + $1.group.items.count }
    var out = ByteText(capacity: count * 96 + 64)
    for placed in page.groups {
      placed.group.items.withUnsafeBufferPointer { items in
        guard let start = items.baseAddress else { return }
        for index in items.indices {
          out.put("  ")
          line(at: start + index, dx: placed.dx, dy: placed.dy, into: &out)
          out.put(byte: 0x0A)
        }
      }
    }
    page.ownItems.withUnsafeBufferPointer { items in
      guard let start = items.baseAddress else { return }
      for index in items.indices {
        out.put("  ")
        line(at: start + index, into: &out)
        out.put(byte: 0x0A)
      }
    }
    for link in page.links { out.put(string: "  link " + DisplayListJSON.encode(link) + "\n") }
    return (header.string, out.bytes)
  }

  /// The outline, an entry per line, after the pages.
  public static func dump(outline: [OutlineEntry]) -> String {
    var out = ""
    for entry in outline.flatMap(\.flattened) {
      out += "outline \(DisplayListJSON.quote(entry.title)) page \(entry.page + 1) y \(n(entry.y))\n"
    }
    return out
  }

  static func line(_ item: DisplayItem) -> String {
    var out = ByteText()
    withUnsafePointer(to: item) { line(at: $0, into: &out) }
    return out.string
  }

  /// The item's line, moved by (dx, dy) as `DisplayItem.translated` moves it.
  /// (The item is read where it lies: passed by value, each was copied.)
  static func line(
    at pointer: UnsafePointer<DisplayItem>, dx: Double = 0, dy: Double = 0, into out: inout ByteText
  ) {
    out.put(pointer.pointee.role.staticName)
    switch pointer.pointee.shape {
    case .glyph(let glyph):
      out.put(" glyph ")
      out.put(string: glyph.name)
      out.put(" @(")
      out.number(glyph.origin.x + dx, then: UInt8(ascii: ","))
      out.number(glyph.origin.y + dy, then: UInt8(ascii: ")"))
    case .line(let line):
      out.put(" line (")
      out.number(line.from.x + dx, then: UInt8(ascii: ","))
      out.number(line.from.y + dy)
      out.put(")-(")
      out.number(line.to.x + dx, then: UInt8(ascii: ","))
      out.number(line.to.y + dy)
      out.put(") w")
      out.number(line.thickness)
    case .path(let path):
      out.put(" path ")
      out.integer(path.segments.count)
      out.put("seg")
    case .text(let text):
      out.put(" text ")
      out.quoted(text.text)
      out.put(byte: 0x20)
      text.font.describe(into: &out)
    }
    let box = pointer.pointee.box
    out.put(" [")
    out.number(box.x + dx, then: 0x20)
    out.number(box.y + dy, then: 0x20)
    out.number(box.width, then: 0x20)
    out.number(box.height, then: UInt8(ascii: "]"))
    let c = pointer.pointee.context
    if let tune = c.tune { out.tagged(UInt8(ascii: "t"), tune) }
    if let staff = c.staff { out.tagged(UInt8(ascii: "s"), staff) }
    if let voice = c.voice { out.tagged(UInt8(ascii: "v"), voice) }
    if let line = c.line { out.tagged(UInt8(ascii: "l"), line) }
    if let column = c.column { out.tagged(UInt8(ascii: "c"), column) }
    if let source = pointer.pointee.source {
      out.put(" @")
      out.integer(source.line)
      out.put(byte: UInt8(ascii: ":"))
      out.integer(source.column)
    }
  }

  static func n(_ value: Double) -> String { DisplayListJSON.number(value) }
}
