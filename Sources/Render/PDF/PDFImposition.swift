import DisplayList

/*
 Imposition — how a book's pages are set on the sheets a printer takes.

 Method. Each page of the book is written once as a form XObject; the PDF's pages are
 sheets that draw those forms where they go.
 - Booklet (saddle stitch): the pages, padded with blank ones to a multiple of four, two
   to a side of a sheet twice the page's width, in folding order. For N pages the i-th
   sheet's front holds pages N−2i and 2i+1 (1-based, left then right) and its back 2i+2 and
   N−2i−1: 8 pages print as [8|1] [2|7] [6|3] [4|5]; folded and stapled they read 1 … 8.
 - Print-shop pages: each page on a sheet larger by its bleed and, with crop marks, room
   for the marks: the trim box is the page, the bleed box the page grown by the bleed (the
   theme's background is painted to it), and thin marks at the corners, outside the bleed,
   show where to cut.

     --bleed 3mm --crop-marks:   ┐  ┌──────────── trim ──────────┐  ┌
                                    │ page                        │

 Limits. Every page of a booklet is set in the size of the largest; links and bookmarks
 point at the sheet holding their page. A booklet has no bleed or crop marks (a print
 shop imposes a book itself).
 */

/// How pages are set on sheets: as they are, in a booklet, or with bleed and crop marks.
public struct Imposition: Sendable, Equatable {
  /// Two pages a side in folding order, padded to a multiple of four.
  public var booklet = false
  /// The bleed in points: the background runs this far past the trimmed page.
  public var bleed = 0.0
  /// Cut marks at the corners of each page.
  public var cropMarks = false

  public init(booklet: Bool = false, bleed: Double = 0, cropMarks: Bool = false) {
    self.booklet = booklet
    self.bleed = bleed
    self.cropMarks = cropMarks
  }

  /// Pages are written as they are.
  public var isPlain: Bool { !booklet && bleed == 0 && !cropMarks }

  /// How far the crop marks stand off the trim (at least the bleed, and 3 mm) and their length.
  var markOffset: Double { max(bleed, 8.5) }
  static let markLength = 14.0

  /// The paper around each page on a print-shop sheet.
  var margin: Double { cropMarks ? markOffset + Self.markLength + 4 : bleed }

  /// The booklet's sheet sides: per side, the 0-based page on the left and on the right
  /// (nil for a blank), in printing order (front, back, next sheet's front, …).
  public static func bookletSides(pageCount: Int) -> [(left: Int?, right: Int?)] {
    let total = (pageCount + 3) / 4 * 4
    func page(_ index: Int) -> Int? { index < pageCount ? index : nil }
    var sides: [(left: Int?, right: Int?)] = []
    for sheet in 0..<(total / 4) {
      sides.append((page(total - 1 - 2 * sheet), page(2 * sheet)))
      sides.append((page(2 * sheet + 1), page(total - 2 - 2 * sheet)))
    }
    return sides
  }
}

/// A sheet of an imposed PDF: its size, the pages it draws (0-based, with their offsets
/// from its lower left corner) and the page's boxes.
struct PDFSheet {
  var width: Double
  var height: Double
  var pages: [(index: Int, dx: Double, dy: Double)]
  /// The trim and bleed boxes (print-shop sheets only), as PDF rectangles.
  var trim: [Double]?
  var bleed: [Double]?

  /// The sheets for pages of the given sizes.
  static func sheets(for sizes: [(width: Double, height: Double)], imposition: Imposition) -> [PDFSheet] {
    if imposition.booklet {
      let width = sizes.map(\.width).max() ?? 0
      let height = sizes.map(\.height).max() ?? 0
      return Imposition.bookletSides(pageCount: sizes.count).map { side in
        var pages: [(index: Int, dx: Double, dy: Double)] = []
        if let left = side.left { pages.append((left, 0, height - sizes[left].height)) }
        if let right = side.right { pages.append((right, width, height - sizes[right].height)) }
        return PDFSheet(width: width * 2, height: height, pages: pages)
      }
    }
    let margin = imposition.margin
    return sizes.enumerated().map { index, size in
      let bleed = imposition.bleed
      return PDFSheet(
        width: size.width + 2 * margin, height: size.height + 2 * margin, pages: [(index, margin, margin)],
        trim: [margin, margin, margin + size.width, margin + size.height],
        bleed: [margin - bleed, margin - bleed, margin + size.width + bleed, margin + size.height + bleed])
    }
  }

  /// The sheet's own drawing: the background over the bleed, each page's form, crop marks.
  func content(
    forms: [Int: String], sizes: [(width: Double, height: Double)], imposition: Imposition,
    background: RGBAColor?
  ) -> [UInt8] {
    var stream = PDFContentStream()
    if let background, background.alpha > 0, let bleed, imposition.bleed > 0 {
      stream.setColor(background)
      for value in [bleed[0], bleed[1], bleed[2] - bleed[0], bleed[3] - bleed[1]] { stream.number(value) }
      stream.op("re f")
    }
    for page in pages {
      guard let name = forms[page.index] else { continue }
      stream.op("q")
      stream.raw("1 0 0 1 ")
      stream.number(page.dx)
      stream.number(page.dy)
      stream.op("cm")
      stream.raw("/\(name) Do\n")
      stream.op("Q")
    }
    if imposition.cropMarks, let trim {
      stream.setColor(RGBAColor(red: 0, green: 0, blue: 0))
      stream.raw("0.25 w\n")
      let offset = imposition.markOffset
      let length = Imposition.markLength
      for x in [trim[0], trim[2]] {
        for y in [trim[1], trim[3]] {
          let outX: Double = x == trim[0] ? -1 : 1
          let outY: Double = y == trim[1] ? -1 : 1
          // A horizontal mark in line with the trim's edge y, and a vertical one with x.
          for (from, to) in [
            ((x + outX * offset, y), (x + outX * (offset + length), y)),
            ((x, y + outY * offset), (x, y + outY * (offset + length))),
          ] {
            stream.number(from.0)
            stream.number(from.1)
            stream.op("m")
            stream.number(to.0)
            stream.number(to.1)
            stream.op("l S")
          }
        }
      }
    }
    return stream.bytes
  }
}
