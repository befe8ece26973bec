import DisplayList
import Foundation
import Testing

@testable import Render

/// ABCPress's own PDF writer: numbers, labels, matter written last but shown first, text
/// that poppler extracts, and files that do not depend on the order pages were encoded in.
@Suite struct PDFDocumentTests {
  @Test func numbersAreShortAndFinite() {
    func text(_ value: Double, _ decimals: Int = 3) -> String {
      var text = ByteText()
      text.decimal(value, places: decimals)
      return text.string
    }
    #expect(text(12) == "12")
    #expect(text(12.5) == "12.5")
    #expect(text(-0.3333) == "-0.333")
    #expect(text(595.2756, 2) == "595.28")
    #expect(text(0.004, 2) == "0")
    #expect(text(.nan) == "0")
    #expect(text(.infinity) == "0")
    #expect(text(1e300) == "0")
    #expect(PDFSyntax.textString("Tune (A)") == "(Tune \\(A\\))")
    #expect(PDFSyntax.textString("Café") == "<FEFF00430061006600E9>")
  }

  @Test func pageLabelsBecomeRuns() {
    #expect(PDFPageLabels.nums([nil, nil]) == nil)
    #expect(PDFPageLabels.nums(["i", "ii", "1", "2", "3"]) == "0 << /S /r /St 1 >> 2 << /S /D /St 1 >>")
    let nums = PDFPageLabels.nums(["i", "ii", "iii", "1", "2", "3", "Cover"])
    #expect(nums == "0 << /S /r /St 1 >> 3 << /S /D /St 1 >> 6 << /P (Cover) >>")
    #expect(PDFPageLabels.romanValue("xiv") == 14)
    #expect(PDFPageLabels.romanValue("page") == nil)
  }

  /// A page holding one line of text at the top left.
  static func textPage(_ text: String, label: String? = nil) -> DisplayPage {
    let item = DisplayItem(
      role: .title,
      shape: .text(TextShape(text: text, font: Fixtures.textFont, origin: Point(x: 72, y: 100))),
      box: Rect(x: 72, y: 82, width: 200, height: 22))
    return DisplayPage(width: 595.28, height: 841.89, items: [item], label: label)
  }

  @Test func matterMadeLastIsShownFirstAndLinksFindTheirPages() throws {
    let directory = try Fixtures.scratchDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let url = directory.appendingPathComponent("book.pdf")
    let renderer = try Fixtures.renderer()
    let output = try PDFOutput(url: url, fonts: renderer.fonts, palette: .standard)
    let workspace = renderer.workspace
    // The body is written first; the contents page (made at the end) links to body page 2.
    for (index, title) in ["Body One", "Body Two"].enumerated() {
      try output.write(try output.encode(Self.textPage(title, label: String(index + 1)), in: workspace))
    }
    var contents = Self.textPage("Contents Page", label: "i")
    contents.links = [
      PageLink(rect: Rect(x: 72, y: 82, width: 200, height: 22), target: .page(index: 2, y: 80))
    ]
    let front = [try output.encode(contents, in: workspace)]
    let back = [try output.encode(Self.textPage("Index Page", label: "3"), in: workspace)]
    let outline = [OutlineEntry(title: "Body Two", page: 2, y: 80)]
    _ = try output.finish(front: front, back: back, facts: DocumentFacts(title: "Book", outline: outline))

    func page(_ number: Int) throws -> String {
      try Fixtures.run("pdftotext", ["-f", "\(number)", "-l", "\(number)", url.path, "-"])
    }
    #expect(try page(1).contains("Contents Page"))
    #expect(try page(2).contains("Body One"))
    #expect(try page(3).contains("Body Two"))
    #expect(try page(4).contains("Index Page"))
    let raw = String(decoding: try Data(contentsOf: url), as: UTF8.self)
    #expect(raw.contains("/PageLabels << /Nums [0 << /S /r /St 1 >> 1 << /S /D /St 1 >>]"))
    // The link and the bookmark both open the third page object in the page tree.
    let kids = try #require(raw.range(of: "/Kids [")).upperBound
    let third = raw[kids...].split(separator: " ")[6]
    #expect(raw.contains("/Dest [\(third) 0 R /XYZ 0 761.89 0]"))
    #expect(raw.components(separatedBy: "/Dest [\(third) 0 R").count - 1 == 2)
  }

  @Test func textIsExtractedAsWritten() throws {
    let directory = try Fixtures.scratchDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let url = directory.appendingPathComponent("text.pdf")
    try Fixtures.renderer().write(
      DisplayList(pages: [Self.textPage("Café Noël — ‘fine’ fiddle")]), to: url, format: .pdf)
    let text = try Fixtures.run("pdftotext", [url.path, "-"])
    #expect(text.contains("Café Noël — ‘fine’ fiddle"))
  }

  @Test func encodingOrderDoesNotChangeTheFile() throws {
    let directory = try Fixtures.scratchDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let renderer = try Fixtures.renderer()
    let pages = (0..<6).map { index in
      var page = Fixtures.musicPage()
      page.items += Self.textPage("Page \(index)").items
      return page
    }
    var files: [Data] = []
    for order in [Array(pages.indices), Array(pages.indices.reversed())] {
      let url = directory.appendingPathComponent("order-\(files.count).pdf")
      let output = try PDFOutput(url: url, fonts: renderer.fonts, palette: .standard)
      // Encode in one order (as worker threads might), write in page order.
      var encoded: [Int: PDFEncodedPage] = [:]
      for index in order { encoded[index] = try output.encode(pages[index], in: renderer.workspace) }
      for index in pages.indices { try output.write(try #require(encoded[index])) }
      setenv("SOURCE_DATE_EPOCH", "1700000000", 1)
      _ = try output.finish(front: [], back: [], facts: DocumentFacts(title: "Same"))
      files.append(try Data(contentsOf: url))
    }
    #expect(files[0] == files[1])
  }
}
