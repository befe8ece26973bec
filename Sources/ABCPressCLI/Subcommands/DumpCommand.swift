import ABCParser
import DisplayList
import Foundation
import Layout
import MusicXML
import Render
import ScoreModel
import Transposition

/// `abcpress dump`: print an intermediate stage as text or JSON.
struct DumpCommand {
  static let help = """
    USAGE: abcpress dump (--display-list | --score | --notes | --lyrics) [--format text|json] <input.abc>...
                         [options]

    Prints a stage of the pipeline for inspection and golden tests.
      --display-list   The laid-out pages: every glyph, line, curve and text run with its
                       role, box in points and source position (Documentation/display-list.md).
      --score          The score model: one line per musical element with onset and duration.
      --notes          The notes as `abcpress musicxml` writes them: per tune a line
                       'tune X', then 'part voice onset duration key' per sounding note
                       (quarter notes; tied notes merged; sorted), to compare with what
                       a MusicXML reader gets back.
      --lyrics         The lyrics: per tune a line 'tune X', then 'lyric part onset verse
                       text' per syllable (onset in quarter notes; sorted).

    OPTIONS:
      --format <f>            text (default) or json (display list only).
      -o, --output <file>     Write to a file instead of standard output.
      --page-size, --music-font, --staff-space, --auto-break, --jobs, --fonts   As for render.
    \(TransposeOption.help)
    \(IncludePolicy.help)
      -h, --help              Show this help.
    """

  static let spec = ArgumentSpec(
    flags: EngravingSession.flagNames.union(["--display-list", "--score", "--notes", "--lyrics"]),
    options: EngravingSession.optionNames.union([
      "--format", "--output", TransposeOption.name, TransposeOption.editionName,
    ]),
    aliases: EngravingSession.aliases)

  let console: Console

  func run(_ arguments: ParsedArguments) throws -> ExitCode {
    guard !arguments.positionals.isEmpty else { throw UsageError("dump needs at least one input file") }
    let wantsList = arguments.has("--display-list")
    let wantsScore = arguments.has("--score")
    let wantsNotes = arguments.has("--notes")
    let wantsLyrics = arguments.has("--lyrics")
    guard [wantsList, wantsScore, wantsNotes, wantsLyrics].filter({ $0 }).count == 1 else {
      throw UsageError("dump needs exactly one of --display-list, --score, --notes or --lyrics")
    }
    let format = arguments["--format"] ?? "text"
    guard format == "text" || format == "json" else {
      throw UsageError("unknown format '\(format)' (choose text or json)")
    }
    guard !((wantsScore || wantsNotes || wantsLyrics) && format == "json") else {
      throw UsageError("--score, --notes and --lyrics have no json format")
    }
    if wantsScore { return try dumpScores(arguments, listing: nil) }
    if wantsNotes { return try dumpScores(arguments, listing: NoteListing.lines(for:)) }
    if wantsLyrics { return try dumpScores(arguments, listing: NoteListing.lyricLines(for:)) }
    // The same engraving `render` paints: file and tune directives, template, text blocks.
    let job = try BookJob(arguments: arguments, console: console, frontMatter: false, drawsMusic: false)
    let file = arguments["--output"].map { URL(fileURLWithPath: $0) }
    let kind: DumpOutput.Format = format == "json" ? .json : .text
    var made: DumpOutput?
    let summary = try job.execute {
      let output = try DumpOutput(format: kind, console: console, file: file)
      made = output
      return output
    }
    if summary.tunes == 0 { _ = try made?.finish(front: [], back: [], facts: DocumentFacts()) }
    return summary.hasErrors ? .inputErrors : .success
  }

  /// `--score` (each tune's score model), or a listing of its notes or lyrics (`--notes`,
  /// `--lyrics`), tune by tune.
  private func dumpScores(_ arguments: ParsedArguments, listing: (@Sendable (Tune) -> [String])?) throws
    -> ExitCode
  {
    let notes = listing != nil
    let edition = try TransposeOption.edition(arguments)
    let standardInput = arguments.positionals.contains("-") ? StandardInput.spool(from: console) : nil
    var stream = TuneStream(inputs: arguments.positionals, jobs: try EngravingSession.jobs(arguments))
    stream.standardInput = standardInput
    let file = arguments["--output"]
    var text = ""
    let reporter = DiagnosticReporter(console: console)
    var first = true
    let console = self.console
    try stream.run { item, _ in
      let parsed = item.source.parse()
      var dump = ""
      if var tune = parsed.tune {
        tune = edition.apply(tune)
        dump =
          listing.map { (["tune \(tune.referenceNumber)"] + $0(tune)).joined(separator: "\n") + "\n" }
          ?? ScoreDumper.dump(tune)
      }
      return (dump, parsed.diagnostics)
    } report: { found in
      reporter.report(found)
    } consume: { dump, found in
      reporter.report(found)
      guard !dump.isEmpty else { return }
      let piece = (first || notes ? "" : "\n") + dump
      first = false
      if file == nil { console.write(piece) } else { text += piece }
    }
    if let file { try OutputFile.write(text, to: URL(fileURLWithPath: file)) }
    reporter.finish()
    return reporter.hasErrors ? .inputErrors : .success
  }
}
