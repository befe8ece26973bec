import DisplayList
import Foundation

/*
 PDFDocumentWriter — a multi-page PDF written as its pages arrive, matter placed last.

 Method. Body pages come in order, already encoded (content compressed on any thread):
 each is written at once, its content stream and page object, naming a shared resources
 dictionary and the page tree by numbers reserved up front. Links on a page get
 annotation numbers now and are written at the end, when every page they may point to
 has its object. `finish` writes the front and back matter pages (made last, since they
 list page numbers), the annotations, the page tree with the pages in reading order
 (front, body, back), the outline, page labels, fonts (subset now that every glyph is
 known), the resources, the document information and the catalog.

     [content 1][page 1][content 2][page 2] … [front][back][annots][Pages][outline][fonts][catalog][xref]

 Memory holds, per page, its object numbers and links; per font, the glyphs used.
 */

/// Writes a PDF from encoded pages, streaming the body.
final class PDFDocumentWriter {
  private let writer: PDFObjectWriter
  private let registry: PDFFontRegistry
  private let pagesNumber: Int
  private let resourcesNumber: Int
  private var bodyPages: [Int] = []
  private var labels: [String?] = []
  private var pendingLinks: [(number: Int, link: PageLink, pageHeight: Double)] = []
  private var bodyHeights: [Double] = []
  /// Physical page index → page object number and height, filled in by `finish`.
  private var pageObjects: [Int] = []
  private var heights: [Double] = []
  /// How pages go on sheets (`Imposition`): when not plain, each page is written as a form
  /// and the sheets are made at the end.
  var imposition = Imposition()
  /// The theme's background, painted over a print-shop sheet's bleed.
  var background: RGBAColor?
  /// Per page written as a form: its object, size and link annotations (by page order).
  private var forms: [Int: (number: Int, width: Double, height: Double, annotations: [Int])] = [:]
  /// Each page's horizontal offset on its sheet, for its link rectangles.
  private var offsets: [Double] = []

  init(path: String, fonts: FontLibrary) throws {
    writer = try PDFObjectWriter(path: path)
    registry = PDFFontRegistry(fonts: fonts)
    pagesNumber = writer.reserve()
    resourcesNumber = writer.reserve()
  }

  /// Writes the next body page.
  func writeBody(_ page: PDFEncodedPage) throws {
    bodyPages.append(imposition.isPlain ? try write(page) : try writeForm(page))
    labels.append(page.label)
    bodyHeights.append(page.height)
  }

  private func write(_ page: PDFEncodedPage) throws -> Int {
    registry.note(page)
    let content = writer.reserve()
    try writer.writeStream(content, dictionary: "", data: page.content, compressed: page.compressed)
    var annotations: [Int] = []
    for link in page.links {
      let number = writer.reserve()
      annotations.append(number)
      pendingLinks.append((number, link, page.height))
    }
    // Written as bytes: an index page's dictionary names a link for every entry on it.
    var body = ByteText(capacity: 160 + annotations.count * 10)
    body.put("<< /Type /Page /Parent ")
    body.integer(pagesNumber)
    body.put(" 0 R /MediaBox [0 0 ")
    body.decimal(page.width, places: 3, then: 0x20)
    body.decimal(page.height, places: 3)
    body.put("] /Resources ")
    body.integer(resourcesNumber)
    body.put(" 0 R /Contents ")
    body.integer(content)
    body.put(" 0 R")
    if !annotations.isEmpty {
      body.put(" /Annots [")
      Self.references(annotations, into: &body)
      body.put(byte: UInt8(ascii: "]"))
    }
    body.put(" >>")
    let number = writer.reserve()
    try writer.write(number, body)
    return number
  }

  /// Indirect references to `numbers`, a space between each (`12 0 R 13 0 R`).
  private static func references(_ numbers: [Int], into out: inout ByteText) {
    for (index, number) in numbers.enumerated() {
      if index > 0 { out.put(byte: 0x20) }
      out.integer(number)
      out.put(" 0 R")
    }
  }

