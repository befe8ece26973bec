import ABCPressTestSupport
import Foundation
import Testing

@testable import ABCPressCLI

/// `--select`, `--shard` and folder inputs (`--recursive`), on every subcommand.
@Suite struct SelectionAndShardTests {
  static func book(_ count: Int) -> String {
    (1...count).map { "X:\($0)\nT:\($0 % 3 == 0 ? "Reel" : "Jig") number \($0)\nK:C\nCDEF|\n" }
      .joined(separator: "\n")
  }

  static func numbers(_ dump: String) -> [Int] {
    dump.split(separator: "\n").compactMap { $0.hasPrefix("tune ") ? Int($0.dropFirst(5)) : nil }
  }

  @Test func selectionItemsAreRead() throws {
    let selection = try TuneSelection(select: "2, 5-7 ,-1,9-,*reel*", shard: "2/3")
    #expect(selection.items.count == 5)
    #expect(selection.selects(referenceNumber: 6, title: nil))
    #expect(!selection.selects(referenceNumber: 3, title: "Jig"))
    #expect(selection.selects(referenceNumber: 3, title: "The Reel of Tulloch"))
    #expect(selection.selects(referenceNumber: 12, title: nil))
    #expect(selection.shardTakes(2) && selection.shardTakes(5) && !selection.shardTakes(1))
    #expect(TuneSelection.matches("*reel", "the reel"))
    #expect(!TuneSelection.matches("*reel", "the reel of"))
    #expect(TuneSelection.matches("b?g", "big"))
    // Quoted items are titles, commas and all; a quoted number is a title too.
    let quoted = try TuneSelection(select: "'Kesh, The', \"1999\" ,4", shard: nil)
    #expect(quoted.items == [.title("kesh, the"), .title("1999"), .numbers(4...4)])
    #expect(quoted.selects(referenceNumber: 1, title: "Kesh, The"))
    #expect(!quoted.selects(referenceNumber: 1999, title: "A Reel"))
    #expect(throws: UsageError.self) { try TuneSelection(select: "3-1", shard: nil) }
    #expect(throws: UsageError.self) { try TuneSelection(select: nil, shard: "4/3") }
    #expect(throws: UsageError.self) { try TuneSelection(select: nil, shard: "x") }
  }

