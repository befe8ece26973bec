import ABCParser
import Book
import DisplayList
import Foundation
import Layout
import ScoreModel
import Transposition

/// `abcpress check`: parse only and report diagnostics, tune by tune.
struct CheckCommand {
  static let help = """
    USAGE: abcpress check <input.abc>... [--format text|json] [--transpose n]

    Parses the inputs and prints every problem as file:line:column: severity: message
    (or a JSON array with --format json). Exits 1 when there is an error. Tunes are read
    and checked one after another (in parallel), so any size of input is fine. Bars whose
    notes do not fill the meter are warned about (a pickup, and the short last bar of a
    section or tune that completes it, are allowed, as musicians write them).

    OPTIONS:
      --format <f>   text (default) or json.
      --no-bar-check   Do not compare bar lengths with the meter.
      --transpose <n>  Also transpose by n semitones (-48 to 48), as render and midi would.
      --edition <code> Also write the edition (bb, eb, f, bass, c), as render would.
      -j, --jobs <n>   Threads that parse (default: every core).
    \(IncludePolicy.help)
      -h, --help     Show this help.
    """

  static let spec = ArgumentSpec(
    flags: ["--no-bar-check"],
    options: [
      "--format", "--jobs", TransposeOption.name, TransposeOption.editionName, IncludePolicy.optionName,
    ], aliases: ["-j": "--jobs"]
  )

  let console: Console

  func run(_ arguments: ParsedArguments) throws -> ExitCode {
    guard !arguments.positionals.isEmpty else { throw UsageError("check needs at least one input file") }
    let format = arguments["--format"] ?? "text"
    guard format == "text" || format == "json" else {
      throw UsageError("unknown format '\(format)' (choose text or json)")
    }
    let edition = try TransposeOption.edition(arguments)
    let checksBars = !arguments.has("--no-bar-check")
    let standardInput = arguments.positionals.contains("-") ? StandardInput.spool(from: console) : nil
    var stream = TuneStream(inputs: arguments.positionals, jobs: try EngravingSession.jobs(arguments))
    stream.standardInput = standardInput
    var count = 0
    let console = self.console
    let excerpts = RunOptions.current.excerpts ? SourceExcerpts() : nil
    // A tune's diagnostics in one write.
    let reporter = DiagnosticReporter { diagnostics in
      var text = ""
      for diagnostic in diagnostics {
        if format == "json" {
          text += (count == 0 ? "[\n" : ",\n") + Self.json(diagnostic)
        } else if let quoted = excerpts?.excerpt(for: diagnostic) {
          text += diagnostic.description + "\n" + quoted + "\n"
        } else {
          text += diagnostic.description + "\n"
        }
        count += 1
      }
      console.write(text)
    }
    try stream.run { item, _ in
      Self.diagnostics(for: item.source, checksBars: checksBars, edition: edition)
    } report: {
      reporter.report($0)
    } consume: {
      reporter.report($0)
    }
    reporter.finish()
    if format == "json" { console.write(count == 0 ? "[]\n" : "\n]\n") }
    return reporter.hasErrors ? .inputErrors : .success
  }

  /// Every problem of one tune, as `check` reports them: the parser's, its format
  /// directives' (and format files'), notation that is not drawn, and bar lengths.
  static func diagnostics(for source: TuneSource, checksBars: Bool, edition: Edition = Edition())
    -> [Diagnostic]
  {
    let parsed = source.parse()
    if !edition.isIdentity, let tune = parsed.tune { _ = edition.apply(tune) }
    guard let written = parsed.tune else { return parsed.diagnostics }
    let (tune, included) = FormatInclude.expand(written, file: source.file)
    var format = FormatDirectives(setup: .a4, options: LayoutOptions())
    format.apply(tune: tune)
    // A reporter puts them in source order.
    return parsed.diagnostics
      + TuneWarnings.of(tune, included: included, format: format, file: source.file, checksBars: checksBars)
  }

  static func json(_ d: Diagnostic) -> String {
    "  {\"file\": \(DisplayListJSON.quote(d.file ?? "<input>")), \"line\": \(d.range.start.line), "
      + "\"column\": \(d.range.start.column), \"endLine\": \(d.range.end.line), "
      + "\"endColumn\": \(d.range.end.column), \"severity\": \(DisplayListJSON.quote(d.severity.rawValue)), "
      + "\"message\": \(DisplayListJSON.quote(d.message))}"
  }

  static func json(_ diagnostics: [Diagnostic]) -> String {
    let entries = diagnostics.map(json)
    return entries.isEmpty ? "[]\n" : "[\n" + entries.joined(separator: ",\n") + "\n]\n"
  }
}
