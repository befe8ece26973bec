import DisplayList
import SMuFL

/// Every SMuFL glyph the engraver draws with its name's number (`InternedName`), made once
/// for the process: a placed glyph then names itself without a string.
enum GlyphNames {
  /// The numbers by `SMuFLGlyph.ordinal`.
  nonisolated(unsafe) static let numbers: UnsafePointer<InternedName> = {
    let table = UnsafeMutablePointer<InternedName>.allocate(capacity: SMuFLGlyph.allCases.count)
    for (index, glyph) in SMuFLGlyph.allCases.enumerated() {
      (table + index).initialize(to: NameTable.glyphs.number(glyph.rawValue))
    }
    return UnsafePointer(table)
  }()

  /// The number of `glyph`'s name.
  static func number(_ glyph: SMuFLGlyph) -> InternedName { numbers[glyph.ordinal] }
}
