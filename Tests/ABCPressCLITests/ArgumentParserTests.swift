import Testing

@testable import ABCPressCLI

@Suite struct ArgumentParserTests {
  let spec = ArgumentSpec(
    flags: ["--auto-break"], options: ["--output", "--dpi"], aliases: ["-o": "--output"])

  @Test func positionalsOptionsAndFlags() throws {
    let parsed = try ArgumentParser.parse(
      ["a.abc", "-o", "out.pdf", "--dpi=300", "--auto-break", "b.abc"], spec: spec)
    #expect(parsed.positionals == ["a.abc", "b.abc"])
    #expect(parsed["--output"] == "out.pdf")
    #expect(parsed["--dpi"] == "300")
    #expect(parsed.has("--auto-break"))
    #expect(!parsed.has("--help"))
  }

  @Test func dashIsStandardInputAndDoubleDashEndsOptions() throws {
    let parsed = try ArgumentParser.parse(["-", "--", "--weird-name.abc"], spec: spec)
    #expect(parsed.positionals == ["-", "--weird-name.abc"])
  }

  @Test func helpIsAlwaysAccepted() throws {
    #expect(try ArgumentParser.parse(["-h"], spec: spec).has("--help"))
    #expect(try ArgumentParser.parse(["--help"], spec: spec).has("--help"))
  }

  @Test(arguments: [
    (["--bogus"], "unknown option '--bogus'"),
    (["-o"], "option --output needs a value"),
    (["--auto-break=yes"], "option --auto-break takes no value"),
  ])
  func mistakesAreUsageErrors(arguments: [String], message: String) {
    #expect(throws: UsageError(message)) { try ArgumentParser.parse(arguments, spec: spec) }
  }
}