  @Test func selectAndShardPickTheSameTunesOnEveryCommand() throws {
    let folder = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let input = folder.appendingPathComponent("book.abc")
    try Data(Self.book(12).utf8).write(to: input)
    let selected = ToolRun(["dump", "--notes", input.path, "--select", "2,4-5,reel"])
    #expect(Self.numbers(selected.output) == [2, 3, 4, 5, 6, 9, 12])
    // The shards together are the whole run, each tune once, in any order of runs.
    var union: [Int] = []
    for shard in 1...3 {
      let run = ToolRun(["dump", "--notes", input.path, "--shard", "\(shard)/3", "-j", "2"])
      #expect(run.exitCode == .success)
      union += Self.numbers(run.output)
    }
    #expect(union.sorted() == Array(1...12))
    #expect(
      Self.numbers(ToolRun(["dump", "--notes", input.path, "--shard", "1/3"]).output) == [1, 4, 7, 10])
    // midi into a folder: only the selected tunes are written.
    let out = folder.appendingPathComponent("midi")
    #expect(
      ToolRun(["midi", input.path, "-o", out.path + "/", "--select", "reel", "--shard", "2/2"]).exitCode
        == .success)
    #expect(try FileManager.default.contentsOfDirectory(atPath: out.path).sorted() == ["12.mid", "6.mid"])
    // A bad value is a usage error.
    #expect(
      ToolRun(["render", input.path, "-o", folder.appendingPathComponent("x.pdf").path, "--shard", "0/2"])
        .exitCode == .usage)
  }

  @Test func shardsWritingIntoOneFolderGiveTheFilesOfOneRun() throws {
    let folder = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    // Repeated X: numbers and titles: {N} (position among all tunes) keeps names unique.
    let text = (1...7).map { "X:1\nT:Same\nK:C\n" + String(repeating: "C", count: $0) + "|\n" }.joined(
      separator: "\n")
    let input = folder.appendingPathComponent("book.abc")
    try Data(text.utf8).write(to: input)
    let whole = folder.appendingPathComponent("whole").path
    let sharded = folder.appendingPathComponent("sharded").path
    #expect(ToolRun(["thumbs", input.path, "-o", whole + "/{N}-{X}.png", "-q"]).exitCode == .success)
    for shard in 1...3 {
      let run = ToolRun(["thumbs", input.path, "-o", sharded + "/{N}-{X}.png", "--shard", "\(shard)/3", "-q"])
      #expect(run.exitCode == .success)
    }
    let names = try FileManager.default.contentsOfDirectory(atPath: whole).sorted()
    #expect(names.count == 7)
    #expect(try FileManager.default.contentsOfDirectory(atPath: sharded).sorted() == names)
    for name in names {
      #expect(
        FileManager.default.contents(atPath: whole + "/" + name)
          == FileManager.default.contents(atPath: sharded + "/" + name))
    }
  }

  @Test func foldersAreReadSortedAndRecursivelyWhenAsked() throws {
    let folder = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let inner = folder.appendingPathComponent("sub")
    try FileManager.default.createDirectory(at: inner, withIntermediateDirectories: true)
    try Data("X:2\nT:Two\nK:C\nC|\n".utf8).write(to: folder.appendingPathComponent("b.abc"))
    try Data("X:1\nT:One\nK:C\nC|\n".utf8).write(to: folder.appendingPathComponent("a.abc"))
    try Data("X:3\nT:Three\nK:C\nC|\n".utf8).write(to: inner.appendingPathComponent("c.abc"))
    try Data("not music".utf8).write(to: folder.appendingPathComponent("notes.txt"))
    #expect(Self.numbers(ToolRun(["dump", "--notes", folder.path]).output) == [1, 2])
    #expect(Self.numbers(ToolRun(["dump", "--notes", folder.path, "--recursive"]).output) == [1, 2, 3])
    let pdf = folder.appendingPathComponent("all.pdf")
    #expect(ToolRun(["render", folder.path, "--recursive", "-o", pdf.path]).exitCode == .success)
    #expect(try TestTools.run("pdftotext", [pdf.path, "-"]).contains("Three"))
  }
}

/// The end of a run: a summary line, none with --quiet; the output's folder created, stale
/// pages removed, standard output as a target, thumbnails never overwriting each other.
@Suite struct RunOutputTests {
  @Test func summaryLineCountsTunesPagesAndProblems() throws {
    let folder = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let input = "X:1\nT:A\nK:C\nCDEF|\n\nX:2\nT:B\nK:C\nCD~~EF|\n"
    let run = ToolRun(
      ["render", "-", "-o", folder.appendingPathComponent("new/sub/out.pdf").path], input: input)
    #expect(run.exitCode == .success)
    #expect(run.errors.contains("abcpress: 2 tunes, 1 page, "))
    #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("new/sub/out.pdf").path))
    let quiet = ToolRun(["check", "-", "-q"], input: input)
    #expect(!quiet.errors.contains("abcpress:"))
  }

  @Test func standardOutputGetsThePDFOrOnePage() throws {
    let pdf = ToolRun(["render", "-", "-o", "-"], input: "X:1\nT:Piped\nK:C\nCDEF|\n")
    #expect(pdf.exitCode == .success)
    #expect(Array(pdf.outputBytes.prefix(5)) == Array("%PDF-".utf8))
    let png = ToolRun(["render", "-", "-o", "-", "--format", "png"], input: "X:1\nK:C\nCDEF|\n")
    #expect(Array(png.outputBytes.prefix(4)) == [0x89, 0x50, 0x4E, 0x47])
    let long = (1...40).map { "X:\($0)\nK:C\n" + String(repeating: "CDEF GABc|", count: 40) + "\n" }
      .joined(separator: "\n")
    let refused = ToolRun(["render", "-", "-o", "-", "--format", "svg"], input: long)
    #expect(refused.exitCode == .usage)
    #expect(refused.errors.contains("only one page can go to standard output"))
  }

