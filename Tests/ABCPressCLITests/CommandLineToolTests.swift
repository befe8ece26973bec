import ABCPressTestSupport
import Foundation
import ScoreModel
import Testing

@testable import ABCPressCLI

/// Runs the tool in-process against captured output, in a fresh temporary folder.
struct ToolRun {
  let exitCode: ExitCode
  let output: String
  /// The output as bytes (a PDF or PNG streamed to standard output).
  let outputBytes: [UInt8]
  let errors: String

  init(_ arguments: [String], input: String = "") {
    let console = Console.captured(input: input)
    exitCode = CommandLineTool.run(arguments: arguments, console: console)
    output = console.output
    outputBytes = console.outputBytes
    errors = console.errors
  }
}

func temporaryDirectory() throws -> URL {
  let url = FileManager.default.temporaryDirectory.appendingPathComponent("abcpress-cli-\(UUID().uuidString)")
  try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  return url
}

let simpleTune = "X:1\nT:Simple\nM:4/4\nL:1/8\nK:G\nGABc dedB|dedB dedB|\n"

@Suite struct CommandLineToolTests {
  @Test func versionAndHelp() {
    let version = ToolRun(["--version"])
    #expect(version.exitCode == .success)
    #expect(version.output == "abcpress \(CommandLineTool.version)\n")
    let help = ToolRun(["--help"])
    #expect(help.output.contains("render") && help.output.contains("EXIT CODES"))
    for subcommand in ["render", "dump", "check"] {
      let run = ToolRun([subcommand, "--help"])
      #expect(run.exitCode == .success)
      #expect(run.output.hasPrefix("USAGE: abcpress \(subcommand)"))
    }
  }

  @Test func usageErrorsExitWithTwo() {
    #expect(ToolRun([]).exitCode == .usage)
    let unknown = ToolRun(["engrave"])
    #expect(unknown.exitCode == .usage)
    #expect(unknown.errors.contains("unknown subcommand 'engrave'"))
    let noOutput = ToolRun(["render", "a.abc"])
    #expect(noOutput.exitCode == .usage)
    #expect(noOutput.errors.contains("needs an output file"))
    let badFormat = ToolRun(["render", "a.abc", "-o", "a.docx"])
    #expect(badFormat.exitCode == .usage)
    #expect(badFormat.errors.contains("use .pdf, .png or .svg"))
    #expect(ToolRun(["render", "a.abc", "-o", "a.pdf", "--dpi", "lots"]).exitCode == .usage)
    #expect(ToolRun(["render", "a.abc", "-o", "a.pdf", "--page-size", "a9"]).exitCode == .usage)
    let incipitBook = ToolRun(["book", "a.abc", "-o", "a.pdf", "--template", "incipit"])
    #expect(incipitBook.exitCode == .usage && incipitBook.errors.contains("it makes no book"))
  }

