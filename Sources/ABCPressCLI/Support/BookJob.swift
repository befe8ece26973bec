import Book
import DisplayList
import Foundation
import Layout
import Render
import ScoreModel

/// The shared steps of `render`, `book` and `dump`: the session, the book's matter, and a
/// run of the engine into an output (twice when running heads print the page count).
struct BookJob {
  let session: EngravingSession
  let console: Console
  private(set) var run: EngravingRun

  /// The matter of the book being made (front and back matter switches, titles).
  var matter: BookMatter {
    get { run.matter }
    set { run.matter = newValue }
  }

  /// `--booklet`, `--bleed`, `--crop-marks` (PDF only).
  var imposition = Imposition()

  /// A book file's inputs, read in place of the positionals.
  var entries: [InputEntry]? {
    get { run.entries }
    set { run.entries = newValue }
  }

  /// Whether folders are read with a section per subfolder (`book`).
  var foldersAsSections: Bool {
    get { run.foldersAsSections }
    set { run.foldersAsSections = newValue }
  }

  /// `cacheFallback`: the layout cache to use when `--cache` is not given (watch's).
  init(
    arguments: ParsedArguments, console: Console, defaultTemplate: String? = nil, frontMatter: Bool,
    cacheFallback: URL? = nil, drawsMusic: Bool = true
  ) throws {
    session = try EngravingSession(
      arguments: arguments, defaultTemplate: defaultTemplate, drawsMusic: drawsMusic)
    self.console = console
    let standardInput = arguments.positionals.contains("-") ? StandardInput.spool(from: console) : nil
    run = EngravingRun(session: session, console: console, inputs: arguments.positionals)
    run.standardInput = standardInput
    run.edition = try TransposeOption.edition(arguments)
    run.matter = try matter(arguments: arguments, frontMatter: frontMatter)
    run.groupBy = try groupBy(arguments)
    run.cache = TuneCache.open(arguments, fallback: cacheFallback, console: console)
    imposition = try Self.imposition(arguments)
  }

  /// The options that set pages on sheets for printing.
  static let printFlags: Set<String> = ["--booklet", "--crop-marks"]
  static let printOptions: Set<String> = ["--bleed"]
  static let printHelp = """
        --booklet               Impose the PDF for a saddle-stitched booklet: two pages a side
                                of a sheet twice the page's width, in folding order, padded
                                with blank pages to a multiple of four (print both sides,
                                flipping on the short edge; fold and staple).
        --bleed <length>        Sheets larger by this on every side (3mm, 0.125in), the
                                theme's background painted to them; trim and bleed boxes set.
        --crop-marks            Cut marks at each page's corners, outside the bleed.
    """

  /// `--booklet`, `--bleed` and `--crop-marks`.
  static func imposition(_ arguments: ParsedArguments) throws -> Imposition {
    var imposition = Imposition()
    imposition.booklet = arguments.has("--booklet")
    imposition.cropMarks = arguments.has("--crop-marks")
    if let text = arguments["--bleed"] {
      guard let points = StyleValues.length(text), points.isFinite, (0...72).contains(points) else {
        throw UsageError("--bleed is a length from 0 to 1in (3mm, 9pt, 0.125in), not '\(text)'")
      }
      imposition.bleed = points
    }
    if imposition.booklet && (imposition.bleed > 0 || imposition.cropMarks) {
      throw UsageError(
        "--booklet is for printing at home; --bleed and --crop-marks are for a print shop, which imposes"
          + " the book itself: give one or the other")
    }
    if !imposition.isPlain, let output = arguments["--output"],
      OutputFormat(
        pathExtension: output == "-"
          ? arguments["--format"] ?? "pdf" : URL(fileURLWithPath: output).pathExtension)
        != .pdf
    {
      throw UsageError("--booklet, --bleed and --crop-marks make a PDF for printing: use -o BOOK.pdf")
    }
    return imposition
  }

