import ABCPress
import ABCPressTestSupport
import Foundation
import Testing

/// The library's API as another Swift program uses it: ABC in, pages and bytes out.
@Suite struct LibraryTests {
  static let fonts = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Fonts")
  static let abc = "X:1\nT:The Kesh\nM:6/8\nL:1/8\nK:G\nGAG GAB|ABA ABd|\n\nX:2\nT:Second\nK:D\nDEF|\n"

  @Test func parsesEngravesAndDrawsInMemory() throws {
    let press = try ABCPress(fonts: Self.fonts)
    let parsed = press.parse(Self.abc, file: "kesh.abc")
    #expect(parsed.tunebook.tunes.map(\.title) == ["The Kesh", "Second"])
    #expect(parsed.diagnostics.isEmpty)
    let pages = press.pages(parsed.tunebook)
    #expect(pages.pages.count == 1)
    #expect(pages.pages[0].items.contains { $0.role == .notehead })
    let pdf = try press.pdf(pages)
    #expect(pdf.starts(with: Data("%PDF-".utf8)))
    let png = try #require(try press.png(pages, dpi: 50).first)
    #expect(png.starts(with: Data([0x89, 0x50, 0x4E, 0x47])))
    let svg = try #require(try press.svg(pages).first)
    #expect(svg.contains("<svg"))
  }

  @Test func booksHaveTheirMatterAndThemesTheirColours() throws {
    let press = try ABCPress(fonts: Self.fonts, template: "a4-book", theme: "sepia")
    let book = press.book(press.parse(Self.abc).tunebook, title: "Two Tunes")
    let texts = book.pages.flatMap(\.items).compactMap { item -> String? in
      if case .text(let text) = item.shape { return text.text }
      return nil
    }
    #expect(texts.contains("Two Tunes") && texts.contains("Contents") && texts.contains("Index of Titles"))
    #expect(book.title == "Two Tunes")
    #expect(throws: ABCPressError.self) { try ABCPress(fonts: Self.fonts, template: "poster") }
    #expect(throws: (any Error).self) { try ABCPress(fonts: URL(fileURLWithPath: "/nonexistent")) }
  }
}
