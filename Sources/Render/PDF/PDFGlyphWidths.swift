/// A text face's glyph widths as its embedded font's `/W` array gives them (thousandths
/// of an em, to a thousandth), looked up once per glyph: what a PDF reader advances its
/// pen by after each glyph of a `TJ` array.
final class PDFGlyphWidths {
  private let program: PDFFontProgram
  /// Widths by glyph index; NaN where not looked up yet. (One encoder, on one thread, asks:
  /// unchecked, each lookup was a run-time exclusivity check.)
  @exclusivity(unchecked) private var known: [Double] = []

  init(_ program: PDFFontProgram) {
    self.program = program
  }

  func width(_ glyph: UInt32) -> Double {
    let index = Int(glyph)
    if index < known.count, !known[index].isNaN { return known[index] }
    if index >= known.count {
      known.append(contentsOf: repeatElement(.nan, count: index + 1 - known.count))
    }
    let width = PDFContentStream.thousandths(program.width(glyph))
    known[index] = width
    return width
  }
}
