import ABCPressTestSupport
import Foundation
import Testing

@testable import ABCPressCLI

/// `abcpress musicxml` and `abcpress abc`, and MusicXML read by the other subcommands, run
/// as a user runs them.
@Suite struct MusicXMLCommandTests {
  static let tunes = """
    X:1
    T:First
    M:3/4
    L:1/8
    K:G
    |: "G"B2 AG FG | "D7"A4 D2 :|

    X:2
    T:Second
    M:2/4
    L:1/8
    K:Dm
    (3ABA d2 | ^c2 d2 |]
    """

  @Test func exportsOneTuneAFolderAndCompressedFiles() throws {
    let folder = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let book = folder.appendingPathComponent("book.abc")
    try Data(Self.tunes.utf8).write(to: book)
    // Two tunes into one file: refused with the way out.
    let single = folder.appendingPathComponent("one.musicxml")
    let refused = ToolRun(["musicxml", book.path, "-o", single.path])
    #expect(refused.exitCode == .usage)
    #expect(refused.errors.contains("--tune X"))
    #expect(ToolRun(["musicxml", book.path, "--tune", "2", "-o", single.path]).exitCode == .success)
    let text = try String(contentsOf: single, encoding: .utf8)
    #expect(text.contains("<score-partwise version=\"4.0\">"))
    #expect(text.contains("<work-title>Second</work-title>"))
    // A folder: <X>.musicxml, or .mxl with --compressed.
    let out = folder.appendingPathComponent("out")
    #expect(ToolRun(["musicxml", book.path, "-o", out.path + "/"]).exitCode == .success)
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: out.path).sorted() == ["1.musicxml", "2.musicxml"])
    let packed = folder.appendingPathComponent("packed")
    #expect(ToolRun(["musicxml", book.path, "-o", packed.path + "/", "--compressed"]).exitCode == .success)
    let archive = try Data(contentsOf: packed.appendingPathComponent("1.mxl"))
    #expect(Array(archive.prefix(4)) == [0x50, 0x4B, 3, 4])
    // A wrong extension is a usage error.
    #expect(
      ToolRun(["musicxml", book.path, "-o", folder.appendingPathComponent("x.pdf").path]).exitCode == .usage)
  }

  @Test func musicXMLInputsRenderPlayAndBecomeABC() throws {
    let folder = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let book = folder.appendingPathComponent("book.abc")
    try Data(Self.tunes.utf8).write(to: book)
    let xml = folder.appendingPathComponent("first.musicxml")
    let mxl = folder.appendingPathComponent("second.mxl")
    #expect(ToolRun(["musicxml", book.path, "--tune", "1", "-o", xml.path]).exitCode == .success)
    #expect(ToolRun(["musicxml", book.path, "--tune", "2", "-o", mxl.path]).exitCode == .success)
    // abc: the same notes as the ABC they came from.
    let abc = ToolRun(["abc", xml.path, mxl.path])
    #expect(abc.exitCode == .success)
    #expect(abc.output.contains("T:First"))
    #expect(abc.output.contains("T:Second"))
    #expect(abc.output.contains("|:"))
    #expect(abc.output.contains("(3:2:3"))
    // `-o -` is standard output too, not a file named "-".
    let dashed = ToolRun(["abc", xml.path, "-o", "-"])
    #expect(dashed.output.contains("T:First"))
    #expect(!FileManager.default.fileExists(atPath: FileManager.default.currentDirectoryPath + "/-"))
    let original = ToolRun(["dump", "--notes", book.path]).output
    let converted = folder.appendingPathComponent("converted.abc")
    #expect(ToolRun(["abc", xml.path, mxl.path, "-o", converted.path]).exitCode == .success)
    let back = ToolRun(["dump", "--notes", converted.path]).output
    // Each MusicXML file is one tune, numbered X:1 in its own file.
    #expect(
      back.replacingOccurrences(of: "tune 1\n", with: "")
        == original.replacingOccurrences(of: "tune 2\n", with: "").replacingOccurrences(
          of: "tune 1\n", with: ""))
    // render and midi read MusicXML directly.
    let pdf = folder.appendingPathComponent("first.pdf")
    #expect(ToolRun(["render", xml.path, "-o", pdf.path]).exitCode == .success)
    #expect(try TestTools.run("pdfinfo", [pdf.path]).contains("Pages:"))
    let midi = folder.appendingPathComponent("second.mid")
    #expect(ToolRun(["midi", mxl.path, "-o", midi.path]).exitCode == .success)
    #expect(FileManager.default.fileExists(atPath: midi.path))
    // check names the MusicXML file, and finds nothing wrong.
    let check = ToolRun(["check", mxl.path])
    #expect(check.exitCode == .success)
  }
}
