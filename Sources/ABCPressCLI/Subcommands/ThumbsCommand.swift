import Book
import DisplayList
import Foundation
import Layout
import Render
import ScoreModel

/// `abcpress thumbs FILES… -o 'thumbs/{X}-{T}.png'`: one cropped image per tune.
struct ThumbsCommand {
  static let help = """
    USAGE: abcpress thumbs <input.abc>... -o <pattern.png|.svg> [options]

    Writes one image per tune, cropped to the music: the incipit (the first system, or its
    first N bars with --incipit N) or, with --whole, the whole tune. The pattern names each
    file: {X} the tune's X: number, {T} its title (made file-safe), {N} its position among all
    tunes of the inputs (1, 2, ...; the same whatever --select or --shard), {F} the input
    file's name without its extension, {folder} the name of the folder it is in; any other
    {...} is an error.
    The pattern's extension picks PNG or SVG. Folders are created as needed. A name an
    earlier tune of the run took gets -2, -3 ... (never overwritten); a name too long for
    the file system is shortened; a tune that cannot be written is reported and the rest
    go on.

    OPTIONS:
      -o, --output <pattern>  File name pattern, e.g. 'thumbs/{X}-{T}.png'. Required.
      --width <px>            Image width in pixels (default 600; PNG, and the SVG's width).
      --scale <fit|fixed>     fit (default): every image --width pixels wide; fixed: the same
                              scale for every tune (--width pixels for the template's full page
                              width, so the staff size is the same and --staff-space is obeyed).
      --max-height <px>       Scale down images taller than this.
      --padding <pt>          Paper around the music on every side (default 3 points).
      --manifest <file.json>  Also write a JSON list of every image: file, X: number, title,
                              key, meter, width and height in pixels, and source file:line.
      --incipit <bars>        Bars to keep (default: the template's, 4; 0 = the first system).
      --whole                 The whole tune instead of the incipit.
      --transparent           No background (PNG alpha; SVG without the background fill).
      --cache <dir>           Keep each thumbnail in this folder, keyed by the tune's text and
                              every setting, so a later run redraws only changed tunes.
      --template <name|file>  Template for the music's size (default incipit).
      --theme <name|file>     Colour theme (default classic).
      --music-font, --staff-space, -F/--fmt, --jobs, --fonts   As for render.
    \(TransposeOption.help)
    \(IncludePolicy.help)
      -h, --help              Show this help.
    """

  static let spec = ArgumentSpec(
    flags: EngravingSession.flagNames.union(["--whole", "--transparent"]),
    options: EngravingSession.optionNames.union([
      "--output", "--width", "--incipit", "--cache", "--scale", "--max-height", "--padding", "--manifest",
      TransposeOption.name, TransposeOption.editionName,
    ]),
    aliases: EngravingSession.aliases)

  let console: Console

