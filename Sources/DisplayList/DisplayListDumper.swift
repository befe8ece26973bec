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
    return "page \(number)" + parts.header + "\n" + parts.body.string
  }

  /// A page's header line after `page N` (size and label), and its item and link lines as
  /// UTF-8 bytes (the text they were written into, handed on as it is): the page number is
  /// added when the page is written, in order.
  public static func pageParts(_ page: DisplayPage) -> (header: String, body: ByteText) {
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
    var out = ByteText(capacity: count * 112 + 64)
    for placed in page.groups {
      placed.group.items.withUnsafeBufferPointer { items in
        guard let start = items.baseAddress else { return }
        for index in items.indices {
          line(at: start + index, dx: placed.dx, dy: placed.dy, into: &out, indented: true)
        }
      }
    }
    page.ownItems.withUnsafeBufferPointer { items in
      guard let start = items.baseAddress else { return }
      for index in items.indices {
        line(at: start + index, into: &out, indented: true)
      }
    }
    for link in page.links { out.put(string: "  link " + DisplayListJSON.encode(link) + "\n") }
    return (header.string, out)
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

  /// The item's line, moved by (dx, dy) as `DisplayItem.translated` moves it; `indented`,
  /// as a page's body writes it: two spaces before, a line feed after.
  /// (The item is read where it lies: passed by value, each was copied. Its fixed parts
  /// are written through cursors, with room taken once before and after its texts.)
  static func line(
    at pointer: UnsafePointer<DisplayItem>, dx: Double = 0, dy: Double = 0, into out: inout ByteText,
    indented: Bool = false
  ) {
    /// The role (16 bytes at most), a shape's words and numbers (at most five), the box
    /// and up to seven whole numbers with their tags.
    let room = 64 + 12 * ByteText.Cursor.numberRoom
    var c = out.cursor(room: room)
    if indented { c.put("  ") }
    c.put(pointer.pointee.role.staticName)
    switch pointer.pointee.shape {
    case .glyph(let glyph):
      c.put(" glyph ")
      out.commit(c)
      NameTable.glyphs.withUTF8(glyph.glyph) { out.put($0) }
      c = out.cursor(room: room)
      c.put(" @(")
      c.number(glyph.origin.x + dx, then: UInt8(ascii: ","))
      c.number(glyph.origin.y + dy, then: UInt8(ascii: ")"))
    case .line(let line):
      c.put(" line (")
      c.number(line.from.x + dx, then: UInt8(ascii: ","))
      c.number(line.from.y + dy)
      c.put(")-(")
      c.number(line.to.x + dx, then: UInt8(ascii: ","))
      c.number(line.to.y + dy)
      c.put(") w")
      c.number(line.thickness)
    case .path(let path):
      c.put(" path ")
      c.integer(path.segments.count)
      c.put("seg")
    case .text(let text):
      c.put(" text ")
      out.commit(c)
      out.quoted(text.text)
      out.put(byte: 0x20)
      text.font.describe(into: &out)
      c = out.cursor(room: room)
    }
    let box = pointer.pointee.box
    c.put(" [")
    c.number(box.x + dx, then: 0x20)
    c.number(box.y + dy, then: 0x20)
    c.number(box.width, then: 0x20)
    c.number(box.height, then: UInt8(ascii: "]"))
    pointer.pointee.context.writeTags(into: &c)
    if let source = pointer.pointee.source {
      c.put(" @")
      c.integer(source.line)
      c.put(byte: UInt8(ascii: ":"))
      c.integer(source.column)
    }
    if indented { c.put(byte: 0x0A) }
    out.commit(c)
  }

  static func n(_ value: Double) -> String { DisplayListJSON.number(value) }
}
