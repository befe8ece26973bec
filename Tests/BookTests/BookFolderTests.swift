import ABCPressCLI
import Foundation
import Testing

/// `book DIR` with a section per subfolder, `--per-folder`, and placeholders in `-o`.
@Suite(.serialized) struct BookFolderTests {
  /// A session's folder: a tune of its own, jigs, and reels with a titled subfolder of
  /// hornpipes; the reels folder is titled by its `title.txt`.
  func sessionFolder() throws -> URL {
    let root = try BookFixture.scratch().appendingPathComponent("session")
    let manager = FileManager.default
    func write(_ path: String, _ text: String) throws {
      let url = root.appendingPathComponent(path)
      try manager.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try text.write(to: url, atomically: true, encoding: .utf8)
    }
    try write("title.txt", "Our Session\n")
    try write("opening.abc", BookFixture.tune(1, "Opening Air"))
    try write("01_jigs/a.abc", BookFixture.tune(2, "Jig One", rhythm: "jig"))
    try write("01_jigs/b.abc", BookFixture.tune(3, "Jig Two", rhythm: "jig"))
    try write("02_reels/title.txt", "Reels & Hornpipes")
    try write("02_reels/a.abc", BookFixture.tune(4, "Reel One"))
    try write("02_reels/hornpipes/a.abc", BookFixture.tune(5, "Hornpipe One", rhythm: "hornpipe"))
    try write("03_empty/notes.txt", "no tunes here")
    return root
  }

  func text(_ pdf: URL, _ page: Int? = nil) throws -> String {
    let range = page.map { ["-f", "\($0)", "-l", "\($0)"] } ?? []
    return try BookFixture.run("pdftotext", range + ["-layout", pdf.path, "-"])
  }

  @Test func aFolderOfFoldersIsABookWithASectionPerFolder() throws {
    let root = try sessionFolder()
    defer { try? FileManager.default.removeItem(at: root.deletingLastPathComponent()) }
    let pattern = root.deletingLastPathComponent().appendingPathComponent("out/{folder}.pdf").path
    let result = BookOutputTests.tool(["book", root.path, "-o", pattern, "-q"])
    #expect(result.code == .success, "\(result.errors)")
    let pdf = root.deletingLastPathComponent().appendingPathComponent("out/session.pdf")
    #expect(FileManager.default.fileExists(atPath: pdf.path))
    #expect(try text(pdf, 1).contains("Our Session"))  // the folder's title.txt titles the book
    let contents = try text(pdf, 2).split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
    func line(_ prefix: String) -> Int? { contents.firstIndex { $0.hasPrefix(prefix) } }
    let order = [
      "Opening Air", "Jigs", "Jig One", "Jig Two", "Reels & Hornpipes", "Reel One",
      "Reels & Hornpipes – Hornpipes", "Hornpipe One",
    ].map(line)
    #expect(order.allSatisfy { $0 != nil }, "\(contents)")
    #expect(order.compactMap { $0 } == order.compactMap { $0 }.sorted())
    #expect(line("Empty") == nil)  // a folder without tunes is no section
    let raw = String(decoding: try Data(contentsOf: pdf), as: UTF8.self)
    #expect(raw.contains("/Title (Jigs)"))
  }

  @Test func perFolderWritesABookForEachFolder() throws {
    let root = try sessionFolder()
    let out = root.deletingLastPathComponent().appendingPathComponent("books")
    defer { try? FileManager.default.removeItem(at: root.deletingLastPathComponent()) }
    let result = BookOutputTests.tool([
      "book", root.path, "--per-folder", "-o", out.path + "/{folder}.pdf", "--no-title-page", "-q",
    ])
    #expect(result.code == .success, "\(result.errors)")
    let names = try FileManager.default.contentsOfDirectory(atPath: out.path).sorted()
    #expect(names == ["01_jigs.pdf", "02_reels.pdf", "session.pdf"])
    let reels = try text(out.appendingPathComponent("02_reels.pdf"))
    #expect(reels.contains("Reel One") && reels.contains("Hornpipe One"))
    #expect(!reels.contains("Jig One"))
    let info = try BookFixture.run("pdfinfo", [out.appendingPathComponent("02_reels.pdf").path])
    #expect(info.contains("Title:           Reels & Hornpipes"))
    let jigs = try BookFixture.run("pdfinfo", [out.appendingPathComponent("01_jigs.pdf").path])
    #expect(jigs.contains("Title:           Jigs"))
    let own = try text(out.appendingPathComponent("session.pdf"))
    #expect(own.contains("Opening Air") && !own.contains("Jig One"))
  }

  @Test func perFolderRefusesNamesThatWouldClash() throws {
    let root = try sessionFolder()
    defer { try? FileManager.default.removeItem(at: root.deletingLastPathComponent()) }
    let out = root.deletingLastPathComponent().appendingPathComponent("one.pdf").path
    let plain = BookOutputTests.tool(["book", root.path, "--per-folder", "-o", out])
    #expect(plain.code != .success)
    #expect(plain.errors.contains("-o needs {folder} or {T}"))
    let file = BookOutputTests.tool([
      "book", root.appendingPathComponent("opening.abc").path, "--per-folder", "-o", "{folder}.pdf",
    ])
    #expect(file.errors.contains("is not a folder"))
    #expect(!FileManager.default.fileExists(atPath: out))
  }

