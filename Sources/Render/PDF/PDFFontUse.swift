/// The glyphs a page uses from one font, with the text each stands for ("" when unknown).
///
/// Kept as a list in order of first use with two bits a glyph (shown; its text known),
/// not as a table: a system's glyphs are noted once each when it is drawn, then taken into
/// its page's use and the page's into the document's, and a table's hashing, growth and
/// storage were most of that work. A glyph is looked up in the list only when its text
/// becomes known after it was first shown without one (at most once a glyph).
struct PDFFontUse: Sendable {
  /// One glyph shown and the text it stands for ("" when not known yet).
  struct Entry: Sendable {
    var id: UInt32
    var text: String
  }

  var source: PDFFontSource
  /// The glyphs shown, in order of first use, each once.
  private(set) var entries: [Entry] = []
  /// Two bits a glyph, by index: word 2w holds "shown" for glyphs 64w…64w+63, word 2w+1
  /// "its text is known". Not kept with a cached fragment; a use read back rebuilds them.
  private var bits: [UInt64] = []

  init(source: PDFFontSource) {
    self.source = source
    // Room for a system's usual glyphs at once.
    entries.reserveCapacity(24)
  }

  init(source: PDFFontSource, glyphs: [UInt32: String]) {
    self.source = source
    entries.reserveCapacity(glyphs.count)
    for (glyph, text) in glyphs { set(glyph, text: text) }
  }

  /// The glyphs shown, each with the text it stands for ("" when not known yet).
  var glyphs: [UInt32: String] {
    var table: [UInt32: String] = [:]
    table.reserveCapacity(entries.count)
    for entry in entries { table[entry.id] = entry.text }
    return table
  }

  /// Records that glyph `id` was shown for `text`: its first text is kept, an unknown one
  /// ("") replaced when the glyph comes again with its text. `text` is made only when the
  /// glyph's text is not known yet.
  @inline(__always) mutating func note(_ id: UInt32, text: () -> String?) {
    if !isNamed(id) { noteUnnamed(id, text: text) }
  }

  /// `note` for a glyph whose text is not known yet.
  @inline(never) private mutating func noteUnnamed(_ id: UInt32, text: () -> String?) {
    if !isShown(id) {
      add(id, text: text() ?? "")
    } else if let new = text() {
      replace(id, text: new)
    }
  }

  /// Records that glyph `id` was shown for `text` unless it was shown before (a music
  /// glyph's text is its code point's, the same every time).
  @inline(__always) mutating func noteFirst(_ id: UInt32, text: () -> String) {
    if !isShown(id) { add(id, text: text()) }
  }

  /// Takes in the glyphs another use showed: a glyph whose text is known keeps it, one not
  /// known yet (or known as "") takes the other's. Glyphs named already are passed over by
  /// their bit (a document takes in every page's glyphs, nearly all of them known).
  mutating func absorb(_ other: PDFFontUse) {
    for entry in other.entries where !isNamed(entry.id) {
      if isShown(entry.id) {
        replace(entry.id, text: entry.text)
      } else {
        add(entry.id, text: entry.text)
      }
    }
  }

  /// Sets glyph `id`'s text, whatever it was (a cached fragment's use read back).
  mutating func set(_ id: UInt32, text: String) {
    guard isShown(id) else { return add(id, text: text) }
    if let index = entries.firstIndex(where: { $0.id == id }) { entries[index].text = text }
    if text.isEmpty { unname(id) } else { mark(id, named: true) }
  }

  /// A glyph not shown before.
  private mutating func add(_ id: UInt32, text: String) {
    entries.append(Entry(id: id, text: text))
    mark(id, named: !text.isEmpty)
  }

  /// A glyph shown before with no text ("") takes `text` (no change when that is "" too).
  private mutating func replace(_ id: UInt32, text: String) {
    guard !text.isEmpty, let index = entries.firstIndex(where: { $0.id == id }) else { return }
    entries[index].text = text
    mark(id, named: true)
  }

  @inline(__always) private func isShown(_ id: UInt32) -> Bool { bit(id, word: 0) }

  @inline(__always) private func isNamed(_ id: UInt32) -> Bool { bit(id, word: 1) }

  @inline(__always) private func bit(_ id: UInt32, word: Int) -> Bool {
    let index = Int(id >> 6) &* 2 &+ word
    return index < bits.count && bits[index] & (1 << UInt64(id & 63)) != 0
  }

  /// Sets glyph `id`'s "shown" bit, and its "named" bit when `named`. (Glyph indices above
  /// 65,535 cannot be shown and have no bits.)
  @inline(__always) private mutating func mark(_ id: UInt32, named: Bool) {
    guard id <= 0xFFFF else { return }
    let index = Int(id >> 6) &* 2
    if index &+ 1 >= bits.count { growBits(to: index + 2) }
    let bit: UInt64 = 1 << UInt64(id & 63)
    bits.withUnsafeMutableBufferPointer { words in
      words[index] |= bit
      if named { words[index &+ 1] |= bit }
    }
  }

  private mutating func unname(_ id: UInt32) {
    let index = Int(id >> 6) * 2 + 1
    if index < bits.count { bits[index] &= ~(1 << UInt64(id & 63)) }
  }

  /// Room for the bits of glyphs below 4,096 at once (a music font's are mostly there,
  /// and the bits grew a word at a time), or more when needed.
  @inline(never) private mutating func growBits(to count: Int) {
    bits.append(contentsOf: repeatElement(0, count: max(count, 128) - bits.count))
  }
}
