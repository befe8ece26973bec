import DisplayList
import Foundation
import Layout
import Render
import ScoreModel

/// `abcpress render IN.abc… -o OUT.pdf|.png|.svg`: engrave tune books to files.
struct RenderCommand {
  static let help = """
    USAGE: abcpress render <input.abc>... -o <output.pdf|.png|.svg> [options]

    Engraves every tune of the inputs, in order, into one output. The format comes from
    the output's extension. PNG and SVG write one file per page: a single page goes to
    the given name, several pages to numbered files (out-1.png, out-2.png, ...).
    Use '-' as an input to read ABC from standard input, and '-o -' to write the PDF
    (or, with --format png|svg, a single page) to standard output for pipelines.
    abcm2ps format directives (%%pagewidth, %%titlefont, %%header, ...) in the files apply
    over the template. The output's folder is created if missing; numbered pages an
    earlier, longer run left (out-7.png when this run has six pages) are removed.

    OPTIONS:
      -o, --output <file>     Output file (.pdf, .png or .svg), or - for standard output. Required.
      --format <f>            With -o -: pdf (default), png or svg.
      --split                 One file per tune: -o is a pattern with {X} (the X: number),
                              {T} (the title, file-safe) and {N} (the position among all
                              tunes of the inputs), {F} (the input file) and {folder} (its
                              folder), e.g. -o 'out/{F}/{X}-{T}.pdf'; a name an earlier
                              tune took gets -2. Without --split, -o may hold {F} and
                              {folder} (of the first input) and {T} (its first title).
      --dpi <n>               PNG resolution in dots per inch (default 150).
      --template <name|file>  Page template (see 'abcpress templates'); default plain A4.
      --theme <name|file>     Colour theme (see 'abcpress themes'); default classic.
      --page-size <size>      a4 (default), a5 or letter.
      --music-font <name>     Bravura (default), Leland or Petaluma.
      --staff-space <pt>      Distance between staff lines in points (default 5).
      --auto-break            Choose line breaks optimally, ignoring the source's.
      --no-bar-check          Do not warn of bars that do not fill the meter (as check).
      -F, --fmt <file.fmt>    An abcm2ps format file (one directive a line, no %%): a house
                              style kept for abcm2ps, applied over the template. In the ABC,
                              %%format FILE reads one too (next to the file, as abc-include).
    \(BookJob.printHelp)
    \(TransposeOption.help)
      -j, --jobs <n>          Threads that lay out and draw (default: every core).
      --cache <dir>           Keep each tune's layout in this folder, keyed by its text and
                              every setting: a later run lays out only changed tunes (watch
                              keeps one in ~/.cache/abcpress without this option).
      --fonts <dir>           Folder holding the music fonts (default: $ABCPRESS_FONTS, else
                              share/abcpress/fonts beside the installed program, else the
                              checkout's Fonts/).
    \(IncludePolicy.help)
      -h, --help              Show this help.
    """

  static let spec = ArgumentSpec(
    flags: EngravingSession.flagNames.union(["--split"]).union(BookJob.printFlags),
    options: EngravingSession.optionNames.union([
      "--output", "--dpi", "--format", TransposeOption.name, TransposeOption.editionName, "--cache",
    ]).union(BookJob.printOptions),
    aliases: EngravingSession.aliases)

  let console: Console
  /// The layout cache without `--cache` (watch keeps one in the user's cache folder).
  var cacheFallback: URL?

  init(console: Console) { self.console = console }

  init(console: Console, cacheFallback: URL?) {
    self.console = console
    self.cacheFallback = cacheFallback
  }

  func run(_ arguments: ParsedArguments) throws -> ExitCode {
    guard !arguments.positionals.isEmpty else { throw UsageError("render needs at least one input file") }
    if arguments.has("--split") { return try split(arguments) }
    let streams = arguments["--output"] == "-"
    let (url, format) = try streams ? Self.streamed(arguments) : Self.output(arguments, command: "render")
    let dpi = try Self.dpi(arguments)
    _ = try EngravingSession.pageSetup(arguments)
    let job = try BookJob(
      arguments: arguments, console: console, frontMatter: false, cacheFallback: cacheFallback)
    let summary = try job.write(to: url, format: format, dpi: dpi)
    if summary.tunes == 0 {
      console.error("abcpress: error: no tunes to engrave")
      return .inputErrors
    }
    if streams { try stream(summary.files, format: format) }
    return summary.hasErrors ? .inputErrors : .success
  }

