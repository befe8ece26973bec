import ABCPressCLI
import Foundation
import Testing

/// Real files from `abcpress book`, checked with poppler's pdfinfo, pdftotext and pdffonts.
@Suite(.serialized) struct BookOutputTests {
  /// Runs the tool in-process; fails the test on a non-zero exit.
  @discardableResult
  static func tool(_ arguments: [String]) -> (code: ExitCode, errors: String, output: String) {
    let console = Console.captured()
    let code = CommandLineTool.run(arguments: arguments, console: console)
    return (code, console.errors, console.output)
  }

  func makeBook(_ extra: [String] = []) throws -> (folder: URL, pdf: URL) {
    let folder = try BookFixture.scratch()
    let input = folder.appendingPathComponent("book.abc")
    try BookFixture.bookSource(count: 12).write(to: input, atomically: true, encoding: .utf8)
    let pdf = folder.appendingPathComponent("book.pdf")
    let result = Self.tool(["book", input.path, "-o", pdf.path, "--author", "A. Tester"] + extra)
    #expect(result.code == .success, "\(result.errors)")
    return (folder, pdf)
  }

  @Test func metadataPagesAndEmbeddedFonts() throws {
    let (folder, pdf) = try makeBook()
    defer { try? FileManager.default.removeItem(at: folder) }
    let info = try BookFixture.run("pdfinfo", [pdf.path])
    #expect(info.contains("Title:           Test Book"))
    #expect(info.contains("Author:          A. Tester"))
    #expect(info.contains("Subject:         12 tunes in ABC notation"))
    #expect(info.contains("Creator:         ABCPress"))
    #expect(info.contains("595.28 x 841.89 pts (A4)"))
    let fonts = try BookFixture.run("pdffonts", [pdf.path])
    let lines = fonts.split(separator: "\n").dropFirst(2)
    #expect(lines.contains { $0.contains("Bravura") })
    #expect(lines.contains { $0.contains("TeXGyreSchola") })
    #expect(lines.allSatisfy { $0.contains(" yes ") })  // every font embedded
  }

  @Test func contentsAndIndexTextMatchTheBody() throws {
    let (folder, pdf) = try makeBook()
    defer { try? FileManager.default.removeItem(at: folder) }
    let contents = try BookFixture.run("pdftotext", ["-f", "2", "-l", "2", "-layout", pdf.path, "-"])
    #expect(contents.contains("Contents"))
    let pages =
      Int(
        try BookFixture.run("pdfinfo", [pdf.path]).split(separator: "\n")
          .first { $0.hasPrefix("Pages:") }?.split(separator: " ").last ?? "") ?? 0
    // Front matter: the title page and the contents; the body is labelled from 1 after them.
    let front = 2
    for number in 1...12 {
      let line = try #require(contents.split(separator: "\n").first { $0.contains("Tune \(number) ") })
      let label = try #require(
        Int(line.split(separator: ".").last?.trimmingCharacters(in: .whitespaces) ?? ""))
      let physical = label + front
      let body = try BookFixture.run("pdftotext", ["-f", "\(physical)", "-l", "\(physical)", pdf.path, "-"])
      #expect(body.contains("Tune \(number)\n"), "Tune \(number) not on page \(physical)")
    }
    let index = try BookFixture.run(
      "pdftotext", ["-f", "\(pages)", "-l", "\(pages)", "-layout", pdf.path, "-"])
    #expect(index.contains("Index of Titles"))
    #expect(index.contains("Other Name 3"))
  }

  @Test func linksOutlinesAndPageLabelsInThePDF() throws {
    let (folder, pdf) = try makeBook(["--group-by", "rhythm"])
    defer { try? FileManager.default.removeItem(at: folder) }
    let raw = String(decoding: try Data(contentsOf: pdf), as: UTF8.self)
    // One bookmark per tune and section, plus Contents and Index.
    let titles = raw.components(separatedBy: "/Title (").count - 1 - 1  // minus the info dictionary's
    #expect(titles == 12 + 2 + 2)
    #expect(raw.contains("/Outlines"))
    // Links: 12 tunes + 2 sections in the contents, 16 index lines.
    #expect(raw.components(separatedBy: "/Subtype /Link").count - 1 == 14 + 16)
    #expect(raw.contains("/PageLabels"))
  }

  @Test func templatesSetPageSizes() throws {
    for (template, size) in [
      ("letter-book", "612 x 792"), ("a5-pocket", "419.53 x 595.28"), ("card", "595.28 x 419.53"),
    ] {
      let (folder, pdf) = try makeBook(["--template", template])
      defer { try? FileManager.default.removeItem(at: folder) }
      let info = try BookFixture.run("pdfinfo", [pdf.path])
      #expect(info.contains("Page size:       \(size) pts"), "\(template)")
    }
  }

  @Test func listsBuiltinTemplatesAndThemes() {
    let templates = Self.tool(["templates"]).output
    for name in ["plain", "a4-book", "letter-book", "a5-pocket", "card", "incipit"] {
      #expect(templates.contains(name))
    }
    let themes = Self.tool(["themes"]).output
    for name in ["classic", "sepia", "dark", "high-contrast", "ink-saver"] { #expect(themes.contains(name)) }
    #expect(Self.tool(["themes", "--show", "dark"]).output.contains("background: #1e1f24"))
    #expect(Self.tool(["book", "x.abc", "-o", "y.pdf", "--theme", "nope"]).code == .usage)
  }
}