  func run(_ arguments: ParsedArguments) throws -> ExitCode {
    guard !arguments.positionals.isEmpty else { throw UsageError("thumbs needs at least one input file") }
    guard let pattern = arguments["--output"] else { throw UsageError("thumbs needs -o 'PATTERN.png'") }
    guard let format = OutputFormat(pathExtension: URL(fileURLWithPath: pattern).pathExtension),
      format != .pdf
    else { throw UsageError("the thumbs pattern must end in .png or .svg") }
    try OutputPattern.check(pattern)
    let width = try Self.number(arguments["--width"], name: "--width", default: 600, range: 16...8000)
    let padding = try Self.number(arguments["--padding"], name: "--padding", default: 3, range: 0...500)
    let maxHeight = try arguments["--max-height"].map {
      try Self.number($0, name: "--max-height", default: 0, range: 16...20000)
    }
    guard ["fit", "fixed"].contains(arguments["--scale"] ?? "fit") else {
      throw UsageError("--scale is fit or fixed, not '\(arguments["--scale"] ?? "")'")
    }
    let session = try EngravingSession(arguments: arguments, defaultTemplate: "incipit")
    var base = session.base
    base.setup.height = 20000
    base.setup.header = nil
    base.setup.footer = nil
    let bars: Int? =
      arguments.has("--whole")
      ? nil
      : Int(
        try Self.number(
          arguments["--incipit"], name: "--incipit", default: Double(session.template.incipitBars ?? 4),
          range: 0...999))
    let palette = EngravingSession.palette(session.theme, transparent: arguments.has("--transparent"))
    let standardInput = arguments.positionals.contains("-") ? StandardInput.spool(from: console) : nil
    var stream = TuneStream(inputs: arguments.positionals, jobs: session.jobs)
    stream.standardInput = standardInput
    stream.format = base
    let workspaces = try Workspaces(session: session, jobs: session.jobs)
    let cache = TuneCache.open(arguments, console: console)
    var thumbnail = Thumbnail(
      session: session, base: base, bars: bars, pattern: pattern, format: format, width: width,
      palette: palette, cache: cache)
    thumbnail.padding = padding
    thumbnail.fixedScale = arguments["--scale"] == "fixed"
    thumbnail.maxHeight = maxHeight
    thumbnail.edition = try TransposeOption.edition(arguments)
    let made = thumbnail
    var manifest: [String] = []
    var count = 0
    var names = OutputNames()
    let console = self.console
    let reporter = DiagnosticReporter(console: console)
    func report(_ found: [Diagnostic]) { reporter.report(found) }
    report(session.formatWarnings)
    try stream.run { item, worker in
      made.make(item, workspace: workspaces[worker])
    } report: {
      report($0)
    } consume: { result in
      report(result.diagnostics)
      if result.tune { count += 1 }
      // Named in input order: a name an earlier tune took gets -2, -3 …
      let placed: Result<String, RenderError>
      if let (bytes, wanted) = result.cached {
        placed = names.write(bytes, wanted: wanted)
      } else if let (temporary, wanted) = result.written {
        placed = names.place(temporary, wanted: wanted)
      } else {
        return
      }
      switch placed {
      case .success(let name):
        RunProgress.current?.add(files: 1)
        if let facts = result.facts {
          let source = "\(result.place.file ?? "<stdin>"):\(result.place.line)"
          manifest.append(facts.json(file: name, source: source))
        }
      case .failure(let error):
        report([
          Diagnostic(
            .error, "cannot write the thumbnail of X:\(result.number): \(error.description)",
            at: SourceRange(SourceLocation(line: result.place.line, column: 1)), file: result.place.file)
        ])
      }
    }
    if count == 0 {
      console.error("abcpress: error: no tunes to engrave")
      return .inputErrors
    }
    if let path = arguments["--manifest"] {
      let text = manifest.isEmpty ? "[]\n" : "[\n  " + manifest.joined(separator: ",\n  ") + "\n]\n"
      let url = URL(fileURLWithPath: path)
      try TemporaryFiles.createFolder(for: url)
      try TemporaryFiles.writeAtomically(Array(text.utf8), to: url)
    }
    reporter.finish()
    return reporter.hasErrors ? .inputErrors : .success
  }

  static func number(_ text: String?, name: String, default value: Double, range: ClosedRange<Double>) throws
    -> Double
  {
    guard let text else { return value }
    guard let number = Double(text), range.contains(number) else {
      throw UsageError(
        "\(name) must be a number from \(Int(range.lowerBound)) to \(Int(range.upperBound)), got '\(text)'")
    }
    return number
  }

  /// Sets an SVG's width and height attributes to pixels (the viewBox keeps the points).
  static func setSVGWidth(_ url: URL, width: Double, aspect: Double) throws {
    let text = String(decoding: try Data(contentsOf: url), as: UTF8.self)
    guard let regex = try? NSRegularExpression(pattern: #"width="[0-9.]+pt" height="[0-9.]+pt""#) else {
      return
    }
    let height = (width * aspect).rounded()
    let replaced = regex.stringByReplacingMatches(
      in: text, range: NSRange(location: 0, length: (text as NSString).length),
      withTemplate: "width=\"\(Int(width))\" height=\"\(Int(height))\"")
    try Data(replaced.utf8).write(to: url)
  }
}
