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
    tunes of the inputs (1, 2, ...; the same whatever --select or --shard).
    The pattern's extension picks PNG or SVG. Folders are created as needed. A name an
    earlier tune of the run took gets -2, -3 ... (never overwritten); a name too long for
    the file system is shortened; a tune that cannot be written is reported and the rest
    go on.

    OPTIONS:
      -o, --output <pattern>  File name pattern, e.g. 'thumbs/{X}-{T}.png'. Required.
      --width <px>            Image width in pixels (default 600; PNG, and the SVG's width).
      --incipit <bars>        Bars to keep (default: the template's, 4; 0 = the first system).
      --whole                 The whole tune instead of the incipit.
      --transparent           No background (PNG alpha; SVG without the background fill).
      --cache <dir>           Keep each thumbnail in this folder, keyed by the tune's text and
                              every setting, so a later run redraws only changed tunes.
      --template <name|file>  Template for the music's size (default incipit).
      --theme <name|file>     Colour theme (default classic).
      --music-font, --staff-space, --jobs, --fonts   As for render.
    \(IncludePolicy.help)
      -h, --help              Show this help.
    """

  static let spec = ArgumentSpec(
    flags: EngravingSession.flagNames.union(["--whole", "--transparent"]),
    options: EngravingSession.optionNames.union(["--output", "--width", "--incipit", "--cache"]),
    aliases: EngravingSession.aliases)

  let console: Console

  func run(_ arguments: ParsedArguments) throws -> ExitCode {
    guard !arguments.positionals.isEmpty else { throw UsageError("thumbs needs at least one input file") }
    guard let pattern = arguments["--output"] else { throw UsageError("thumbs needs -o 'PATTERN.png'") }
    guard let format = OutputFormat(pathExtension: URL(fileURLWithPath: pattern).pathExtension),
      format != .pdf
    else { throw UsageError("the thumbs pattern must end in .png or .svg") }
    let width = try Self.number(arguments["--width"], name: "--width", default: 600, range: 16...8000)
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
    let workspaces = try Workspaces(session: session, jobs: session.jobs)
    let cache = TuneCache(arguments)
    let thumbnail = Thumbnail(
      session: session, base: base, bars: bars, pattern: pattern, format: format, width: width,
      palette: palette, cache: cache)
    var count = 0
    var names = OutputNames()
    let console = self.console
    let reporter = DiagnosticReporter(console: console)
    func report(_ found: [Diagnostic]) { reporter.report(found) }
    try stream.run { item, worker in
      thumbnail.make(item, workspace: workspaces[worker])
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
      case .success: RunProgress.current?.add(files: 1)
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

  /// The pattern with `{X}`, `{T}` and `{N}` filled in.
  static func fileName(_ pattern: String, tune: Tune, position: Int) -> String {
    fileName(pattern, number: tune.referenceNumber, title: tune.title, position: position)
  }

  /// The pattern with `{X}`, `{T}` and `{N}` filled in from an X: number and a title.
  static func fileName(_ pattern: String, number: Int, title: String, position: Int) -> String {
    let title = title.isEmpty ? "untitled" : title
    var slug = ""
    for character in title {
      if character.isLetter || character.isNumber {
        slug.append(character)
      } else if !slug.isEmpty && !slug.hasSuffix("-") {
        slug.append("-")
      }
    }
    while slug.hasSuffix("-") { slug.removeLast() }
    return pattern.replacingOccurrences(of: "{X}", with: String(number))
      .replacingOccurrences(of: "{T}", with: slug.isEmpty ? "untitled" : slug)
      .replacingOccurrences(of: "{N}", with: String(position))
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
