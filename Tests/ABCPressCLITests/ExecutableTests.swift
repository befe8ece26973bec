import Foundation
import Testing

/// Runs the real `abcpress` binary built beside the test bundle, to check process-level
/// behaviour: exit codes, stderr, numbered page files.
@Suite struct ExecutableTests {
  static var executable: URL? {
    let directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    for candidate in [directory, directory.deletingLastPathComponent()] {
      let url = candidate.appendingPathComponent("abcpress")
      if FileManager.default.isExecutableFile(atPath: url.path) { return url }
    }
    return nil
  }

  func run(_ arguments: [String], input: String = "") throws -> (code: Int32, errors: String) {
    let executable: URL = try #require(Self.executable, "abcpress must be built beside the tests")
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    let stdin = Pipe()
    let stderr = Pipe()
    process.standardInput = stdin
    process.standardError = stderr
    process.standardOutput = FileHandle.nullDevice
    try process.run()
    stdin.fileHandleForWriting.write(Data(input.utf8))
    try stdin.fileHandleForWriting.close()
    let errors = String(decoding: stderr.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    return (process.terminationStatus, errors)
  }

  @Test func exitCodesOfTheRealProcess() throws {
    #expect(try run(["--version"]).code == 0)
    let usage = try run(["render"])
    #expect(usage.code == 2)
    #expect(usage.errors.hasPrefix("abcpress: error: "))
  }

  @Test func multiPagePNGWritesNumberedFiles() throws {
    let folder = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    var abc = "X:1\nT:Long\nM:4/4\nL:1/8\nK:D\n"
    for _ in 0..<45 { abc += "DFAd fdAF|GBdg bgdB|\n" }
    let result = try run(
      ["render", "-", "-o", folder.appendingPathComponent("long.png").path, "--dpi", "40"], input: abc)
    #expect(result.code == 0, "\(result.errors)")
    let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
    #expect(names.count >= 2)
    #expect(names.first == "long-1.png")
    #expect(names.allSatisfy { $0.hasPrefix("long-") && $0.hasSuffix(".png") })
  }
}
