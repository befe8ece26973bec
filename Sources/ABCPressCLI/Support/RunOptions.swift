/// Options every subcommand takes about its inputs: folders read recursively, the tunes
/// selected and the shard (`--recursive`, `--select`, `--shard`).
///
/// They are set once per run by the dispatcher (`CommandLineTool.dispatch`) as a task-local
/// value, so the input stream and piece source read them wherever the subcommand builds
/// them, without every subcommand passing them on.
struct RunOptions: Sendable {
  var recursive = false
  /// `--quiet`: no progress and no summary (diagnostics still print).
  var quiet = false
  var selection = TuneSelection()
  /// Diagnostics quote their source line with a caret under the column (`--no-excerpt`: not).
  var excerpts = true

  static let flagNames: Set<String> = ["--recursive", "--quiet", "--no-excerpt"]
  static let optionNames: Set<String> = ["--select", "--shard"]

  static let help = """
      --recursive             Read folders given as inputs with their subfolders (a folder
                              input reads the *.abc files in it, sorted by name).
      --select <list>         Only these tunes: X: numbers, ranges and title patterns,
                              comma-separated (3,7-9,'*reel*'; abcm2ps's -e).
      --shard <I/N>           Only every N-th selected tune from the I-th: N runs with
                              I = 1 … N share the tunes (Documentation/scaling.md).
      -q, --quiet             No progress line and no summary on standard error.
      --no-excerpt            Diagnostics without the quoted source line and caret.
    """

  /// The options of a parsed command line.
  init(_ arguments: ParsedArguments) throws {
    recursive = arguments.has("--recursive")
    quiet = arguments.has("--quiet")
    excerpts = !arguments.has("--no-excerpt")
    selection = try TuneSelection(select: arguments["--select"], shard: arguments["--shard"])
  }

  init() {}

  @TaskLocal static var current = RunOptions()
}