  /// Writes a page as a form to be drawn on a sheet; returns its object number.
  private func writeForm(_ page: PDFEncodedPage) throws -> Int {
    registry.note(page)
    let content = writer.reserve()
    let box = "[0 0 \(PDFSyntax.number(page.width)) \(PDFSyntax.number(page.height))]"
    try writer.writeStream(
      content, dictionary: "/Type /XObject /Subtype /Form /BBox \(box) /Resources \(resourcesNumber) 0 R",
      data: page.content, compressed: page.compressed)
    var annotations: [Int] = []
    for link in page.links {
      let number = writer.reserve()
      annotations.append(number)
      pendingLinks.append((number, link, page.height))
    }
    forms[content] = (content, page.width, page.height, annotations)
    return content
  }

  /// Writes the sheets drawing the pages (their forms, in page order) and returns the
  /// sheets' object numbers; sets each page's sheet, height above its foot and offset.
  private func writeSheets(_ pages: [Int]) throws -> [Int] {
    let sizes = pages.map { number -> (width: Double, height: Double) in
      forms[number].map { ($0.width, $0.height) } ?? (0, 0)
    }
    let sheets = PDFSheet.sheets(for: sizes, imposition: imposition)
    let numbers = sheets.map { _ in writer.reserve() }
    pageObjects = Array(repeating: 0, count: pages.count)
    heights = Array(repeating: 0, count: pages.count)
    offsets = Array(repeating: 0, count: pages.count)
    for (sheet, number) in zip(sheets, numbers) {
      var names: [Int: String] = [:]
      var annotations: [Int] = []
      for placed in sheet.pages {
        names[placed.index] = "P\(placed.index)"
        pageObjects[placed.index] = number
        heights[placed.index] = sizes[placed.index].height + placed.dy
        offsets[placed.index] = placed.dx
        annotations += forms[pages[placed.index]]?.annotations ?? []
      }
      let data = sheet.content(forms: names, sizes: sizes, imposition: imposition, background: background)
      let content = try writer.addStream(dictionary: "", data: data)
      let xobjects = sheet.pages.map { "/P\($0.index) \(pages[$0.index]) 0 R" }.joined(separator: " ")
      func box(_ values: [Double]) -> String {
        "[" + values.map(PDFSyntax.number).joined(separator: " ") + "]"
      }
      var body =
        "<< /Type /Page /Parent \(pagesNumber) 0 R /MediaBox \(box([0, 0, sheet.width, sheet.height]))"
        + " /Resources << /XObject << \(xobjects) >> >> /Contents \(content) 0 R"
      if let trim = sheet.trim, let bleed = sheet.bleed {
        body += " /TrimBox \(box(trim)) /BleedBox \(box(bleed))"
      }
      if !annotations.isEmpty {
        body += " /Annots [" + annotations.map { "\($0) 0 R" }.joined(separator: " ") + "]"
      }
      try writer.write(number, body + " >>")
    }
    return numbers
  }

