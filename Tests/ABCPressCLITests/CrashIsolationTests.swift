import ABCPressTestSupport
import Foundation
import Testing

@testable import ABCPressCLI

/// A tune that crashes the engine (here by the `ABCPRESS_CRASH_TEST` hook, as an internal
/// error would) is drawn as an error box and the rest of the book is made. Runs the real
/// executable, since a crash ends the process.
@Suite struct CrashIsolationTests {
  static let book = """
    X:1
    T:Good One
    K:C
    CDEF|-C|-D|

    X:2
    T:Crash Me
    K:G
    GABc|

    X:3
    T:Good Three
    K:D
    d4|]

    X:4
    T:Crash Me
    K:D
    A4|]

    """

  struct Finished {
    var status: Int32
    var errors: String
    var crashed: Bool
  }

  func run(_ arguments: [String], in folder: URL, input: URL? = nil, extra: [String: String] = [:]) throws
    -> Finished
  {
    let executable: URL = try #require(ExecutableTests.executable, "abcpress must be built beside the tests")
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments + ["--quiet"]
    var environment = ProcessInfo.processInfo.environment
    environment["ABCPRESS_CRASH_TEST"] = "Crash Me"
    environment["SWIFT_BACKTRACE"] = "enable=no"
    environment["TMPDIR"] = folder.path
    environment.merge(extra) { $1 }
    process.environment = environment
    let errors = folder.appendingPathComponent("errors.txt")
    #expect(FileManager.default.createFile(atPath: errors.path, contents: nil))
    process.standardError = try FileHandle(forWritingTo: errors)
    process.standardOutput = FileHandle.nullDevice
    if let input { process.standardInput = try FileHandle(forReadingFrom: input) }
    try process.run()
    process.waitUntilExit()
    let text = try String(contentsOf: errors, encoding: .utf8)
    try FileManager.default.removeItem(at: errors)
    return Finished(
      status: process.terminationStatus, errors: text, crashed: process.terminationReason == .uncaughtSignal)
  }

  func check(_ finished: Finished, pdf: URL, file: String) throws {
    #expect(finished.status == 1 && !finished.crashed)
    let text = try TestTools.run("pdftotext", [pdf.path, "-"])
    #expect(text.contains("Good One") && text.contains("Good Three"))
    #expect(text.components(separatedBy: "is not engraved").count == 3)
    // Each crash is one error at the tune's line; the first attempt's two warnings (told to
    // the supervisor as one batch) are not repeated.
    #expect(finished.errors.contains("\(file):6:1: error: internal error while engraving this tune"))
    #expect(finished.errors.contains("\(file):16:1: error: internal error while engraving this tune"))
    #expect(finished.errors.components(separatedBy: "tie '-' does not follow a note").count == 3)
  }

  @Test func aCrashingTuneBecomesAnErrorBoxAndTheBookIsMade() throws {
    let folder = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let input = folder.appendingPathComponent("crash.abc")
    try Data(Self.book.utf8).write(to: input)
    let pdf = folder.appendingPathComponent("crash.pdf")
    try check(try run(["book", input.path, "-o", pdf.path], in: folder), pdf: pdf, file: input.path)
    // Nothing half-written is left beside the output.
    let left = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
    #expect(left == ["crash.abc", "crash.pdf"])
  }

  /// With one job and the crashing tune further on than the tunes engraved ahead, the first
  /// tune's two warnings are printed before the crash: the supervisor counts them (told as
  /// one batch) and the next attempt does not print them again.
  @Test func warningsPrintedBeforeACrashAreNotPrintedAgain() throws {
    let folder = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let good = (2...12).map { "X:\($0)\nT:Good \($0)\nK:C\nCDEF|\n" }
    let book = ["X:1\nT:Warned\nK:C\nCDEF|-C|-D|\n"] + good + ["X:13\nT:Crash Me\nK:G\nGABc|\n"]
    let input = folder.appendingPathComponent("late.abc")
    try Data(book.joined(separator: "\n").utf8).write(to: input)
    let pdf = folder.appendingPathComponent("late.pdf")
    let finished = try run(["book", input.path, "-o", pdf.path, "-j", "1"], in: folder)
    #expect(finished.status == 1 && !finished.crashed)
    #expect(finished.errors.contains("\(input.path):61:1: error: internal error while engraving this tune"))
    #expect(finished.errors.components(separatedBy: "tie '-' does not follow a note").count == 3)
  }

