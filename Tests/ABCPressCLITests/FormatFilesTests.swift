import Foundation
import Testing

/// `%%format FILE` costs the file's size once per run: a file the header names, or every
/// tune names, is read once, and all the format files of a run share one byte budget.
/// Runs the real executable (the files kept and the budget are the process's).
@Suite struct FormatFilesTests {
  @Test func formatFilesAreReadOncePerRunWithinOneBudget() throws {
    let executable: URL = try #require(ExecutableTests.executable, "abcpress must be built beside the tests")
    let folder = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    // Five files of 3.5 MB (mostly long comment lines, cheap to read in a debug build):
    // four fit the run's 16 MB, the fifth does not.
    let lines =
      String(repeating: "% " + String(repeating: "x", count: 99_998) + "\n", count: 35) + "scale 0.9\n"
    for index in 0..<5 {
      try Data(("% style \(index)\n" + lines).utf8).write(to: folder.appendingPathComponent("f\(index).fmt"))
    }
    // 200 tunes that each name the first file again: kept, not read again, so within budget.
    let header = (0..<5).map { "%%format f\($0).fmt\n" }.joined()
    let tunes = (1...200).map { "X:\($0)\nT:Tune \($0)\n%%format f0.fmt\nK:C\nCDEF|\n" }.joined(
      separator: "\n")
    let book = folder.appendingPathComponent("book.abc")
    try Data((header + "\n" + tunes).utf8).write(to: book)
    let process = Process()
    process.executableURL = executable
    process.arguments = ["check", book.path]
    let errors = Pipe()
    process.standardError = errors
    process.standardOutput = errors
    try process.run()
    let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    let refused = text.components(separatedBy: "\n").filter { $0.contains("cannot read the format file") }
    #expect(refused.count == 1, "\(refused)")
    #expect(refused.first?.contains("book.abc:5:1: warning: cannot read the format file 'f4.fmt'") == true)
    #expect(refused.first?.contains("the format files of this run would read more than 16 MB") == true)
    #expect(text.contains("200 tunes"))
  }
}
