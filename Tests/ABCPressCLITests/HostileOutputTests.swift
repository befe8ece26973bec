import Foundation
import Testing

@testable import ABCPressCLI

/// Control characters in the input never reach the terminal raw, in text or JSON output.
@Suite struct HostileOutputTests {
  static let evil = "X:1\nT:\u{1B}[31mred\u{07}\nM:\u{1B}]0;x\u{07}\nK:C\nA\u{1B}[2JB\u{0}C\u{9B}D\u{7F}E|\n"

  /// True when `text` holds a scalar other than newline that a terminal would act on.
  static func hasControl(_ text: String) -> Bool {
    text.unicodeScalars.contains {
      ($0.value < 0x20 && $0 != "\n") || (0x7F...0x9F).contains($0.value)
    }
  }

  @Test func checkTextOutputEscapesControls() {
    let run = ToolRun(["check", "-"], input: Self.evil)
    #expect(run.exitCode == .inputErrors)
    #expect(!run.output.isEmpty)
    #expect(!Self.hasControl(run.output), "\(run.output.debugDescription)")
    #expect(run.output.contains("bad meter '\\e]0;x\\x07'"))
    #expect(run.output.contains("unexpected '\\x9b'"))
  }

  @Test func checkJSONOutputIsValidAndEscaped() throws {
    let run = ToolRun(["check", "--format", "json", "-"], input: Self.evil)
    #expect(!Self.hasControl(run.output), "\(run.output.debugDescription)")
    let parsed = try JSONSerialization.jsonObject(with: Data(run.output.utf8))
    let entries = try #require(parsed as? [[String: Any]])
    #expect(!entries.isEmpty)
    let messages = entries.compactMap { $0["message"] as? String }
    // JSON keeps the text exactly; only its encoding escapes the controls.
    #expect(messages.contains { $0.contains("\u{1B}") })
  }

  @Test func usageErrorsEscapeTheArgumentTheyQuote() {
    let run = ToolRun(["render", "a.abc", "-o", "a.pdf", "--page-size", "a4\u{1B}[2J"])
    #expect(run.exitCode == .usage)
    #expect(!Self.hasControl(run.errors))
    #expect(run.errors.lowercased().contains("a4\\e[2j"))
  }
}
