import ABCPressCLI
import Foundation
import Testing

@testable import Render

/// `--booklet`, `--bleed` and `--crop-marks`: the sheets read back with poppler.
@Suite(.serialized) struct ImpositionTests {
  @Test func bookletSidesFollowTheFoldingOrder() {
    let sides = Render.Imposition.bookletSides(pageCount: 6)
    // 1-based: [8|1] [2|7] [6|3] [4|5], pages 7 and 8 blank.
    #expect(sides.map { [$0.left, $0.right] } == [[nil, 0], [1, nil], [5, 2], [3, 4]])
    #expect(Render.Imposition.bookletSides(pageCount: 8).count == 4)
    #expect(Render.Imposition.bookletSides(pageCount: 9).count == 6)
    #expect(
      Render.Imposition.bookletSides(pageCount: 1).map { [$0.left, $0.right] } == [[nil, 0], [nil, nil]])
  }

  /// Six tunes a page each, imposed: the tune on each half of each sheet, read back.
  @Test func aBookletPrintsItsPagesInFoldingOrder() throws {
    let folder = try BookFixture.scratch()
    defer { try? FileManager.default.removeItem(at: folder) }
    let template = folder.appendingPathComponent("one.abcstyle")
    try
      "base: a5-pocket\nmusic.one-tune-per-page: yes\nbook.title-page: no\nbook.contents: no\nbook.index: no\n"
      .write(to: template, atomically: true, encoding: .utf8)
    let input = folder.appendingPathComponent("six.abc")
    try (1...6).map { BookFixture.tune($0, "Tune \($0)") }.joined(separator: "\n")
      .write(to: input, atomically: true, encoding: .utf8)
    let pdf = folder.appendingPathComponent("booklet.pdf")
    let result = BookOutputTests.tool([
      "book", input.path, "--template", template.path, "--booklet", "-o", pdf.path, "-q",
    ])
    #expect(result.code == .success, "\(result.errors)")
    let info = try BookFixture.run("pdfinfo", [pdf.path])
    #expect(info.contains("Pages:           4"))
    #expect(info.contains("839.06 x 595.28 pts"))  // two A5 pages side by side
    func tune(sheet: Int, right: Bool) throws -> String {
      let half = try BookFixture.run(
        "pdftotext",
        [
          "-f", "\(sheet)", "-l", "\(sheet)", "-r", "72", "-x", right ? "420" : "0", "-y", "0", "-W", "419",
          "-H", "595", pdf.path, "-",
        ])
      return half.split(separator: "\n").first { $0.hasPrefix("Tune ") }.map(String.init) ?? "blank"
    }
    var read: [String] = []
    for sheet in 1...4 {
      read.append(try tune(sheet: sheet, right: false))
      read.append(try tune(sheet: sheet, right: true))
    }
    #expect(read == ["blank", "Tune 1", "Tune 2", "blank", "Tune 6", "Tune 3", "Tune 4", "Tune 5"])
  }

  @Test func bleedAndCropMarksSetTheBoxes() throws {
    let folder = try BookFixture.scratch()
    defer { try? FileManager.default.removeItem(at: folder) }
    let input = folder.appendingPathComponent("t.abc")
    try BookFixture.bookSource(count: 3).write(to: input, atomically: true, encoding: .utf8)
    let pdf = folder.appendingPathComponent("print.pdf")
    let result = BookOutputTests.tool([
      "book", input.path, "--bleed", "3mm", "--crop-marks", "--theme", "sepia", "-o", pdf.path, "-q",
    ])
    #expect(result.code == .success, "\(result.errors)")
    let boxes = try BookFixture.run("pdfinfo", ["-box", pdf.path])
    func box(_ name: String) -> [Double] {
      let line = boxes.split(separator: "\n").first { $0.hasPrefix(name) } ?? ""
      return line.split(separator: " ").dropFirst().compactMap { Double($0) }
    }
    let trim = box("TrimBox:")
    let bleed = box("BleedBox:")
    let media = box("MediaBox:")
    #expect(trim.count == 4 && bleed.count == 4 && media.count == 4)
    guard trim.count == 4, bleed.count == 4, media.count == 4 else { return }
    #expect(abs((trim[2] - trim[0]) - 595.28) < 0.1)  // the trimmed page is the A4 page
    #expect(abs((trim[0] - bleed[0]) - 8.5) < 0.1)  // 3 mm of bleed
    #expect(bleed[0] > media[0] + 10)  // room for the marks outside the bleed
    // The book's text is still there, and its links still lead to the tunes.
    let text = try BookFixture.run("pdftotext", [pdf.path, "-"])
    #expect(text.contains("Tune 3"))
    let raw = String(decoding: try Data(contentsOf: pdf), as: UTF8.self)
    #expect(raw.contains("/Subtype /Link"))
    let refused = BookOutputTests.tool(["book", input.path, "--booklet", "--crop-marks", "-o", pdf.path])
    #expect(refused.code == .usage)
    let png = BookOutputTests.tool(["render", input.path, "--booklet", "-o", folder.path + "/x.png"])
    #expect(png.errors.contains("use -o BOOK.pdf"))
  }
}