  @Test func bookNamesTakeTheBookPlaceholders() throws {
    let root = try sessionFolder()
    let scratch = root.deletingLastPathComponent()
    defer { try? FileManager.default.removeItem(at: scratch) }
    let input = root.appendingPathComponent("opening.abc").path
    let named = BookOutputTests.tool([
      "render", input, "-o", scratch.path + "/{folder}-{F}-{T}.pdf", "-q",
    ])
    #expect(named.code == .success, "\(named.errors)")
    #expect(FileManager.default.fileExists(atPath: scratch.path + "/session-opening-Opening-Air.pdf"))
    let tuneOnly = BookOutputTests.tool(["book", input, "-o", scratch.path + "/{X}.pdf"])
    #expect(tuneOnly.code == .usage)
    #expect(tuneOnly.errors.contains("names one tune"))
    let typo = BookOutputTests.tool(["book", input, "-o", scratch.path + "/{folde}.pdf"])
    #expect(typo.errors.contains("did you mean '{folder}'"))
  }

  @Test func thumbnailsTakeTheirFolderName() throws {
    let root = try sessionFolder()
    let scratch = root.deletingLastPathComponent()
    defer { try? FileManager.default.removeItem(at: scratch) }
    let result = BookOutputTests.tool([
      "thumbs", root.path, "--recursive", "-o", scratch.path + "/thumbs/{folder}/{X}.png", "-q",
    ])
    #expect(result.code == .success, "\(result.errors)")
    for path in ["session/1.png", "01_jigs/2.png", "01_jigs/3.png", "02_reels/4.png", "hornpipes/5.png"] {
      #expect(FileManager.default.fileExists(atPath: scratch.path + "/thumbs/" + path), "\(path)")
    }
  }
}

/// `--edition` and `--transpose` on the book and thumbnail subcommands.
@Suite(.serialized) struct EditionOutputTests {
  @Test func aBFlatBookNamesItsEditionAndMovesTheMusic() throws {
    let folder = try BookFixture.scratch()
    defer { try? FileManager.default.removeItem(at: folder) }
    let input = folder.appendingPathComponent("book.abc")
    try BookFixture.bookSource(count: 3).write(to: input, atomically: true, encoding: .utf8)
    let pdf = folder.appendingPathComponent("bb.pdf")
    let result = BookOutputTests.tool(["book", input.path, "--edition", "bb", "-o", pdf.path, "-q"])
    #expect(result.code == .success, "\(result.errors)")
    let titlePage = try BookFixture.run("pdftotext", ["-f", "1", "-l", "1", pdf.path, "-"])
    #expect(titlePage.contains("B♭ edition"))
    let info = try BookFixture.run("pdfinfo", [pdf.path])
    #expect(info.contains("Title:           Test Book – B♭ edition"))
    let dump = BookOutputTests.tool(["dump", "--score", input.path, "--edition", "bb"])
    let plain = BookOutputTests.tool(["dump", "--score", input.path])
    #expect(dump.code == .success && plain.code == .success)
    #expect(dump.output != plain.output)
    let bad = BookOutputTests.tool(["book", input.path, "--edition", "bf", "-o", pdf.path])
    #expect(bad.code == .usage)
    #expect(bad.errors.contains("--edition is one of bb, eb, f, bass, c"))
  }

  @Test func thumbnailsTakeTransposeAndEdition() throws {
    let folder = try BookFixture.scratch()
    defer { try? FileManager.default.removeItem(at: folder) }
    let input = folder.appendingPathComponent("t.abc")
    try BookFixture.tune(1, "Reel").write(to: input, atomically: true, encoding: .utf8)
    func key(_ extra: [String]) throws -> String {
      let manifest = folder.appendingPathComponent("m.json")
      let result = BookOutputTests.tool(
        ["thumbs", input.path, "-o", folder.path + "/{X}.png", "--manifest", manifest.path, "-q"] + extra)
      #expect(result.code == .success, "\(result.errors)")
      let text = String(decoding: try Data(contentsOf: manifest), as: UTF8.self)
      let range = try #require(text.range(of: #""key": ?"[^"]*""#, options: .regularExpression))
      return String(text[range])
    }
    #expect(try key([]).contains("\"D"))
    #expect(try key(["--transpose", "2"]).contains("\"E"))
    #expect(try key(["--edition", "eb"]).contains("\"B"))
  }
}

/// `--page-start` and `book.page-start`: the body numbered from another page.
@Suite(.serialized) struct PageStartTests {
  @Test func theBodyIsNumberedFromThePageGiven() throws {
    let folder = try BookFixture.scratch()
    defer { try? FileManager.default.removeItem(at: folder) }
    let input = folder.appendingPathComponent("book.abc")
    try BookFixture.bookSource(count: 12).write(to: input, atomically: true, encoding: .utf8)
    let pdf = folder.appendingPathComponent("b.pdf")
    let result = BookOutputTests.tool(["book", input.path, "--page-start", "41", "-o", pdf.path, "-q"])
    #expect(result.code == .success, "\(result.errors)")
    let contents = try BookFixture.run("pdftotext", ["-f", "2", "-l", "2", "-layout", pdf.path, "-"])
    let first = try #require(contents.split(separator: "\n").first { $0.contains("Tune 1 ") })
    #expect(first.hasSuffix("41"))
    // The first body page's running head and label read 41 (a4-book: page number outside).
    let body = try BookFixture.run("pdftotext", ["-f", "3", "-l", "3", pdf.path, "-"])
    #expect(body.contains("41"))
    let raw = String(decoding: try Data(contentsOf: pdf), as: UTF8.self)
    #expect(raw.contains("/St 41"))
    let bad = BookOutputTests.tool(["book", input.path, "--page-start", "0", "-o", pdf.path])
    #expect(bad.code == .usage)
    #expect(bad.errors.contains("--page-start is a whole number from 1"))
  }
}
