import ABCPressTestSupport
import Foundation
import Testing

/// `make install` as a new user meets it: scripts/install into a temporary prefix, then the
/// installed program run from another folder finds its fonts, has a manual page and
/// completions, and `--uninstall` takes it all away again.
@Suite struct InstallTests {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  func shell(_ command: String, in folder: URL, environment: [String: String] = [:]) throws -> (Int32, String)
  {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/bash")
    process.arguments = ["-c", command]
    process.currentDirectoryURL = folder
    var base = ProcessInfo.processInfo.environment
    base["ABCPRESS_FONTS"] = nil
    process.environment = base.merging(environment) { $1 }
    let output = Pipe()
    process.standardOutput = output
    process.standardError = output
    try process.run()
    let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    return (process.terminationStatus, text)
  }

  @Test func installsRunsFromAnywhereAndUninstalls() throws {
    let executable: URL = try #require(ExecutableTests.executable, "abcpress must be built beside the tests")
    let folder = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let prefix = folder.appendingPathComponent("prefix").path
    let stage = folder.appendingPathComponent("stage").path
    let script = Self.root.appendingPathComponent("scripts/install").path
    // A packager's staged install: everything under DESTDIR + PREFIX.
    let (status, log) = try shell(
      "'\(script)' --prefix '\(prefix)' --destdir '\(stage)' --binary '\(executable.path)'", in: folder)
    #expect(status == 0, "\(log)")
    let base = stage + prefix
    for file in [
      "bin/abcpress", "share/abcpress/fonts/Bravura.woff2", "share/abcpress/fonts/Bravura.ttf",
      "share/abcpress/fonts/Bravura.json",
      "share/abcpress/templates/a4-book.abcstyle", "share/abcpress/themes/classic.abcstyle",
      "share/man/man1/abcpress.1", "share/bash-completion/completions/abcpress",
      "share/zsh/site-functions/_abcpress", "share/fish/vendor_completions.d/abcpress.fish",
      "share/doc/abcpress/README.md", "share/doc/abcpress/Documentation/templates.md",
    ] {
      #expect(FileManager.default.fileExists(atPath: base + "/" + file), "\(file) not installed")
    }
    // The installed program, run from an unrelated folder, finds its own fonts.
    let work = folder.appendingPathComponent("work")
    try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
    try Data("X:1\nT:Installed\nK:G\nGABc dedB|\n".utf8).write(to: work.appendingPathComponent("t.abc"))
    let (rendered, output) = try shell("'\(base)/bin/abcpress' render t.abc -o t.pdf", in: work)
    #expect(rendered == 0, "\(output)")
    #expect(
      try TestTools.run("pdftotext", [work.appendingPathComponent("t.pdf").path, "-"]).contains("Installed"))
    // The manual page has a section per subcommand; completions name the subcommands.
    let manual = try String(contentsOfFile: base + "/share/man/man1/abcpress.1", encoding: .utf8)
    #expect(manual.hasPrefix(".TH ABCPRESS 1"))
    for section in [
      ".SH RENDER", ".SH BOOK", ".SH THUMBS", ".SH COMPLETIONS", ".SH EXAMPLES", ".SH SEE ALSO",
    ] {
      #expect(manual.contains(section))
    }
    #expect(manual.contains("abcpress render reels.abc -o reels.pdf"))
    let (completed, words) = try shell(
      "source '\(base)/share/bash-completion/completions/abcpress'; COMP_WORDS=(abcpress bo); COMP_CWORD=1;"
        + " _abcpress; echo \"${COMPREPLY[@]}\"", in: work)
    #expect(completed == 0 && words.trimmingCharacters(in: .whitespacesAndNewlines) == "book")
    // A copy with no fonts anywhere says where it looked.
    // (Copied by cp in the shell: a copy written by this process could be held open for
    // writing by a child another test spawns meanwhile, and then fail to run: ETXTBSY.)
    let (failed, message) = try shell(
      "cp '\(base)/bin/abcpress' lonely && ./lonely render t.abc -o u.pdf", in: work)
    #expect(failed != 0)
    #expect(
      message.contains("--fonts") && message.contains("ABCPRESS_FONTS")
        && message.contains("share/abcpress/fonts"))
    // Uninstalling removes every installed file.
    let (removed, removeLog) = try shell(
      "'\(script)' --uninstall --prefix '\(prefix)' --destdir '\(stage)'", in: folder)
    #expect(removed == 0, "\(removeLog)")
    let left = FileManager.default.enumerator(atPath: base)?.allObjects.compactMap { $0 as? String }
      .filter { !$0.hasSuffix("/") && FileManager.default.fileExists(atPath: base + "/" + $0) }
      .filter { path in
        var isFolder: ObjCBool = false
        FileManager.default.fileExists(atPath: base + "/" + path, isDirectory: &isFolder)
        return !isFolder.boolValue
      }
    #expect(left == [])
  }
}