  @Test func standardInputIsReadAgainByEachAttempt() throws {
    let folder = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let input = folder.appendingPathComponent("piped.abc")
    try Data(Self.book.utf8).write(to: input)
    let pdf = folder.appendingPathComponent("out/piped.pdf")
    try check(try run(["render", "-", "-o", pdf.path], in: folder, input: input), pdf: pdf, file: "<stdin>")
    // The copy of standard input is gone with the run.
    let left = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
    #expect(left == ["out", "piped.abc"])
  }

  @Test func withoutTheSupervisorTheCrashEndsTheRun() throws {
    let folder = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let input = folder.appendingPathComponent("crash.abc")
    try Data(Self.book.utf8).write(to: input)
    let pdf = folder.appendingPathComponent("crash.pdf")
    let finished = try run(
      ["book", input.path, "-o", pdf.path], in: folder, extra: ["ABCPRESS_NO_SUPERVISOR": "1"])
    #expect(finished.crashed)
    #expect(!FileManager.default.fileExists(atPath: pdf.path))
  }

  @Test func aCrashingTuneIsSkippedByThumbsAndTheOthersAreMade() throws {
    let folder = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let input = folder.appendingPathComponent("crash.abc")
    try Data(Self.book.utf8).write(to: input)
    let pattern = folder.appendingPathComponent("thumbs/{X}.png").path
    let finished = try run(["thumbs", input.path, "-o", pattern], in: folder)
    #expect(finished.status == 1 && !finished.crashed)
    let made = try FileManager.default.contentsOfDirectory(
      atPath: folder.appendingPathComponent("thumbs").path)
    #expect(made.sorted() == ["1.png", "3.png"])
    #expect(finished.errors.contains("\(input.path):6:1: error: internal error while engraving this tune"))
    #expect(finished.errors.contains("\(input.path):16:1: error: internal error while engraving this tune"))
  }

  /// A MusicXML score titled `title` (one note), or damaged XML when `title` is nil.
  static func score(_ title: String?) -> String {
    guard let title else { return "<score-partwise version=\"4.0\"><part-list>" }
    return """
      <?xml version="1.0" encoding="UTF-8"?>
      <score-partwise version="4.0"><work><work-title>\(title)</work-title></work>
      <part-list><score-part id="P1"><part-name>V</part-name></score-part></part-list>
      <part id="P1"><measure number="1"><attributes><divisions>nan</divisions></attributes>
      <note><pitch><step>C</step><octave>5</octave></pitch><duration>4</duration><type>whole</type></note>
      </measure></part></score-partwise>
      """
  }

  @Test func aBadOrCrashingMusicXMLInputIsReportedAndTheOtherInputsAreMade() throws {
    let folder = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let first = folder.appendingPathComponent("first.abc")
    try Data("X:1\nT:Good One\nK:C\nCDEF|\n".utf8).write(to: first)
    let last = folder.appendingPathComponent("last.abc")
    try Data("X:3\nT:Good Three\nK:D\nd4|]\n".utf8).write(to: last)
    for (name, title) in [("crash", "Crash Me"), ("damaged", nil), ("absurd", "Absurd Divisions")] {
      let score = folder.appendingPathComponent("\(name).musicxml")
      try Data(Self.score(title).utf8).write(to: score)
      let pdf = folder.appendingPathComponent("\(name).pdf")
      let finished = try run(["book", first.path, score.path, last.path, "-o", pdf.path], in: folder)
      #expect(!finished.crashed)
      let text = try TestTools.run("pdftotext", [pdf.path, "-"])
      #expect(text.contains("Good One") && text.contains("Good Three"), "\(name)")
      switch name {
      case "crash":
        #expect(finished.status == 1)
        #expect(
          finished.errors.contains(
            "\(score.path):1:1: error: internal error while reading this MusicXML input"))
      case "damaged":
        #expect(finished.status == 1)
        #expect(finished.errors.contains("\(score.path):1:"), "\(finished.errors)")
        #expect(
          finished.errors.contains("error: cannot read MusicXML: not well-formed XML"), "\(finished.errors)")
      default:
        #expect(text.contains("Absurd Divisions"))
        #expect(finished.errors.contains("\(score.path):4:"), "\(finished.errors)")
        #expect(finished.errors.contains("<divisions> 'nan' is not a whole number"), "\(finished.errors)")
      }
    }
  }
}
