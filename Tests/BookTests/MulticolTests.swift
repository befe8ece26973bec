import ABCPressCLI
import Foundation
import Testing

/// Two columns: abcm2ps's `%%multicol`, and contents and index in columns.
@Suite(.serialized) struct MulticolTests {
  /// The top-left corner of each word poppler finds, by word.
  func corners(_ pdf: URL, page: Int = 1) throws -> [String: (x: Double, y: Double)] {
    let xml = try BookFixture.run("pdftotext", ["-f", "\(page)", "-l", "\(page)", "-bbox", pdf.path, "-"])
    var found: [String: (x: Double, y: Double)] = [:]
    for line in xml.split(separator: "\n") where line.contains("<word ") {
      func value(_ name: String) -> Double? {
        guard let range = line.range(of: name + "=\"") else { return nil }
        return Double(line[range.upperBound...].prefix { $0 != "\"" })
      }
      guard let x = value("xMin"), let y = value("yMin"), let open = line.firstIndex(of: ">"),
        let close = line.range(of: "</word>")
      else { continue }
      let word = String(line[line.index(after: open)..<close.lowerBound])
      if found[word] == nil { found[word] = (x, y) }
    }
    return found
  }

  /// Two tunes side by side as abcm2ps users write them (left column to 11 cm from the
  /// right edge, right column from 11 cm), `left` and `right` source lines long.
  static func columns(left: Int, right: Int) -> String {
    """
    %%multicol start
    %%rightmargin 11cm
    \(BookFixture.tune(1, "Leftward", lines: left))
    %%multicol new
    %%leftmargin 11cm
    %%rightmargin 1.5cm
    \(BookFixture.tune(2, "Rightward", lines: right))
    %%multicol end
    """
  }

  @Test func multicolSetsTunesSideBySide() throws {
    let folder = try BookFixture.scratch()
    defer { try? FileManager.default.removeItem(at: folder) }
    let abc =
      Self.columns(left: 2, right: 4) + """

        %%leftmargin 1.8cm
        %%rightmargin 1.8cm
        \(BookFixture.tune(3, "Underneath", lines: 1))
        """
    let input = folder.appendingPathComponent("columns.abc")
    try abc.write(to: input, atomically: true, encoding: .utf8)
    let pdf = folder.appendingPathComponent("columns.pdf")
    let result = BookOutputTests.tool(["render", input.path, "-o", pdf.path, "-q"])
    #expect(result.code == .success, "\(result.errors)")
    #expect(!result.errors.contains("warning"))
    let words = try corners(pdf)
    let left = try #require(words["Leftward"])
    let right = try #require(words["Rightward"])
    let under = try #require(words["Underneath"])
    #expect(abs(left.y - right.y) < 1)  // both columns start at the same height
    #expect(left.x < 595.28 / 2 && right.x > 595.28 / 2)
    // The tune after the columns goes below the longer (right) column.
    let rightColumnBottom = right.y + 4 * 40
    #expect(under.y > rightColumnBottom)
    let bad = folder.appendingPathComponent("bad.abc")
    try ("%%multicol begin\n" + BookFixture.tune(1, "A")).write(to: bad, atomically: true, encoding: .utf8)
    let warned = BookOutputTests.tool(["render", bad.path, "-o", pdf.path, "-q"])
    #expect(warned.errors.contains("%%multicol takes start, new or end, not 'begin'"))
  }

  /// Pairs of columns through a book of facing pages: a pair whose first tune does not fit
  /// starts at the next page's top, and a page that is spread keeps its columns level.
  @Test func columnsStayLevelOnEveryPage() throws {
    let folder = try BookFixture.scratch()
    defer { try? FileManager.default.removeItem(at: folder) }
    let names = [
      "Alpha", "Bravo", "Charlie", "Delta", "Echo", "Foxtrot", "Golf", "Hotel", "India", "Juliett",
    ]
    var abc = ""
    for (index, name) in names.enumerated() {
      abc +=
        index % 2 == 0
        ? "%%multicol start\n%%leftmargin 2.5cm\n%%rightmargin 11cm\n"
        : "%%multicol new\n%%leftmargin 11cm\n%%rightmargin 1.5cm\n"
      abc += BookFixture.tune(index + 1, name, lines: 2 + index % 3) + "\n"
      if index % 2 == 1 { abc += "%%multicol end\n" }
    }
    let input = folder.appendingPathComponent("pairs.abc")
    try abc.write(to: input, atomically: true, encoding: .utf8)
    let pdf = folder.appendingPathComponent("pairs.pdf")
    let result = BookOutputTests.tool(["book", input.path, "--template", "a4-book", "-o", pdf.path, "-q"])
    #expect(result.code == .success, "\(result.errors)")
    var pagesOfPairs: [Int] = []
    for page in 3...8 {
      let words = try corners(pdf, page: page)
      guard words["Index"] == nil else { continue }  // the index lists them too
      for pair in stride(from: 0, to: names.count, by: 2) {
        guard let left = words[names[pair]] else { continue }
        let right = try #require(words[names[pair + 1]], "\(names[pair + 1]) is not beside \(names[pair])")
        #expect(abs(left.y - right.y) < 1, "\(names[pair]) and \(names[pair + 1]) on page \(page)")
        #expect(left.x < 595.28 / 2 && right.x > 595.28 / 2)
        pagesOfPairs.append(page)
      }
    }
    #expect(pagesOfPairs.count == names.count / 2)
    // More than one page of pairs, so a pair starts a page (and even pages are tried).
    #expect(Set(pagesOfPairs).count > 1)
  }

