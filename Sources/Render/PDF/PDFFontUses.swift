/// The fonts a fragment, a page or a document uses, each with its glyphs (`PDFFontUse`).
///
/// A short list looked up by key, not a table: a system's fragment uses one or two fonts
/// and a page a handful, and a table's storage, hashing and growth, made for every system
/// and merged into every page, cost more than the glyphs it held. Uses are changed in
/// place, so a growing use is never copied. Order is not kept: writers sort by key.
struct PDFFontUses: Sendable, ExpressibleByDictionaryLiteral {
  private var keys: [PDFFontKey] = []
  private var uses: [PDFFontUse] = []

  init() {}

  init(dictionaryLiteral elements: (PDFFontKey, PDFFontUse)...) {
    for (key, use) in elements { put(use, for: key) }
  }

  var count: Int { keys.count }

  var isEmpty: Bool { keys.isEmpty }

  /// The keys in their order (`PDFFontKey`'s, the key's text).
  var sortedKeys: [PDFFontKey] { keys.sorted() }

  subscript(key: PDFFontKey) -> PDFFontUse? {
    guard let index = index(of: key) else { return nil }
    return uses[index]
  }

  /// Takes `key`'s use out of the list (to grow it without a copy), or nil.
  mutating func take(_ key: PDFFontKey) -> PDFFontUse? {
    guard let index = index(of: key) else { return nil }
    keys.swapAt(index, keys.count - 1)
    uses.swapAt(index, uses.count - 1)
    keys.removeLast()
    return uses.removeLast()
  }

  /// Puts `use` in as `key`'s, in place of any it had.
  mutating func put(_ use: PDFFontUse, for key: PDFFontKey) {
    if let index = index(of: key) {
      uses[index] = use
    } else {
      keys.append(key)
      uses.append(use)
    }
  }

  /// Adds a fragment's (or a page's) font use to this: a glyph's text is kept unless it
  /// had none (`PDFFontUse.absorb`).
  mutating func merge(_ other: PDFFontUses) {
    for position in other.keys.indices {
      if let index = index(of: other.keys[position]) {
        uses[index].absorb(other.uses[position])
      } else {
        keys.append(other.keys[position])
        uses.append(other.uses[position])
      }
    }
  }

  private func index(of key: PDFFontKey) -> Int? {
    keys.firstIndex(of: key)
  }
}
