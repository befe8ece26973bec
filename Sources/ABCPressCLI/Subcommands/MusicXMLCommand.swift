import MusicXML
import ScoreModel
import Transposition

/// `abcpress musicxml IN.abc -o OUT.musicxml | OUT.mxl | DIR/`: tunes as MusicXML 4.0.
struct MusicXMLCommand {
  static let help = """
    USAGE: abcpress musicxml <input.abc>... -o <output.musicxml | output.mxl | directory/>
                             [--tune X] [--compressed] [--transpose n]

    Writes MusicXML 4.0 (partwise) for notation programs such as MuseScore, Sibelius,
    Dorico and Finale: every voice (parts follow %%score; a braced group is one part of
    several staves), key, meter and clef changes, tuplets, grace notes, ties, slurs,
    beams, decorations, dynamics, chord symbols, lyrics, repeats and endings, titles.
    A .mxl output is compressed MusicXML. With an output file the input must hold one
    tune, or --tune picks one by its X: number. With a directory (a trailing '/' or an
    existing folder; created if missing) every tune is written as <X>.musicxml.
    Use '-' as an input to read ABC from standard input.

    OPTIONS:
      -o, --output <path>     Output .musicxml, .xml or .mxl file, or a directory. Required.
      --tune <X>              Only the tune with this X: reference number.
      --compressed            In a directory, write <X>.mxl files.
      -j, --jobs <n>          Threads that parse and convert (default: every core).
    \(TransposeOption.help)
    \(IncludePolicy.help)
      -h, --help              Show this help.
    """

  static let spec = ArgumentSpec(
    flags: ["--compressed"],
    options: [
      "--output", "--tune", "--jobs", TransposeOption.name, TransposeOption.editionName,
      IncludePolicy.optionName,
    ],
    aliases: EngravingSession.aliases)

  let console: Console

  func run(_ arguments: ParsedArguments) throws -> ExitCode {
    guard !arguments.positionals.isEmpty else { throw UsageError("musicxml needs an input file") }
    let export = TuneFileExport(
      command: "musicxml", extensions: ["musicxml", "mxl", "xml"], console: console)
    var target = try export.target(arguments)
    if target.isDirectory && arguments.has("--compressed") { target.pathExtension = "mxl" }
    let wanted = try TuneFileExport.wantedTune(arguments)
    let edition = try TransposeOption.edition(arguments)
    let compressed = target.pathExtension == "mxl"
    return try export.run(arguments, target: target, wanted: wanted) { tune, _ in
      var tune = tune
      tune = edition.apply(tune)
      let bytes =
        compressed
        ? MusicXMLExporter.archive(for: tune) : Array(MusicXMLExporter.document(for: tune).utf8)
      return TuneFileExport.Converted(number: tune.referenceNumber, bytes: bytes, diagnostics: [])
    }
  }
}
