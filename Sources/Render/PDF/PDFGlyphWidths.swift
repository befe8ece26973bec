/// A text face's glyph widths as its embedded font's `/W` array gives them (thousandths
/// of an em, to a thousandth), looked up once per glyph: what a PDF reader advances its
/// pen by after each glyph of a `TJ` array.
final class PDFGlyphWidths {
  private let program: PDFFontProgram
  /// Widths by glyph index, NaN where not looked up yet (`lookUp`), read in place by the
  /// encoder's loop over a run's glyphs: kept in memory of its own, not an array, which a
  /// class holds (a reference count) for every read. (One encoder, on one thread, asks.)
  private(set) var known: UnsafeMutablePointer<Double>
  private(set) var count = 0

  init(_ program: PDFFontProgram) {
    self.program = program
    known = .allocate(capacity: 1)
  }

  deinit { known.deallocate() }

  /// A glyph's width read from the font the first time it is asked for (`known` may move).
  @inline(never) func lookUp(_ glyph: UInt32) -> Double {
    let index = Int(glyph)
    if index >= count {
      let larger = Swift.max(index + 1, count * 2)
      let moved = UnsafeMutablePointer<Double>.allocate(capacity: larger)
      moved.update(from: known, count: count)
      (moved + count).initialize(repeating: .nan, count: larger - count)
      known.deallocate()
      known = moved
      count = larger
    }
    let width = PDFContentStream.thousandths(program.width(glyph))
    known[index] = width
    return width
  }
}