  @Test func pagesOfALongerEarlierRunAreRemoved() throws {
    let folder = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let output = folder.appendingPathComponent("page.svg")
    let long = (1...30).map { "X:\($0)\nK:C\n" + String(repeating: "CDEF GABc|", count: 40) + "\n" }
      .joined(separator: "\n")
    #expect(ToolRun(["render", "-", "-o", output.path], input: long).exitCode == .success)
    let before = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter {
      $0.hasPrefix("page-")
    }
    #expect(before.count > 3)
    try Data("keep".utf8).write(to: folder.appendingPathComponent("page-notes.svg"))
    #expect(ToolRun(["render", "-", "-o", output.path], input: "X:1\nK:C\nC|\n").exitCode == .success)
    let after = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
    #expect(after == ["page-notes.svg", "page.svg"])
  }

  @Test func thumbnailNamesNeverCollideAndLongTitlesAreShortened() throws {
    let folder = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let long = String(repeating: "Very long title ", count: 30)
    let input =
      "X:1\nT:Same\nK:C\nCDEF|\n\nX:1\nT:Same\nK:C\nGABc|\n\nX:2\nT:\(long)\nK:C\nC|\n\nX:3\nT:Empty\nK:C\n"
    let run = ToolRun(["thumbs", "-", "-o", folder.path + "/{X}-{T}.png"], input: input)
    #expect(run.exitCode == .success)
    #expect(run.errors.contains("X:3 has nothing to draw"))
    let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
    #expect(names.count == 3)
    #expect(names.contains("1-Same.png") && names.contains("1-Same-2.png"))
    #expect(names.allSatisfy { $0.utf8.count <= 255 && !$0.hasPrefix(".") })
    // A folder in the way: each tune is reported, the run goes on.
    let blocked = folder.appendingPathComponent("blocked")
    try Data().write(to: blocked)
    let failed = ToolRun(
      ["thumbs", "-", "-o", blocked.path + "/{X}.png"], input: "X:1\nK:C\nC|\n\nX:2\nK:C\nD|\n")
    #expect(failed.exitCode == .inputErrors)
    #expect(failed.errors.components(separatedBy: "is a file, not a folder").count == 3)
  }

