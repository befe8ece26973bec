import DisplayList
import Foundation
import Render
import Testing

/// PDF output checked with poppler: pages, page sizes, metadata and embedded fonts.
@Suite struct PDFWriterTests {
  @Test func pageCountSizesAndMetadata() throws {
    let directory = try Fixtures.scratchDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let url = directory.appendingPathComponent("book.pdf")
    let list = DisplayList(
      pages: [
        Fixtures.musicPage(),
        Fixtures.musicPage(width: Fixtures.letter.width, height: Fixtures.letter.height),
      ],
      title: "Two Pages")
    let written = try Fixtures.renderer().write(list, to: url, format: .pdf, dpi: 150)
    #expect(written == [url])

    let info = try Fixtures.run("pdfinfo", [url.path])
    #expect(info.contains("Pages:           2"))
    #expect(info.contains("Page size:       595.28 x 841.89 pts (A4)"))
    #expect(info.contains("Title:           Two Pages"))
    #expect(info.contains("Creator:         ABCPress"))
    let second = try Fixtures.run("pdfinfo", ["-f", "2", "-l", "2", url.path])
    #expect(second.contains("Page    2 size:  612 x 792 pts (letter)"))
    // Only the finished file remains: no temporary left behind.
    #expect(Fixtures.files(in: directory) == ["book.pdf"])
  }

  @Test func embedsMusicAndTextFonts() throws {
    let directory = try Fixtures.scratchDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let url = directory.appendingPathComponent("fonts.pdf")
    try Fixtures.renderer().write(DisplayList(pages: [Fixtures.musicPage()]), to: url, format: .pdf)

    let rows = try Fixtures.run("pdffonts", [url.path]).split(separator: "\n").dropFirst(2)
    // Columns from the end: object ID, generation, uni, sub, emb.
    func embedded(_ name: String) -> Bool {
      rows.contains { row in
        let fields = row.split(separator: " ")
        return row.contains(name) && fields.count >= 7 && fields[fields.count - 5] == "yes"
      }
    }
    #expect(embedded("Bravura"))
    #expect(embedded("TeXGyreSchola"))
    #expect(rows.count == 2)
  }
}