  @Test func nearMissesAreNamedAndUsageErrorsAreOneLine() {
    let subcommand = ToolRun(["rendr", "a.abc"])
    #expect(subcommand.exitCode == .usage)
    #expect(
      subcommand.errors.hasPrefix("abcpress: error: unknown subcommand 'rendr'; did you mean 'render'?\n"))
    #expect(ToolRun(["tumbs"]).errors.contains("did you mean 'thumbs'?"))
    #expect(!ToolRun(["xylophone"]).errors.contains("did you mean"))  // nothing close
    let option = ToolRun(["render", "a.abc", "-o", "a.pdf", "--tempalte", "a4-book"])
    #expect(option.exitCode == .usage)
    #expect(option.errors.contains("unknown option '--tempalte'; did you mean '--template'?"))
    #expect(ToolRun(["book", "a.abc", "-o", "a.pdf", "--no-contens"]).errors.contains("'--no-contents'"))
    // One line and where to look, never the whole usage block.
    let lines = option.errors.split(separator: "\n")
    #expect(lines.count == 2)
    #expect(lines.last == "Run 'abcpress help render' for usage.")
    #expect(!option.errors.contains("OPTIONS:"))
  }

  @Test func diagnosticsQuoteTheirLineWithACaret() throws {
    let folder = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("bad.abc")
    try Data("X:1\nT:Bad\nK:C\n\tG2 zz3 k|\nCDEF|-C|\n".utf8).write(to: file)
    let checked = ToolRun(["check", file.path])
    let lines = checked.output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    // Sorted by position; each followed by its line (a tab shown as a space) and a caret.
    #expect(lines.count >= 6)
    #expect(
      lines[0] == "\(file.path):4:9: warning: undefined symbol 'k' (define it with U:k = !name!); skipped")
    #expect(lines[1] == " 4 |  G2 zz3 k|")
    #expect(lines[2] == "   |         ^")
    #expect(lines[3].hasPrefix("\(file.path):5:6: warning: tie"))
    #expect(lines[4] == " 5 | CDEF|-C|" && lines[5] == "   |      ^")
    // The same from standard input, and on standard error for render.
    let piped = ToolRun(["check", "-"], input: "X:1\nT:Bad\nK:C\nCDEF|-C|\n")
    #expect(
      piped.output.contains("<stdin>:4:6: warning: tie")
        && piped.output.contains(" 4 | CDEF|-C|\n   |      ^"))
    let rendered = ToolRun(["render", file.path, "-o", folder.path + "/bad.pdf", "-q"])
    #expect(rendered.errors.contains(" 5 | CDEF|-C|\n   |      ^"))
    // A binary file refused as not ABC is not quoted.
    let image = folder.appendingPathComponent("picture.abc")
    try Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13]).write(to: image)
    let refused = ToolRun(["check", image.path])
    #expect(refused.output.contains("not ABC") && !refused.output.contains(" 1 | "))
    // --no-excerpt: the messages alone.
    let plain = ToolRun(["check", file.path, "--no-excerpt"])
    #expect(plain.output.split(separator: "\n").count == 2)
  }

  @Test func anAbcm2psFormatFileSetsTheHouseStyle() throws {
    let folder = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let format = folder.appendingPathComponent("house.fmt")
    try Data(
      "% house style\npagewidth 15cm\n%%pageheight 20cm\nbeginps\n/pagewidth 1 def\nendps\nfrobnicate 3\n"
        .utf8
    ).write(to: format)
    let pdf = folder.appendingPathComponent("t.pdf").path
    let run = ToolRun(["render", "-", "-F", format.path, "-o", pdf, "-q"], input: simpleTune)
    #expect(run.exitCode == .success)
    let info = try TestTools.run("pdfinfo", [pdf])
    #expect(info.contains("425.197 x 566.929 pts"))  // 15 × 20 cm; the PostScript is passed over
    #expect(run.errors.contains("\(format.path):7:1: warning: unknown directive %%frobnicate (ignored)"))
    #expect(
      ToolRun(["render", "-", "-F", folder.path + "/none.fmt", "-o", pdf], input: simpleTune).exitCode
        == .usage)
  }

  @Test func aTextFontNotInstalledIsNamedWithTheFontUsedInstead() throws {
    let folder = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let style = folder.appendingPathComponent("typo.abcstyle")
    try Data("[text]\nfont: Tex Gyre Scholla 10\n".utf8).write(to: style)
    let run = ToolRun(
      ["render", "-", "-o", folder.path + "/out.pdf", "--template", style.path, "--no-excerpt"],
      input: simpleTune)
    #expect(run.exitCode == .success)
    #expect(
      run.errors.contains(
        "typo.abcstyle:1:1: warning: font 'Tex Gyre Scholla' is not installed; its text is set in '"))
    // The default template's fonts are installed (by scripts/bootstrap): no such warning.
    let plain = ToolRun(["render", "-", "-o", folder.path + "/plain.pdf"], input: simpleTune)
    #expect(!plain.errors.contains("is not installed"), "\(plain.errors)")
  }

  @Test func checkComparesBarsWithTheMeterUnlessAsked() throws {
    let tune = "X:1\nT:Bars\nM:3/4\nL:1/8\nK:G\nd2 | g2 f2 e2 | d4 | B2 c2 d2 |]\n"
    let checked = ToolRun(["check", "-", "--no-excerpt"], input: tune)
    #expect(
      checked.output.contains(
        "<stdin>:6:20: warning: bar 3 has 2 quarters; 3/4 needs 3"))
    #expect(checked.exitCode == .success)  // warnings only
    #expect(!ToolRun(["check", "-", "--no-bar-check"], input: tune).output.contains("bar 3"))
    // render and book report what check reports, and take the same flag.
    let folder = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    for command in ["render", "book"] {
      let run = ToolRun([command, "-", "-o", folder.path + "/out.pdf", "--no-excerpt"], input: tune)
      #expect(run.errors.contains("<stdin>:6:20: warning: bar 3 has 2 quarters; 3/4 needs 3"), "\(command)")
      let quiet = ToolRun([command, "-", "-o", folder.path + "/quiet.pdf", "--no-bar-check"], input: tune)
      #expect(quiet.exitCode == .success && !quiet.errors.contains("bar 3"), "\(command)")
    }
  }

  @Test func formatFilesAreReadFromTheAbcFileToo() throws {
    let folder = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    try Data("pagewidth 15cm\nfrobnicate 2\n".utf8).write(to: folder.appendingPathComponent("house.fmt"))
    let abc = folder.appendingPathComponent("book.abc")
    try Data(
      "%%format house.fmt\n\nX:1\nT:A\nK:C\nCDEF|\n\nX:2\nT:B\n%%format ../../etc/passwd\nK:C\nCDEF|\n".utf8
    )
    .write(to: abc)
    let pdf = folder.appendingPathComponent("book.pdf").path
    let run = ToolRun(["render", abc.path, "-o", pdf, "-q", "--no-excerpt"])
    #expect(try TestTools.run("pdfinfo", [pdf]).contains("425.197 x 841.89 pts"))  // the file's page width
    // Its problems at the %%format line; a file outside the input's folder is refused there.
    #expect(run.errors.contains("\(abc.path):1:1: warning: unknown directive %%frobnicate (ignored)"))
    #expect(run.errors.contains("\(abc.path):10:1: warning: cannot read the format file '../../etc/passwd'"))
  }

  @Test func helpNamesASubcommand() {
    for subcommand in ["render", "book", "thumbs", "watch", "check", "midi", "musicxml", "abc", "dump"] {
      let run = ToolRun(["help", subcommand])
      #expect(run.exitCode == .success)
      #expect(run.output.hasPrefix("USAGE: abcpress \(subcommand)"))
      #expect(run.output == ToolRun([subcommand, "--help"]).output)
    }
    #expect(ToolRun(["help", "templates"]).output == ToolRun(["templates", "--help"]).output)
    #expect(ToolRun(["help"]).output == ToolRun(["--help"]).output)
    let unknown = ToolRun(["help", "bok"])
    #expect(unknown.exitCode == .usage)
    #expect(unknown.errors.contains("no help for 'bok'; did you mean 'book'?"))
  }

  @Test func editDistanceCountsSwapsAsOneEdit() {
    #expect(Suggestion.distance(Array("render"), Array("redner")) == 1)
    #expect(Suggestion.distance(Array("book"), Array("bok")) == 1)
    #expect(Suggestion.distance(Array(""), Array("abc")) == 3)
    #expect(Suggestion.distance(Array("kitten"), Array("sitting")) == 3)
    #expect(Suggestion.closest(to: "--Template", among: ["--template", "--theme"]) == "--template")
    #expect(Suggestion.closest(to: "midi", among: ["midi", "mid"]) == nil)  // exact: no hint
  }

  @Test func unreadableInputIsAnErrorAtItsFile() throws {
    let folder = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let output = folder.appendingPathComponent("x.pdf").path
    let run = ToolRun(["render", "/no/such/file.abc", "-o", output])
    #expect(run.exitCode == .inputErrors)
    #expect(run.errors.contains("/no/such/file.abc:1:1: error: cannot read file"))
    #expect(!FileManager.default.fileExists(atPath: output), "no output when nothing could be engraved")
  }

  @Test func checkReportsDiagnosticsWithPositions() throws {
    let folder = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("bad.abc")
    try "X:1\nT:Bad\nK:C\nC D E F|\nC D ? F|\n".write(to: file, atomically: true, encoding: .utf8)
    let run = ToolRun(["check", file.path])
    #expect(run.output.contains("\(file.path):5:5: "))
    let json = ToolRun(["check", "--format", "json", file.path])
    #expect(json.output.contains("\"line\": 5, \"column\": 5"))
    let good = folder.appendingPathComponent("good.abc")
    try simpleTune.write(to: good, atomically: true, encoding: .utf8)
    let clean = ToolRun(["check", good.path])
    #expect(clean.exitCode == .success)
    #expect(clean.output.isEmpty)
  }

  @Test func notationThatIsNotDrawnIsReportedByCheckAndRender() throws {
    let folder = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("gmark.abc")
    try "X:1\nT:Cross\nL:1/8\nK:C\nC!gmark!c C!gmark!c|\n".write(
      to: file, atomically: true, encoding: .utf8)
    let expected = "\(file.path):5:2: warning: '!gmark!' is not drawn yet (1 more in this tune)"
    let check = ToolRun(["check", file.path])
    #expect(check.output.contains(expected))
    #expect(check.exitCode == .success, "a warning is not an error")
    let render = ToolRun(["render", file.path, "-o", folder.appendingPathComponent("t.pdf").path])
    #expect(render.errors.contains(expected))
    #expect(render.exitCode == .success)
  }

  @Test func checkReportsTheTunesFormatDirectivesAsRenderDoes() throws {
    let folder = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("scale.abc")
    try "X:1\nT:Scale\nL:1/8\nK:C\nCDEF|\n%%staffnonote 1\nGABc|\n".write(
      to: file, atomically: true, encoding: .utf8)
    let expected = "\(file.path):6:1: warning: unknown directive %%staffnonote (ignored)"
    #expect(ToolRun(["check", file.path]).output.contains(expected))
    #expect(
      ToolRun(["render", file.path, "-o", folder.appendingPathComponent("s.pdf").path]).errors.contains(
        expected))
  }

  @Test func renderWritesAPDFFromStandardInput() throws {
    let folder = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let output = folder.appendingPathComponent("tune.pdf")
    let run = ToolRun(["render", "-", "-o", output.path], input: simpleTune)
    #expect(run.exitCode == .success, "\(run.errors)")
    let data = try Data(contentsOf: output)
    #expect(data.starts(with: Data("%PDF-".utf8)))
  }

  @Test func dumpPrintsTheDisplayListAsJSON() throws {
    let run = ToolRun(["dump", "--display-list", "--format", "json", "-"], input: simpleTune)
    #expect(run.exitCode == .success, "\(run.errors)")
    let object = try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any]
    let pages = object?["pages"] as? [[String: Any]]
    #expect(pages?.count == 1)
    let items = pages?.first?["items"] as? [[String: Any]] ?? []
    let roles = Set(items.compactMap { $0["role"] as? String })
    #expect(
      roles.isSuperset(of: [
        "staffLine", "clef", "keySignature", "timeSignature", "notehead", "beam", "title",
      ]))
    let heads = items.filter { $0["role"] as? String == "notehead" }
    #expect(heads.count == 16)
    #expect(heads.allSatisfy { ($0["box"] as? [Double])?.count == 4 && $0["source"] != nil })
    let text = ToolRun(["dump", "--display-list", "-"], input: simpleTune)
    #expect(text.output.hasPrefix("page 1 595.28x841.89"))
    // The dump is the engraving `render` paints: a tune's own directives apply.
    let fourLines = ToolRun(
      ["dump", "--display-list", "-"], input: "X:1\nT:t\n%%barsperstaff 1\nL:1/4\nK:C\nCDEF|GABc|CDEF|GABc|\n"
    )
    #expect(fourLines.output.components(separatedBy: "clef glyph").count - 1 == 4)
  }

  @Test func severalVoicesAreEngravedWithoutWarning() throws {
    let folder = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let output = folder.appendingPathComponent("two.pdf")
    let run = ToolRun(
      ["render", "-", "-o", output.path, "--quiet"], input: "X:3\nT:Two\nK:C\nV:1\nCDEF|\nV:2\nC,D,E,F,|\n")
    #expect(run.exitCode == .success)
    #expect(!run.errors.contains("warning"), "\(run.errors)")
    #expect(FileManager.default.fileExists(atPath: output.path))
  }
}