  @Test func splitWritesOneFilePerTuneNamedInInputOrder() throws {
    let folder = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let input = "X:1\nT:Reel\nK:C\nCDEF|\n\nX:1\nT:Reel\nK:C\nGABc|\n\nX:2\nT:Jig\nM:6/8\nK:G\nGAB|\n"
    let run = ToolRun(
      ["render", "-", "--split", "-o", folder.path + "/pdf/{X}-{T}.pdf", "-j", "2"], input: input)
    #expect(run.exitCode == .success, "\(run.errors)")
    #expect(run.errors.contains("3 tunes, 3 files"))
    let names = try FileManager.default.contentsOfDirectory(atPath: folder.path + "/pdf").sorted()
    #expect(names == ["1-Reel-2.pdf", "1-Reel.pdf", "2-Jig.pdf"])
    let second = try TestTools.run("pdftotext", [folder.path + "/pdf/2-Jig.pdf", "-"])
    #expect(second.contains("Jig") && !second.contains("Reel"))
    // A pattern without a placeholder would put every tune in one file: refused.
    #expect(
      ToolRun(["render", "-", "--split", "-o", folder.path + "/all.pdf"], input: input).exitCode == .usage)
  }

  @Test func cachedThumbnailsEqualFreshOnesAndFollowEdits() throws {
    let folder = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let cache = folder.appendingPathComponent("cache").path
    func book(_ second: String) -> String {
      "X:1\nT:One\nK:C\nCDEF|\n\nX:2\nT:Two\nK:G\n\(second)\n\nX:3\nT:Warned\nK:C\n-C D|\n"
    }
    func thumbs(_ input: String, into name: String, cached: Bool) -> ToolRun {
      ToolRun(
        ["thumbs", "-", "-o", folder.path + "/\(name)/{X}.png"] + (cached ? ["--cache", cache] : []),
        input: input)
    }
    func files(_ name: String) throws -> [String: Data] {
      let path = folder.appendingPathComponent(name).path
      var result: [String: Data] = [:]
      for file in try FileManager.default.contentsOfDirectory(atPath: path) {
        result[file] = try Data(contentsOf: URL(fileURLWithPath: path + "/" + file))
      }
      return result
    }
    let first = thumbs(book("GABc|"), into: "a", cached: true)
    #expect(first.exitCode == .success)
    let stored = FileManager.default.enumerator(atPath: cache)?.allObjects.compactMap { $0 as? String } ?? []
    // The warned tune is stored too, its warning beside it, and printed again at its line,
    // where it now is when the tune has moved.
    #expect(stored.filter { $0.hasSuffix(".png") }.count == 3)
    #expect(stored.filter { $0.hasSuffix(".warnings") }.count == 1)
    func warnings(_ run: ToolRun) -> [String] {
      run.errors.split(separator: "\n").map(String.init).filter { $0.contains("warning:") }
    }
    let again = thumbs(book("GABc|"), into: "b", cached: true)
    #expect(!warnings(first).isEmpty && warnings(again) == warnings(first))
    #expect(try files("a") == files("b"))
    let moved = thumbs("% a line above\n" + book("GABc|"), into: "m", cached: true)
    let shifted = warnings(first).map { $0.replacingOccurrences(of: "<stdin>:14:", with: "<stdin>:15:") }
    #expect(warnings(first).allSatisfy { $0.hasPrefix("<stdin>:14:") } && warnings(moved) == shifted)
    let afterMove =
      FileManager.default.enumerator(atPath: cache)?.allObjects.compactMap { $0 as? String } ?? []
    #expect(afterMove.filter { $0.hasSuffix(".png") }.count == 3, "the moved tunes were read from the cache")
    // An edit: the changed tune is drawn anew and equals a fresh, uncached drawing.
    _ = thumbs(book("dcBA|"), into: "c", cached: true)
    _ = thumbs(book("dcBA|"), into: "d", cached: false)
    #expect(try files("c") == files("d"))
    #expect(try files("c")["2.png"] != files("a")["2.png"])
    #expect(try files("c")["1.png"] == files("a")["1.png"])
  }

  @Test func cachedBooksEqualFreshOnesAndFollowEdits() throws {
    setenv("SOURCE_DATE_EPOCH", "1700000000", 1)
    let folder = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let cache = folder.appendingPathComponent("cache").path
    func book(_ second: String, above: String = "") -> String {
      above + "X:1\nT:One\nK:C\nCDEF|GABc|\n\nX:2\nT:Two\nK:G\n\(second)\n\nX:3\nT:Three\nK:D\nd4|]\n"
    }
    func pdf(_ input: String, _ name: String, cached: Bool) throws -> Data {
      let path = folder.path + "/" + name + ".pdf"
      let run = ToolRun(
        ["book", "-", "-o", path, "--quiet"] + (cached ? ["--cache", cache] : []), input: input)
      #expect(run.exitCode == .success, "\(run.errors)")
      return try Data(contentsOf: URL(fileURLWithPath: path))
    }
    let fresh = try pdf(book("GABc|"), "fresh", cached: false)
    #expect(try pdf(book("GABc|"), "fill", cached: true) == fresh)
    let records =
      FileManager.default.enumerator(atPath: cache)?.allObjects.compactMap { $0 as? String }
      .filter { $0.hasSuffix("layout") }.sorted() ?? []
    #expect(records.count == 3)
    // The warm run reads the records and leaves them as they are (a record is rewritten,
    // as a new file, only when it was missing or refused).
    let inodes = try records.map { try CacheHostileTests.inode(cache + "/" + $0) }
    #expect(try pdf(book("GABc|"), "warm", cached: true) == fresh)
    #expect(try records.map { try CacheHostileTests.inode(cache + "/" + $0) } == inodes)
    // Swapped, two records no longer match their names: both are refused and made anew.
    let first = cache + "/" + records[0]
    let second = cache + "/" + records[1]
    let (a, b) = (
      try Data(contentsOf: URL(fileURLWithPath: first)), try Data(contentsOf: URL(fileURLWithPath: second))
    )
    try b.write(to: URL(fileURLWithPath: first))
    try a.write(to: URL(fileURLWithPath: second))
    #expect(try pdf(book("GABc|"), "swapped", cached: true) == fresh)
    #expect(try Data(contentsOf: URL(fileURLWithPath: first)) == a)
    #expect(try Data(contentsOf: URL(fileURLWithPath: second)) == b)
    // Damaged records read as missing: the tunes are engraved again and stored anew.
    for record in records { try Data([1, 2, 3, 4, 5]).write(to: URL(fileURLWithPath: cache + "/" + record)) }
    #expect(try pdf(book("GABc|"), "damaged", cached: true) == fresh)
    #expect(try pdf(book("GABc|"), "healed", cached: true) == fresh)
    // An edit to one tune, with lines added above every tune: equal to a fresh book.
    let edited = book("dcBA|GFED|\nGABc|", above: "% a comment\n%\n\n")
    #expect(try pdf(edited, "edited", cached: true) == pdf(edited, "edited-fresh", cached: false))
  }

  /// A book's cached tunes print their warnings again, read from the `.warnings` record the
  /// layout record says they have; a tune without warnings has none to read.
  @Test func cachedBooksPrintTheirTunesWarningsAgain() throws {
    let folder = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let cache = folder.appendingPathComponent("cache").path
    let input = "X:1\nT:Clean\nK:C\nCDEF|\n\nX:2\nT:Warned\nK:C\n-C D|-E|\n\nX:3\nT:Clean too\nK:D\nd4|]\n"
    func warnings(_ name: String) -> [String] {
      let run = ToolRun(["book", "-", "-o", folder.path + "/\(name).pdf", "--cache", cache], input: input)
      #expect(run.exitCode == .success, "\(run.errors)")
      return run.errors.split(separator: "\n").map(String.init).filter { $0.contains("warning:") }
    }
    let first = warnings("first")
    #expect(first.count == 2 && first.allSatisfy { $0.hasPrefix("<stdin>:9:") })
    let stored = FileManager.default.enumerator(atPath: cache)?.allObjects.compactMap { $0 as? String } ?? []
    #expect(stored.filter { $0.hasSuffix("layout") }.count == 3)
    #expect(stored.filter { $0.hasSuffix(".warnings") }.count == 1)
    #expect(warnings("warm") == first)
  }

  @Test func cachedBookPagesAreReadBackAndHealed() throws {
    setenv("SOURCE_DATE_EPOCH", "1700000000", 1)
    let folder = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let cache = folder.appendingPathComponent("cache").path
    let input = (1...6).map {
      "X:\($0)\nT:Tune \($0)\nK:C\n" + String(repeating: "CDEF GABc|", count: 12) + "\n"
    }
    .joined(separator: "\n")
    func pdf(_ name: String, cached: Bool) throws -> Data {
      let path = folder.path + "/" + name + ".pdf"
      let run = ToolRun(
        ["book", "-", "-o", path, "--quiet"] + (cached ? ["--cache", cache] : []), input: input)
      #expect(run.exitCode == .success, "\(run.errors)")
      return try Data(contentsOf: URL(fileURLWithPath: path))
    }
    func pageRecords() -> [String] {
      (FileManager.default.enumerator(atPath: cache)?.allObjects.compactMap { $0 as? String } ?? [])
        .filter { $0.hasSuffix(".pdfpage") }.sorted().map { cache + "/" + $0 }
    }
    let fresh = try pdf("fresh", cached: false)
    #expect(try pdf("fill", cached: true) == fresh)
    let records = pageRecords()
    #expect(records.count >= 3)  // title page, contents, body pages, index (blank ones alike)
    // A warm run takes its pages from the records, which stay as they are.
    let inodes = try records.map(CacheHostileTests.inode)
    #expect(try pdf("warm", cached: true) == fresh)
    #expect(try records.map(CacheHostileTests.inode) == inodes)
    // One page's record copied to every place matches no other name: each is refused and
    // the page drawn again.
    let one = try Data(contentsOf: URL(fileURLWithPath: records[0]))
    for record in records.dropFirst() { try one.write(to: URL(fileURLWithPath: record)) }
    #expect(try pdf("one-page", cached: true) == fresh)
    #expect(try records.dropFirst().allSatisfy { try Data(contentsOf: URL(fileURLWithPath: $0)) != one })
    // Damaged records read as missing: the pages are drawn again and stored anew.
    for record in records { try Data([9, 9, 9]).write(to: URL(fileURLWithPath: record)) }
    #expect(try pdf("damaged", cached: true) == fresh)
    #expect(pageRecords().count == records.count)
    #expect(try pdf("healed", cached: true) == fresh)
  }
}