  /// The book's matter: the template's parts, titles from the options (the first file's
  /// header fills in the rest as it is read).
  func matter(arguments: ParsedArguments, frontMatter: Bool) throws -> BookMatter {
    var matter = session.template.matter
    if let code = arguments["--language"] {
      guard let language = BookLanguage.named(code) else {
        let codes = BookLanguage.all.map(\.code)
        throw UsageError(
          "--language is one of \(codes.joined(separator: ", ")), not '\(code)'"
            + Suggestion.hint(for: code, among: codes))
      }
      matter.language = language
    }
    if !frontMatter {
      matter.titlePage = false
      matter.contents = false
      matter.index = false
    }
    matter.title = arguments["--title"] ?? Self.folderTitle(arguments.positionals)
    matter.author = arguments["--author"]
    matter.subtitle = arguments["--subtitle"]
    if let text = arguments["--page-start"] {
      guard let number = Int(text), BookMatter.pageStarts.contains(number) else {
        throw UsageError(
          "--page-start is a whole number from 1 to \(BookMatter.pageStarts.upperBound), not '\(text)'")
      }
      matter.pageStart = number
    }
    matter.edition = try TransposeOption.edition(arguments).name
    let today = CivilDate.now()
    matter.date = matter.language.date(day: today.day, month: today.month, year: today.year)
    let first = arguments.positionals.first.map { $0 == "-" ? "stdin" : $0 } ?? ""
    matter.fileName = (first as NSString).lastPathComponent
    return matter
  }

  /// The title a folder given as the only input names in its `title.txt`.
  static func folderTitle(_ inputs: [String]) -> String? {
    guard inputs.count == 1, let folder = inputs.first, InputPaths.isFolder(folder) else { return nil }
    let file = InputPaths.trimmed(folder) + "/" + InputPaths.titleFile
    guard FileManager.default.fileExists(atPath: file) else { return nil }
    return InputPaths.title(of: folder)
  }

  /// `--group-by` (or the template's `book.group-by`): rhythm, key, or nil for none.
  func groupBy(_ arguments: ParsedArguments) throws -> String? {
    guard let key = arguments["--group-by"] ?? session.template.groupBy else { return nil }
    guard ["rhythm", "key", "none"].contains(key) else {
      throw UsageError("--group-by is rhythm, key or none, not '\(key)'")
    }
    return key == "none" ? nil : key
  }

  /// Runs the engine into a fresh output from `makeOutput`; a first pass without output
  /// counts the pages when running heads print the count.
  func execute<Output: PageOutput>(_ makeOutput: () throws -> Output) throws -> EngravingRun.Summary {
    var pageCount: Int?
    var quiet = run
    quiet.console = Console.captured()
    quiet.reportsProgress = false
    if BookComposer.needsPageCount(session.base.setup) {
      pageCount = try quiet.run(into: Output?.none, pageCount: nil).numberedPages
    }
    let summary = try run.run(into: try makeOutput(), pageCount: pageCount)
    guard summary.needsPageCount else { return summary }
    return try quiet.run(into: try makeOutput(), pageCount: summary.numberedPages)
  }

  /// Runs the engine into a PDF, PNG or SVG file.
  func write(to url: URL, format: OutputFormat, dpi: Double) throws -> EngravingRun.Summary {
    let palette = session.palette
    try TemporaryFiles.createFolder(for: url)
    switch format {
    case .pdf:
      let streams = run.cache.map(PageStreamStore.init)
      return try execute {
        let output = try PDFOutput(url: url, fonts: session.fonts, palette: palette)
        output.streamCache = streams
        output.imposition = imposition
        return output
      }
    case .png: return try execute { try ImageOutput(url: url, kind: .png(dpi: dpi), palette: palette) }
    case .svg: return try execute { try ImageOutput(url: url, kind: .svg, palette: palette) }
    }
  }

}
