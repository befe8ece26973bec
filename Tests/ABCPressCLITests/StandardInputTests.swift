import Foundation
import Testing

/// The real process never traps on its standard input: closed, a folder, or endless.
@Suite struct StandardInputTests {
  /// Runs `abcpress check --quiet -` (no summary line) through `sh` with `redirection` applied to standard input;
  /// returns the exit code and what `check` printed (diagnostics go to standard output).
  func check(redirection: String) throws -> (code: Int32, errors: String) {
    let executable: URL = try #require(ExecutableTests.executable, "abcpress must be built beside the tests")
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = ["-c", "exec \"$0\" check --quiet - \(redirection)", executable.path]
    var environment = ProcessInfo.processInfo.environment
    environment["SWIFT_BACKTRACE"] = "enable=no"
    process.environment = environment
    let output = Pipe()
    process.standardOutput = output
    process.standardError = output
    try process.run()
    let errors = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    return (process.terminationStatus, errors)
  }

  @Test func closedStandardInputIsAOneLineError() throws {
    let result = try check(redirection: "<&-")
    #expect(result.code == 1)
    #expect(result.errors == "<stdin>:1:1: error: cannot read file: standard input is closed\n")
  }

  @Test func aFolderAsStandardInputIsAOneLineError() throws {
    let result = try check(redirection: "< /")
    #expect(result.code == 1)
    #expect(result.errors == "<stdin>:1:1: error: cannot read file: standard input is a folder\n")
  }

  @Test func endlessStandardInputStopsAtTheLimit() throws {
    let result = try check(redirection: "< /dev/zero")
    #expect(result.code == 1)
    #expect(result.errors.hasSuffix("error: cannot read file: standard input is larger than 256 MB\n"))
  }
}
