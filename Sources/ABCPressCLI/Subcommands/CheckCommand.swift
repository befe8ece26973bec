import DisplayList
import Foundation
import ScoreModel

/// `abcpress check`: parse only and report diagnostics.
struct CheckCommand {
  static let help = """
    USAGE: abcpress check <input.abc>... [--format text|json] [--transpose n]

    Parses the inputs and prints every problem as file:line:column: severity: message
    (or a JSON array with --format json). Exits 1 when there is an error.

    OPTIONS:
      --format <f>   text (default) or json.
      --transpose <n>  Also transpose by n semitones (-48 to 48), as render and midi would.
    \(IncludePolicy.help)
      -h, --help     Show this help.
    """

  static let spec = ArgumentSpec(options: ["--format", TransposeOption.name, IncludePolicy.optionName])

  let console: Console

  func run(_ arguments: ParsedArguments) throws -> ExitCode {
    guard !arguments.positionals.isEmpty else { throw UsageError("check needs at least one input file") }
    let format = arguments["--format"] ?? "text"
    guard format == "text" || format == "json" else {
      throw UsageError("unknown format '\(format)' (choose text or json)")
    }
    let loader = InputLoader(console: console, transpose: try TransposeOption.semitones(arguments))
    let loaded = loader.load(arguments.positionals)
    if format == "json" {
      console.write(Self.json(loaded.diagnostics))
    } else {
      for diagnostic in loaded.diagnostics { console.write(diagnostic.description + "\n") }
    }
    let hasErrors = loaded.hasErrors
    ExitRetainer.keep(loaded)
    return hasErrors ? .inputErrors : .success
  }

  static func json(_ diagnostics: [Diagnostic]) -> String {
    let entries = diagnostics.map { d in
      "  {\"file\": \(DisplayListJSON.quote(d.file ?? "<input>")), \"line\": \(d.range.start.line), "
        + "\"column\": \(d.range.start.column), \"endLine\": \(d.range.end.line), "
        + "\"endColumn\": \(d.range.end.column), \"severity\": \(DisplayListJSON.quote(d.severity.rawValue)), "
        + "\"message\": \(DisplayListJSON.quote(d.message))}"
    }
    return entries.isEmpty ? "[]\n" : "[\n" + entries.joined(separator: ",\n") + "\n]\n"
  }
}
