import ABCPressCLI
import Book
import Foundation
import Testing

/// Book files (`*.abcbook`): parsing, and the book they make.
@Suite(.serialized) struct BookFileTests {
  @Test func aBookFileIsReadInOrder() throws {
    let file = try BookFile(
      parsing: """
        # The Thursday session
        title: Thursday Session
        template: a5-pocket
        [section: Jigs]
        new-page: yes
        tunes: jigs.abc 1-2
        %%transpose 2
        [set: The Kesh set]   # a medley
        tunes: "more tunes/kesh.abc" 'The Kesh'
        tunes: jigs/*.abc
        """)
    #expect(file["title"] == "Thursday Session")
    #expect(file["template"] == "a5-pocket")
    #expect(
      file.entries == [
        .section("Jigs", line: 4), .newPage(line: 5), .tunes("jigs.abc", selection: "1-2", line: 6),
        .directive("%%transpose 2", line: 7), .set("The Kesh set", line: 8),
        .tunes("more tunes/kesh.abc", selection: "'The Kesh'", line: 9),
        .tunes("jigs/*.abc", selection: nil, line: 10),
      ])
  }

  @Test func everyProblemOfABookFileIsReportedAtOnce() {
    var caught: StyleFileError?
    do {
      _ = try BookFile(
        parsing:
          "titel: X\n%%scale 0.8\n[chapter: A]\n[section: B]\ntemplate: a4-book\ntunes:\nnew-page: maybe\n")
    } catch {
      caught = error
    }
    let lines = caught?.all.map(\.line) ?? []
    #expect(lines == [1, 2, 3, 5, 6, 7])
    #expect(caught?.all.first?.message.contains("did you mean 'title'") == true)
  }

  /// Sections, a set list picking tunes out of order from one file, a selection, and the
  /// book file's title and template: the contents read back with poppler.
  @Test func aBookFileMakesTheBookItDescribes() throws {
    let folder = try BookFixture.scratch()
    defer { try? FileManager.default.removeItem(at: folder) }
    func write(_ name: String, _ text: String) throws {
      let url = folder.appendingPathComponent(name)
      try FileManager.default.createDirectory(
        at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try text.write(to: url, atomically: true, encoding: .utf8)
    }
    try write(
      "tunes/jigs.abc",
      (1...4).map { BookFixture.tune($0, "Jig \($0)", rhythm: "jig") }.joined(separator: "\n"))
    try write("tunes/reels.abc", (5...6).map { BookFixture.tune($0, "Reel \($0)") }.joined(separator: "\n"))
    try write(
      "session.abcbook",
      """
      title: Thursday Session
      index: no
      [section: Jigs]
      tunes: tunes/jigs.abc 1-2
      [set: Jig Set]
      tunes: tunes/jigs.abc 4
      tunes: tunes/jigs.abc 3
      [section: Reels]
      tunes: tunes/*.abc '*Reel*'
      """)
    let pdf = folder.appendingPathComponent("out/{T}.pdf")
    let result = BookOutputTests.tool([
      "book", folder.appendingPathComponent("session.abcbook").path, "-o", pdf.path, "-q",
    ])
    #expect(result.code == .success, "\(result.errors)")
    let made = folder.appendingPathComponent("out/Thursday-Session.pdf")
    let contents = try BookFixture.run("pdftotext", ["-f", "2", "-l", "2", "-layout", made.path, "-"])
    let lines = contents.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
    let order = ["Jigs", "Jig 1", "Jig 2", "Jig Set", "Jig 4", "Jig 3", "Reels", "Reel 5", "Reel 6"]
    let found = order.compactMap { name in lines.firstIndex { $0.hasPrefix(name + " ") || $0 == name } }
    #expect(found.count == order.count, "\(lines)")
    #expect(found == found.sorted())
    // The set's tunes are indented under it, further than the section's own tunes.
    let indent = { (name: String) in
      contents.split(separator: "\n").first { $0.contains(name) }.map { $0.prefix { $0 == " " }.count } ?? -1
    }
    #expect(indent("Jig 4") > indent("Jig 1"))
    let info = try BookFixture.run("pdfinfo", [made.path])
    #expect(info.contains("Title:           Thursday Session"))
    // No index: the last page is music.
    let raw = String(decoding: try Data(contentsOf: made), as: UTF8.self)
    #expect(!raw.contains("Index of Titles"))
    #expect(raw.contains("/Title (Jig Set)"))
  }

  /// A section's directives hold in its sets and end with it; a set's end at the next
  /// heading: chord symbols transposed by `%%transpose` read back with poppler.
  @Test func aSectionsDirectivesEndWithIt() throws {
    let folder = try BookFixture.scratch()
    defer { try? FileManager.default.removeItem(at: folder) }
    let tunes = (1...4).map { "X:\($0)\nT:Tune \($0)\nM:4/4\nL:1/8\nK:G\n\"Gm7\"GABc d4|]\n" }
    try tunes.joined(separator: "\n").write(
      to: folder.appendingPathComponent("t.abc"), atomically: true, encoding: .utf8)
    try """
    title: Scopes
    contents: no
    index: no
    title-page: no
    [section: Up]
    %%transpose 2
    tunes: t.abc 1
    [set: Higher]
    %%transpose 4
    tunes: t.abc 2
    [set: Back]
    tunes: t.abc 3
    [section: Plain]
    tunes: t.abc 4
    """.write(to: folder.appendingPathComponent("s.abcbook"), atomically: true, encoding: .utf8)
    let pdf = folder.appendingPathComponent("s.pdf")
    let result = BookOutputTests.tool([
      "book", folder.appendingPathComponent("s.abcbook").path, "-o", pdf.path, "-q",
    ])
    #expect(result.code == .success, "\(result.errors)")
    let text = try BookFixture.run("pdftotext", [pdf.path, "-"])
    let chords = text.split(whereSeparator: { !$0.isLetter && !$0.isNumber }).filter {
      $0.count == 3 && $0.hasSuffix("m7")
    }
    #expect(chords == ["Am7", "Bm7", "Am7", "Gm7"], "\(text)")
  }

  @Test func aBrokenBookFileNamesEveryBadLine() throws {
    let folder = try BookFixture.scratch()
    defer { try? FileManager.default.removeItem(at: folder) }
    let book = folder.appendingPathComponent("bad.abcbook")
    try "title: X\n[section: A]\ntunes: missing.abc\ntunes: missing/*.abc\nbogus: 1\n".write(
      to: book, atomically: true, encoding: .utf8)
    let result = BookOutputTests.tool(["book", book.path, "-o", folder.appendingPathComponent("x.pdf").path])
    #expect(result.code == .usage)
    for line in [3, 4, 5] { #expect(result.errors.contains("bad.abcbook:\(line): ")) }
    #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("x.pdf").path))
  }
}