  /// Writes the matter, links, page tree, outline, fonts and catalog, and closes the file.
  func finish(
    front: [PDFEncodedPage], back: [PDFEncodedPage], outline: [OutlineEntry], title: String?,
    info: DocumentInfo, creator: String
  ) throws {
    let plain = imposition.isPlain
    var frontNumbers: [Int] = []
    for page in front { frontNumbers.append(plain ? try write(page) : try writeForm(page)) }
    var backNumbers: [Int] = []
    for page in back { backNumbers.append(plain ? try write(page) : try writeForm(page)) }
    let pages = frontNumbers + bodyPages + backNumbers
    var allLabels = front.map(\.label) + labels + back.map(\.label)
    guard !pages.isEmpty else { throw RenderError.emptyDocument }

    var sheets = pages
    if plain {
      pageObjects = pages
      heights = front.map(\.height) + bodyHeights + back.map(\.height)
      offsets = Array(repeating: 0, count: pages.count)
    } else {
      sheets = try writeSheets(pages)
      // A booklet's sheets hold two pages each: their labels mean nothing on a sheet.
      if imposition.booklet { allLabels = [] }
    }
    // Links by the page they are on (its sheet and place there).
    let pageOfForm = Dictionary(uniqueKeysWithValues: pages.enumerated().map { ($1, $0) })
    var linkPage: [Int: Int] = [:]
    for (number, form) in forms {
      for annotation in form.annotations { linkPage[annotation] = pageOfForm[number] }
    }
    var body = ByteText(capacity: 160)
    for (number, link, height) in pendingLinks {
      let page = linkPage[number]
      let raised = page.map { heights[$0] } ?? height
      body.clear()
      annotation(link, pageHeight: raised, dx: page.map { offsets[$0] } ?? 0, into: &body)
      try writer.write(number, body)
    }
    var tree = ByteText(capacity: sheets.count * 10 + 64)
    tree.put("<< /Type /Pages /Kids [")
    Self.references(sheets, into: &tree)
    tree.put("] /Count ")
    tree.integer(sheets.count)
    tree.put(" >>")
    try writer.write(pagesNumber, tree)
    try writer.write(resourcesNumber, try registry.writeFonts(with: writer))

    var catalog = "<< /Type /Catalog /Pages \(pagesNumber) 0 R"
    if !outline.isEmpty {
      let outlines = try PDFOutlineWriter(writer: writer, pageObjects: pageObjects, heights: heights).write(
        outline)
      catalog += " /Outlines \(outlines) 0 R /PageMode /UseOutlines"
    }
    if let nums = PDFPageLabels.nums(allLabels) { catalog += " /PageLabels << /Nums [\(nums)] >>" }
    let catalogNumber = try writer.add(catalog + " >>")
    let date = Self.creationDate()
    var entries = [
      "/Creator " + PDFSyntax.textString(creator), "/Producer (ABCPress)", "/CreationDate (\(date))",
    ]
    if let title { entries.append("/Title " + PDFSyntax.textString(title)) }
    if let author = info.author { entries.append("/Author " + PDFSyntax.textString(author)) }
    if let subject = info.subject { entries.append("/Subject " + PDFSyntax.textString(subject)) }
    if let keywords = info.keywords { entries.append("/Keywords " + PDFSyntax.textString(keywords)) }
    let infoNumber = try writer.add("<< " + entries.joined(separator: " ") + " >>")
    let id = Self.identifier("\(title ?? "")|\(sheets.count)|\(date)|\(creator)")
    try writer.finish(root: catalogNumber, info: infoNumber, id: id)
  }

  /// Writes into `out` a link's annotation on a page `pageHeight` high (above its sheet's
  /// foot), `dx` from the sheet's left edge.
  private func annotation(_ link: PageLink, pageHeight: Double, dx: Double, into out: inout ByteText) {
    // Written as bytes (a book's contents pages link every tune: interpolating each
    // dictionary was most of finishing the file).
    let rect = link.rect
    out.put("<< /Type /Annot /Subtype /Link /Rect [")
    out.decimal(rect.minX + dx, places: 3, then: 0x20)
    out.decimal(pageHeight - rect.maxY, places: 3, then: 0x20)
    out.decimal(rect.maxX + dx, places: 3, then: 0x20)
    out.decimal(pageHeight - rect.minY, places: 3)
    out.put("] /Border [0 0 0]")
    switch link.target {
    case .page(let index, let y):
      if pageObjects.indices.contains(index) {
        out.put(" /Dest [")
        out.integer(pageObjects[index])
        out.put(" 0 R /XYZ 0 ")
        out.decimal(height(ofPage: index) - y, places: 3)
        out.put(" 0]")
      }
    case .uri(let uri):
      out.put(" /A << /S /URI /URI ")
      PDFSyntax.textString(uri, into: &out)
      out.put(" >>")
    }
    out.put(" >>")
  }

  private func height(ofPage index: Int) -> Double {
    heights.indices.contains(index) ? heights[index] : 0
  }

  /// `D:YYYYMMDDHHmmSSZ` from `SOURCE_DATE_EPOCH` when set (reproducible builds), else now.
  static func creationDate() -> String {
    "D:" + CivilDate.now().compactText + "Z"
  }

  /// A 16-byte file identifier from the document's facts (the same input gives the same file).
  static func identifier(_ facts: String) -> String {
    let first = PDFSyntax.stableHash(facts)
    let second = PDFSyntax.stableHash(String(first) + facts)
    return PDFSyntax.hex(UInt32(first >> 32), digits: 8)
      + PDFSyntax.hex(UInt32(first & 0xFFFF_FFFF), digits: 8)
      + PDFSyntax.hex(UInt32(second >> 32), digits: 8)
      + PDFSyntax.hex(UInt32(second & 0xFFFF_FFFF), digits: 8)
  }
}
