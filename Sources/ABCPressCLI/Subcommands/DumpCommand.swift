import ABCParser
import DisplayList
import Foundation
import Layout

/// `abcpress dump`: print an intermediate stage as text or JSON.
struct DumpCommand {
  static let help = """
    USAGE: abcpress dump (--display-list | --score) [--format text|json] <input.abc>... [options]

    Prints a stage of the pipeline for inspection and golden tests.
      --display-list   The laid-out pages: every glyph, line, curve and text run with its
                       role, box in points and source position (Documentation/display-list.md).
      --score          The score model: one line per musical element with onset and duration.

    OPTIONS:
      --format <f>            text (default) or json (display list only).
      -o, --output <file>     Write to a file instead of standard output.
      --page-size, --music-font, --staff-space, --auto-break, --fonts   As for render.
    \(IncludePolicy.help)
      -h, --help              Show this help.
    """

  static let spec = ArgumentSpec(
    flags: EngravingSession.flagNames.union(["--display-list", "--score"]),
    options: EngravingSession.optionNames.union(["--format", "--output", TransposeOption.name]),
    aliases: ["-o": "--output"])

  let console: Console

  func run(_ arguments: ParsedArguments) throws -> ExitCode {
    guard !arguments.positionals.isEmpty else { throw UsageError("dump needs at least one input file") }
    let wantsList = arguments.has("--display-list")
    let wantsScore = arguments.has("--score")
    guard wantsList != wantsScore else {
      throw UsageError("dump needs exactly one of --display-list or --score")
    }
    let format = arguments["--format"] ?? "text"
    guard format == "text" || format == "json" else {
      throw UsageError("unknown format '\(format)' (choose text or json)")
    }
    guard !(wantsScore && format == "json") else { throw UsageError("--score has no json format yet") }
    let text: String
    let hasErrors: Bool
    if wantsScore {
      let loader = InputLoader(console: console, transpose: try TransposeOption.semitones(arguments))
      let loaded = loader.load(arguments.positionals)
      loader.report(loaded.diagnostics)
      text = loaded.tunes.map { ScoreDumper.dump($0) }.joined(separator: "\n")
      hasErrors = loaded.hasErrors
    } else {
      // The same engraving `render` paints: file and tune directives, template, text blocks.
      let job = try BookJob(arguments: arguments, console: console)
      let list = job.session.engrave(job.blocks, matter: job.matter(arguments: arguments, frontMatter: false))
      text = format == "json" ? DisplayListJSON.encode(list) : DisplayListDumper.dump(list)
      hasErrors = job.loaded.hasErrors
    }
    if let output = arguments["--output"] {
      try OutputFile.write(text, to: URL(fileURLWithPath: output))
    } else {
      console.write(text)
    }
    return hasErrors ? .inputErrors : .success
  }
}