  /// `--split`: each tune into its own file, named by the pattern in input order.
  private func split(_ arguments: ParsedArguments) throws -> ExitCode {
    guard let pattern = arguments["--output"], pattern != "-" else {
      throw UsageError("render --split needs a file pattern: -o 'out/{X}-{T}.pdf'")
    }
    guard let format = OutputFormat(pathExtension: URL(fileURLWithPath: pattern).pathExtension) else {
      throw UsageError("cannot tell the output format from '\(pattern)': use .pdf, .png or .svg")
    }
    try OutputPattern.check(pattern)
    guard pattern.contains("{X}") || pattern.contains("{T}") || pattern.contains("{N}") else {
      throw UsageError("render --split needs {X}, {T} or {N} in the pattern, so each tune gets its own file")
    }
    let session = try EngravingSession(arguments: arguments)
    let splitter = TuneSplit(
      session: session, pattern: pattern, format: format, dpi: try Self.dpi(arguments),
      edition: try TransposeOption.edition(arguments))
    let standardInput = arguments.positionals.contains("-") ? StandardInput.spool(from: console) : nil
    var stream = TuneStream(inputs: arguments.positionals, jobs: session.jobs)
    stream.standardInput = standardInput
    stream.format = session.base
    let workspaces = try Workspaces(session: session, jobs: session.jobs, shapesWhenMeasuring: format == .pdf)
    let reporter = DiagnosticReporter(console: console)
    reporter.report(session.formatWarnings)
    var names = OutputNames()
    var tunes = 0
    try stream.run { item, worker in
      splitter.make(item, workspace: workspaces[worker])
    } report: {
      reporter.report($0)
    } consume: { result in
      reporter.report(result.diagnostics)
      if result.tune { tunes += 1 }
      guard let written = result.written else { return }
      switch TuneSplit.place(written, names: &names) {
      case .success(let count): RunProgress.current?.add(files: count)
      case .failure(let error):
        reporter.report(
          Diagnostic(
            .error, "cannot write X:\(result.number): \(error.description)",
            at: SourceRange(SourceLocation(line: result.place.line, column: 1)), file: result.place.file))
      }
    }
    reporter.finish()
    if tunes == 0 {
      console.error("abcpress: error: no tunes to engrave")
      return .inputErrors
    }
    return reporter.hasErrors ? .inputErrors : .success
  }

  /// `-o -`: a private temporary file, copied to standard output once complete.
  static func streamed(_ arguments: ParsedArguments) throws -> (URL, OutputFormat) {
    let name = arguments["--format"] ?? "pdf"
    guard let format = OutputFormat(pathExtension: name) else {
      throw UsageError("--format must be pdf, png or svg, got '\(name)'")
    }
    let folder = URL(fileURLWithPath: NSTemporaryDirectory())
      .appendingPathComponent("abcpress-\(getpid())-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    TemporaryFiles.register(folder.path)
    return (folder.appendingPathComponent("out.\(name)"), format)
  }

  /// Copies the finished output to standard output and removes it.
  private func stream(_ files: [URL], format: OutputFormat) throws {
    defer {
      if let folder = files.first?.deletingLastPathComponent() {
        try? FileManager.default.removeItem(at: folder)
        TemporaryFiles.unregister(folder.path)
      }
    }
    guard files.count == 1, let file = files.first else {
      throw UsageError(
        "the \(format == .png ? "PNG" : "SVG") output has \(files.count) pages: only one page can go to "
          + "standard output (write to a file, or use --format pdf)")
    }
    guard let bytes = FileManager.default.contents(atPath: file.path) else {
      throw OutputError("cannot read back the page written for standard output")
    }
    console.write(bytes: Array(bytes))
  }

  /// The `-o` file and its format: `{T}`, `{F}` and `{folder}` filled in from `title`
  /// (else `--title`, else the first input's first title) and the first input (or `folder`).
  static func output(
    _ arguments: ParsedArguments, command: String, title: String? = nil, folder: String? = nil,
    inputs: [String]? = nil
  ) throws -> (URL, OutputFormat) {
    guard let pattern = arguments["--output"] else {
      throw UsageError("\(command) needs an output file: -o OUT.pdf")
    }
    try OutputPattern.check(pattern, perTune: false)
    let first = (inputs ?? arguments.positionals).first
    let output =
      pattern.contains("{T}")
      ? OutputPattern.bookName(
        pattern, title: title ?? arguments["--title"] ?? OutputPattern.headerTitle(of: first) ?? "untitled",
        firstInput: first, folder: folder)
      : OutputPattern.bookName(pattern, title: "", firstInput: first, folder: folder)
    let url = URL(fileURLWithPath: output)
    guard let format = OutputFormat(pathExtension: url.pathExtension) else {
      throw UsageError("cannot tell the output format from '\(output)': use .pdf, .png or .svg")
    }
    return (url, format)
  }

  static func dpi(_ arguments: ParsedArguments) throws -> Double {
    guard let text = arguments["--dpi"] else { return 150 }
    guard let value = Double(text), value >= 10, value <= 2400 else {
      throw UsageError("--dpi must be a number from 10 to 2400, got '\(text)'")
    }
    return value
  }
}
