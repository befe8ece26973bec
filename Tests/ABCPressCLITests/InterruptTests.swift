import ABCPressTestSupport
import Foundation
import Testing

@testable import ABCPressCLI

/// An interrupted run (SIGINT, SIGTERM) leaves no temporary file and the old output intact,
/// and exits with 128 + the signal, as shells expect. Runs the real executable.
@Suite struct InterruptTests {
  /// Starts `abcpress` with `arguments`, sends `signal` after `delay` seconds, and returns
  /// its exit status (and what it printed on standard error, in `printed`).
  func interrupted(
    _ arguments: [String], signal: Int32, after delay: Double, printed: UnsafeMutablePointer<String>? = nil
  )
    throws -> Int32
  {
    let executable: URL = try #require(ExecutableTests.executable, "abcpress must be built beside the tests")
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments + ["--quiet"]
    var environment = ProcessInfo.processInfo.environment
    environment["SWIFT_BACKTRACE"] = "enable=no"
    process.environment = environment
    let errors = Pipe()
    process.standardError = errors
    process.standardOutput = FileHandle.nullDevice
    try process.run()
    Thread.sleep(forTimeInterval: delay)
    kill(process.processIdentifier, signal)
    let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    printed?.pointee = text
    return process.terminationStatus
  }

  /// A book long enough that no run finishes in a few seconds.
  static func longBook(in folder: URL) throws -> URL {
    let url = folder.appendingPathComponent("long.abc")
    let tune = "K:D\n" + String(repeating: "|: dfaf gfed | cBAG FGAB :|\n", count: 12)
    let text = (1...4000).map { "X:\($0)\nT:Tune \($0)\nM:4/4\nL:1/8\n" + tune }.joined(separator: "\n")
    try Data(text.utf8).write(to: url)
    return url
  }

  @Test func aStoppedRenderKeepsTheOldFileAndLeavesNoTemporaries() throws {
    let folder = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let book = try Self.longBook(in: folder)
    let output = folder.appendingPathComponent("book.pdf")
    try Data("the old book".utf8).write(to: output)
    let status = try interrupted(["render", book.path, "-o", output.path], signal: SIGINT, after: 1.5)
    #expect(status == 130)
    #expect(try String(contentsOf: output, encoding: .utf8) == "the old book")
    let left = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
    #expect(left == ["book.pdf", "long.abc"])
  }

  @Test func aStoppedThumbnailRunLeavesOnlyFinishedImages() throws {
    let folder = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let book = try Self.longBook(in: folder)
    let thumbs = folder.appendingPathComponent("thumbs")
    var printed = ""
    let status = try interrupted(
      ["thumbs", book.path, "-o", thumbs.path + "/{X}.png"], signal: SIGTERM, after: 2, printed: &printed)
    #expect(status == 143)
    // The thumbnails in flight fail because their temporary files went: not errors to print.
    #expect(!printed.contains("error"), "\(printed)")
    let names = (try? FileManager.default.contentsOfDirectory(atPath: thumbs.path)) ?? []
    #expect(names.allSatisfy { !$0.hasPrefix(".") && $0.hasSuffix(".png") })
    #expect(names.count < 4000)
  }

  @Test func watchRendersAgainOnEachSave() throws {
    let executable: URL = try #require(ExecutableTests.executable, "abcpress must be built beside the tests")
    let folder = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let input = folder.appendingPathComponent("song.abc")
    let output = folder.appendingPathComponent("song.pdf")
    try Data("X:1\nT:First Draft\nK:C\nCDEF|\n".utf8).write(to: input)
    let process = Process()
    process.executableURL = executable
    process.arguments = ["watch", input.path, "-o", output.path]
    // Watch keeps a layout cache in the user's cache folder: here, one of the test's.
    let cache = folder.appendingPathComponent("xdg")
    process.environment = ProcessInfo.processInfo.environment.merging(["XDG_CACHE_HOME": cache.path]) { $1 }
    process.standardError = FileHandle.nullDevice
    process.standardOutput = FileHandle.nullDevice
    try process.run()
    defer {
      kill(process.processIdentifier, SIGINT)
      process.waitUntilExit()
    }
    func waitFor(_ text: String) -> Bool {
      for _ in 0..<100 {
        if FileManager.default.fileExists(atPath: output.path),
          (try? TestTools.run("pdftotext", [output.path, "-"]))?.contains(text) == true
        {
          return true
        }
        Thread.sleep(forTimeInterval: 0.1)
      }
      return false
    }
    #expect(waitFor("First Draft"))
    // Saved as editors save: a new file renamed over the old one.
    let saved = folder.appendingPathComponent(".song.abc.swp")
    try Data("X:1\nT:Second Draft\nK:C\nGABc|\n".utf8).write(to: saved)
    #expect(rename(saved.path, input.path) == 0)
    #expect(waitFor("Second Draft"))
    // Written in place.
    try Data("X:1\nT:Third Draft\nK:C\ncBAG|\n".utf8).write(to: input)
    #expect(waitFor("Third Draft"))
    let records = FileManager.default.enumerator(atPath: cache.path + "/abcpress")?.allObjects
      .compactMap { $0 as? String }.filter { $0.hasSuffix("layout") }
    #expect(records?.count == 3)  // each draft laid out once and kept
  }
}

/// The exit codes `abcpress --help` documents, one case each.
@Suite struct ExitCodeTests {
  @Test func eachDocumentedCodeHasItsCase() throws {
    let folder = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let pdf = folder.appendingPathComponent("out.pdf").path
    let good = "X:1\nT:Good\nK:C\nCDEF|\n"
    // 0: success.
    #expect(ToolRun(["render", "-", "-o", pdf, "-q"], input: good).exitCode == .success)
    #expect(ExitCode.success.rawValue == 0)
    // 1: the input had errors; what could be engraved was still written.
    let bad = ToolRun(["render", "-", "-o", pdf, "-q"], input: good + "\nX:2\nT:Bad\nM:7/0\nK:C\nCD|\n")
    #expect(bad.exitCode == .inputErrors && ExitCode.inputErrors.rawValue == 1)
    #expect(FileManager.default.fileExists(atPath: pdf))
    // 2: a usage error, one message and the help.
    let usage = ToolRun(["render", "-", "--dpi", "huge", "-o", pdf], input: good)
    #expect(usage.exitCode == .usage && ExitCode.usage.rawValue == 2)
    // 3: the output could not be produced.
    let blocked = folder.appendingPathComponent("file").path
    try Data().write(to: URL(fileURLWithPath: blocked))
    let output = ToolRun(["render", "-", "-o", blocked + "/out.pdf", "-q"], input: good)
    #expect(output.exitCode == .failure && ExitCode.failure.rawValue == 3)
    #expect(output.errors.contains("is a file, not a folder"))
    #expect(CommandLineTool.help.contains("EXIT CODES"))
  }
}
