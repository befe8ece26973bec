import Foundation
import Render
import Testing

@testable import ABCPressCLI

/// Temporary files a killed run left are removed by the next run that writes beside them.
@Suite struct LeftoverTests {
  @Test func aLaterRunRemovesTheTemporaryFilesOfDeadProcesses() throws {
    let folder = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    // A process that has ended, and one that is running.
    let ended = Process()
    ended.executableURL = URL(fileURLWithPath: "/bin/true")
    try ended.run()
    ended.waitUntilExit()
    let running = Process()
    running.executableURL = URL(fileURLWithPath: "/bin/sleep")
    running.arguments = ["30"]
    try running.run()
    defer { running.terminate() }
    func plant(_ name: String, age: Double) throws -> String {
      let path = folder.appendingPathComponent(name).path
      #expect(FileManager.default.createFile(atPath: path, contents: Data("half".utf8)))
      let then = Date().addingTimeInterval(-age)
      try FileManager.default.setAttributes([.modificationDate: then], ofItemAtPath: path)
      return path
    }
    let dead = try plant(".out.pdf.abcpress-\(ended.processIdentifier)-1f2e.tmp", age: 600)
    let deadThumb = try plant(".abcpress-\(ended.processIdentifier)-77.png", age: 600)
    let alive = try plant(".out.pdf.abcpress-\(running.processIdentifier)-3c.tmp", age: 600)
    let young = try plant(".out.pdf.abcpress-\(ended.processIdentifier)-9a.tmp", age: 0)
    let other = try plant(".notes.txt", age: 600)
    let run = ToolRun(
      ["render", "-", "-o", folder.appendingPathComponent("out.pdf").path, "--quiet"], input: simpleTune)
    #expect(run.exitCode == .success)
    #expect(!FileManager.default.fileExists(atPath: dead))
    #expect(!FileManager.default.fileExists(atPath: deadThumb))
    #expect(FileManager.default.fileExists(atPath: alive))
    #expect(FileManager.default.fileExists(atPath: young))
    #expect(FileManager.default.fileExists(atPath: other))
  }

  @Test func temporaryNamesNameTheirOutput() {
    let path = TemporaryFiles.path(beside: URL(fileURLWithPath: "/tmp/book.pdf")).path
    #expect(TemporaryFiles.destination(of: path) == "/tmp/book.pdf")
    #expect(TemporaryFiles.processID(inTemporaryName: (path as NSString).lastPathComponent) == getpid())
  }
}

/// `SOURCE_DATE_EPOCH`: with it, runs are byte for byte the same; a value that is no date is
/// an error, not a PDF with an invalid date.
@Suite struct SourceDateTests {
  func render(_ epoch: String?, to output: URL) throws -> (status: Int32, errors: String) {
    let executable: URL = try #require(ExecutableTests.executable, "abcpress must be built beside the tests")
    let input = output.deletingPathExtension().appendingPathExtension("abc")
    try Data(simpleTune.utf8).write(to: input)
    let process = Process()
    process.executableURL = executable
    process.arguments = ["book", input.path, "-o", output.path, "--quiet"]
    var environment = ProcessInfo.processInfo.environment
    environment["SOURCE_DATE_EPOCH"] = epoch
    process.environment = environment
    let errors = Pipe()
    process.standardError = errors
    try process.run()
    let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    return (process.terminationStatus, text)
  }

  @Test func invalidDatesAreRefusedAndValidOnesReproduce() throws {
    let folder = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    for bad in ["-99999999999", "1e9", "soon", "", "253402300800", "99999999999999999999"] {
      let output = folder.appendingPathComponent("bad.pdf")
      let run = try render(bad, to: output)
      #expect(run.status == 2, "\(bad)")
      #expect(
        run.errors.contains("SOURCE_DATE_EPOCH is '\(bad)': it must be a whole number of seconds"),
        "\(run.errors)")
      #expect(!FileManager.default.fileExists(atPath: output.path))
    }
    let first = folder.appendingPathComponent("first.pdf")
    let second = folder.appendingPathComponent("second.pdf")
    #expect(try render("1700000000", to: first).status == 0)
    #expect(try render("1700000000", to: second).status == 0)
    let bytes = try Data(contentsOf: first)
    #expect(bytes == (try Data(contentsOf: second)))
    #expect(String(decoding: bytes, as: UTF8.self).contains("/CreationDate (D:20231114221320Z)"))
  }
}
