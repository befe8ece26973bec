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
