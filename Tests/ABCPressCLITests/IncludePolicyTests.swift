import ABCParser
import Foundation
import ScoreModel
import Testing

@testable import ABCPressCLI

/// `abc-include` reads only regular files under the allowed folders, within size limits,
/// and include bombs finish fast.
@Suite struct IncludePolicyTests {
  /// A scratch layout: `root/` holds the input, `outside/` a file it must not reach.
  struct Layout {
    let folder: URL
    var root: URL { folder.appendingPathComponent("root") }
    var outside: URL { folder.appendingPathComponent("outside") }

    init() throws {
      folder = try temporaryDirectory()
      try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
      try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
      try "T:secret\n".write(
        to: outside.appendingPathComponent("secret.abc"), atomically: true, encoding: .utf8)
    }

    func write(_ name: String, _ text: String) throws {
      try text.write(to: root.appendingPathComponent(name), atomically: true, encoding: .utf8)
    }

    /// Runs `check` on `root/main.abc` holding `body` after an `X:1` line.
    func check(_ body: String, extra: [String] = []) throws -> ToolRun {
      try write("main.abc", "X:1\n\(body)\nK:C\nABC|\n")
      return ToolRun(["check", root.appendingPathComponent("main.abc").path] + extra)
    }

    func remove() { try? FileManager.default.removeItem(at: folder) }
  }

  @Test func devicesFoldersFifosAndSystemFilesAreRefused() throws {
    let layout = try Layout()
    defer { layout.remove() }
    try FileManager.default.createDirectory(
      at: layout.root.appendingPathComponent("sub"), withIntermediateDirectories: true)
    #expect(mkfifo(layout.root.appendingPathComponent("fifo").path, 0o600) == 0)
    let names = ["/dev/zero", "/dev/stdin", "sub", "fifo", "/proc/self/environ", "/sys/kernel/mm"]
    let body = names.map { "I:abc-include \($0)" }.joined(separator: "\n")
    var run: ToolRun?
    let elapsed = try ContinuousClock().measure { run = try layout.check(body) }
    #expect(elapsed < .seconds(5))
    let errors = run?.output ?? ""
    for name in names where name != "/dev/stdin" {
      #expect(errors.contains("cannot include '\(name)': not a regular file"), "\(name): \(errors)")
    }
    // /dev/stdin is a link into /proc (refused) or, with no standard input, nowhere.
    #expect(errors.contains("cannot include '/dev/stdin': "))
  }

  @Test func pathsOutsideTheInputsFolderAreRefusedUnlessAllowed() throws {
    let layout = try Layout()
    defer { layout.remove() }
    let secret = layout.outside.appendingPathComponent("secret.abc")
    try FileManager.default.createSymbolicLink(
      at: layout.root.appendingPathComponent("link.abc"), withDestinationURL: secret)
    try FileManager.default.createSymbolicLink(
      at: layout.root.appendingPathComponent("outlink"), withDestinationURL: layout.outside)
    let body = "I:abc-include ../outside/secret.abc\nI:abc-include link.abc\nI:abc-include outlink/secret.abc"
    let refused = try layout.check(body)
    #expect(
      refused.output.components(separatedBy: "outside the input's folder").count == 4, "\(refused.output)")
    let allowed = try layout.check(body, extra: ["--include-path", layout.outside.path])
    #expect(!allowed.output.contains("outside the input's folder"))
    #expect(allowed.output.components(separatedBy: "was already included").count == 3, "\(allowed.output)")
    let bad = try layout.check(
      body, extra: ["--include-path", layout.folder.appendingPathComponent("nope").path])
    #expect(bad.exitCode == .usage)
    #expect(bad.errors.contains("--include-path:"))
  }

  @Test func cyclesAndRepeatsAreReportedNotFollowed() throws {
    let layout = try Layout()
    defer { layout.remove() }
    try layout.write("a.abc", "I:abc-include b.abc\nM:6/8\n")
    try layout.write("b.abc", "I:abc-include a.abc\nL:1/4\n")
    let run = try layout.check("I:abc-include a.abc\nI:abc-include a.abc\nI:abc-include main.abc")
    #expect(run.output.contains("'a.abc' includes itself"))
    #expect(run.output.contains("'main.abc' includes itself"))
    #expect(run.output.contains("'a.abc' was already included"))
  }

  @Test func aFanOutIncludeBombFinishesFast() throws {
    let layout = try Layout()
    defer { layout.remove() }
    for level in 0..<24 {
      let includes = String(repeating: "I:abc-include b\(level + 1).abc\n", count: 10)
      try layout.write("b\(level).abc", includes + "N:level \(level)\n")
    }
    try layout.write("b24.abc", "N:bottom\n")
    var run: ToolRun?
    let elapsed = try ContinuousClock().measure { run = try layout.check("I:abc-include b0.abc") }
    #expect(elapsed < .seconds(5), "took \(elapsed)")
    let output = run?.output ?? ""
    #expect(output.contains("was already included"))
    #expect(output.contains("nested more than \(Limits.includeDepth) deep"))
  }

  @Test func filesOverTheSizeLimitAreRefused() throws {
    let layout = try Layout()
    defer { layout.remove() }
    let big = String(repeating: "%", count: Limits.includeFileSize + 1)
    try layout.write("big.abc", big)
    let run = try layout.check("I:abc-include big.abc")
    #expect(run.output.contains("cannot include 'big.abc': larger than \(Limits.includeFileSize >> 20) MB"))
    // Files each within the limit stop at the policy's byte budget for one input.
    let part = String(repeating: "%", count: Limits.includeFileSize - 10) + "\n"
    for index in 0..<5 { try layout.write("part\(index).abc", part) }
    let including = layout.root.appendingPathComponent("main.abc").path
    let resolver = IncludePolicy(input: including).resolver()
    let results = (0..<5).map { resolver("part\($0).abc", including) }
    #expect(results.prefix(4).allSatisfy { if case .file = $0 { true } else { false } })
    #expect(
      results.last
        == .refused("the includes of this input would read more than \(Limits.includeTotalSize >> 20) MB"))
  }

  @Test func aRegularFileUnderTheFolderIsRead() throws {
    let layout = try Layout()
    defer { layout.remove() }
    try FileManager.default.createDirectory(
      at: layout.root.appendingPathComponent("sub"), withIntermediateDirectories: true)
    try layout.write("sub/meter.abc", "M:3/4\n")
    let resolver = IncludePolicy(input: layout.root.appendingPathComponent("main.abc").path).resolver()
    let including = layout.root.appendingPathComponent("main.abc").path
    guard case .file(let path, let text) = resolver("sub/../sub/meter.abc", including) else {
      Issue.record("the file was not read")
      return
    }
    #expect(path.hasSuffix("/root/sub/meter.abc"))
    #expect(text == "M:3/4\n")
  }
}
