import Foundation
import MusicXML
import ScoreModel
import Transposition

/// `abcpress abc IN.musicxml|IN.mxl|IN.abc … [-o OUT.abc]`: write ABC from MusicXML (or
/// rewrite ABC in a regular form).
struct ABCCommand {
  static let help = """
    USAGE: abcpress abc <input.musicxml | input.mxl | input.abc>... [-o <output.abc>]
                        [--transpose n]

    Writes ABC 2.1 for each tune: MusicXML from a notation program (partwise or timewise,
    plain or compressed .mxl; one tune per file, numbered X:1, X:2, … in input order)
    or ABC, rewritten from ABCPress's score model (one note length L:1/8, explicit
    accidentals where needed, beaming kept). Without -o the ABC goes to standard output.

    OPTIONS:
      -o, --output <file>     Write to this .abc file instead of standard output (- is standard output).
      -j, --jobs <n>          Threads that read and convert (default: every core).
    \(TransposeOption.help)
    \(IncludePolicy.help)
      -h, --help              Show this help.
    """

  static let spec = ArgumentSpec(
    flags: [],
    options: [
      "--output", "--jobs", TransposeOption.name, TransposeOption.editionName, IncludePolicy.optionName,
    ],
    aliases: EngravingSession.aliases)

  let console: Console

  func run(_ arguments: ParsedArguments) throws -> ExitCode {
    guard !arguments.positionals.isEmpty else { throw UsageError("abc needs an input file") }
    let edition = try TransposeOption.edition(arguments)
    let standardInput = arguments.positionals.contains("-") ? StandardInput.spool(from: console) : nil
    var stream = TuneStream(inputs: arguments.positionals, jobs: try EngravingSession.jobs(arguments))
    stream.standardInput = standardInput
    // `-o -` is standard output, as for the other commands.
    let file = arguments["--output"].flatMap { $0 == "-" ? nil : $0 }
    let reporter = DiagnosticReporter(console: console)
    let console = self.console
    var text = ""
    var count = 0
    try stream.run { item, _ -> (String, [Diagnostic]) in
      let parsed = item.source.parse()
      guard var tune = parsed.tune else { return ("", parsed.diagnostics) }
      tune = edition.apply(tune)
      // What the ABC cannot keep of a score read from MusicXML: one warning per kind.
      let losses =
        item.source.imported == nil
        ? []
        : ABCWriter.losses(of: tune).map {
          Diagnostic(
            .warning, "ABC cannot keep this: \($0)", at: SourceRange(SourceLocation(line: 1, column: 1)),
            file: item.source.file)
        }
      return (ABCWriter.text(of: tune), parsed.diagnostics + losses)
    } report: {
      reporter.report($0)
    } consume: { written, found in
      reporter.report(found)
      guard !written.isEmpty else { return }
      let piece = (count == 0 ? "" : "\n") + written
      count += 1
      if file == nil { console.write(piece) } else { text += piece }
    }
    if let file, count > 0 { try OutputFile.write(text, to: URL(fileURLWithPath: file)) }
    reporter.finish()
    if count == 0 {
      console.error("abcpress: error: no tunes to write")
      return .inputErrors
    }
    return reporter.hasErrors ? .inputErrors : .success
  }
}