  @Test func contentsAndIndexInTwoColumns() throws {
    let folder = try BookFixture.scratch()
    defer { try? FileManager.default.removeItem(at: folder) }
    let template = folder.appendingPathComponent("cols.abcstyle")
    try "base: a4-book\nbook.list-columns: 2\n".write(to: template, atomically: true, encoding: .utf8)
    let input = folder.appendingPathComponent("book.abc")
    try BookFixture.bookSource(count: 12).write(to: input, atomically: true, encoding: .utf8)
    let pdf = folder.appendingPathComponent("book.pdf")
    let result = BookOutputTests.tool(["book", input.path, "--template", template.path, "-o", pdf.path, "-q"])
    #expect(result.code == .success, "\(result.errors)")
    // 12 tunes (and 4 alternative titles): one column of 8 or more lines, the rest in the
    // second; the contents is page 2.
    let raw = try BookFixture.run("pdftotext", ["-f", "2", "-l", "2", "-bbox", pdf.path, "-"])
    let starts = raw.split(separator: "\n").filter { $0.contains(">Tune</word>") }.compactMap { line in
      line.range(of: "xMin=\"").flatMap { Double(line[$0.upperBound...].prefix { $0 != "\"" }) }
    }
    #expect(starts.count == 12)
    let columns = Set(starts.map { ($0 / 10).rounded() })
    #expect(columns.count == 1)  // 12 lines fit one column of the first page
    let long = folder.appendingPathComponent("long.abc")
    try BookFixture.bookSource(count: 60).write(to: long, atomically: true, encoding: .utf8)
    let longResult = BookOutputTests.tool([
      "book", long.path, "--template", template.path, "-o", pdf.path, "-q",
    ])
    #expect(longResult.code == .success, "\(longResult.errors)")
    let contents = try BookFixture.run("pdftotext", ["-f", "2", "-l", "2", "-bbox", pdf.path, "-"])
    let xs = contents.split(separator: "\n").filter { $0.contains(">Tune</word>") }.compactMap { line in
      line.range(of: "xMin=\"").flatMap { Double(line[$0.upperBound...].prefix { $0 != "\"" }) }
    }
    // Sixty lines: two columns on the contents' first page, the second right of the middle.
    #expect(Set(xs.map { ($0 / 10).rounded() }).count == 2)
    #expect((xs.max() ?? 0) > 595.28 / 2)
    let info = try BookFixture.run("pdfinfo", [pdf.path])
    #expect(info.contains("Pages:"))
  }

  /// A page begun inside a column keeps the page's margins for its running heads, and
  /// columns whose start moved to a new page (behind their heading) start there.
  @Test func pagesBegunInsideColumnsKeepThePagesMargins() throws {
    let folder = try BookFixture.scratch()
    defer { try? FileManager.default.removeItem(at: folder) }
    let template = folder.appendingPathComponent("heads.abcstyle")
    try "base: plain\nheader.right: \"Right Head\"\n".write(to: template, atomically: true, encoding: .utf8)
    let abc = Self.columns(left: 40, right: 2)
    let input = folder.appendingPathComponent("long.abc")
    try abc.write(to: input, atomically: true, encoding: .utf8)
    let pdf = folder.appendingPathComponent("long.pdf")
    let result = BookOutputTests.tool([
      "render", input.path, "--template", template.path, "-o", pdf.path, "-q",
    ])
    #expect(result.code == .success, "\(result.errors)")
    for page in 1...2 {
      let words = try corners(pdf, page: page)
      // The head's right end stands at the page's right margin, not the column's.
      let head = try #require(words["Head"])
      #expect(head.x > 595.28 / 2, "page \(page)")
    }
  }
}
