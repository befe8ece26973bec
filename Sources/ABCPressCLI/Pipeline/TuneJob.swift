import ABCParser
import Book
import DisplayList
import Foundation
import Layout
import Render
import ScoreModel
import Transposition

/// A tune's work on a worker: parse, transpose, the tune's directives, layout — or its
/// layout read back from the cache when an earlier run stored it.
struct TuneJob: @unchecked Sendable {
  let source: TuneSource
  let headerTitles: [String]
  let trailing: [TextBlock]
  let setup: PageSetup
  let options: LayoutOptions
  let edition: Edition
  let session: EngravingSession
  /// The cache and what, besides the tune's text, its layout depends on.
  var cache: (TuneCache, Context)?

  /// The file header and the directives between tunes before this one (for its key: a
  /// running hash, so a directive costs the same however many came before).
  struct Context {
    var header = ""
    var directives = TuneCache.KeyHasher()
  }

  /// The PDF being written, if it is one: each tune's pieces are drawn as PDF operators on
  /// the worker (and kept in the cache with the layout).
  var pdf: OutputBox<PDFOutput>?

  func run(_ workspace: RenderWorkspace) -> EngravingRun.TuneResult {
    CrashReporter.begin(CrashReporter.identity(line: source.startLine, file: source.file))
    defer { CrashReporter.end() }
    guard let (cache, context) = self.cache else { return drawn(engrave(workspace), workspace) }
    let key = cache.key(
      header: context.header, directives: context.directives.hex, headerTitles: headerTitles, source: source)
    // Records with PDF operators are kept apart from those of image outputs (layout only).
    let kind = pdf == nil ? "layout" : "pdflayout"
    // A record's last byte says whether the tune has a `.warnings` record (1) or not (0): a
    // tune without warnings (most of a book) does not look for one.
    if var bytes = cache.read(key, pathExtension: kind), let hasWarnings = bytes.popLast(), hasWarnings <= 1,
      let engraved = EngravedTune(
        encoded: bytes, firstLine: source.startLine, unpack: CompressedRecord.unpack,
        rendering: { PDFFragment(encoded: $0) })
    {
      let warnings =
        hasWarnings == 1 ? cache.readWarnings(key: key, firstLine: source.startLine, file: source.file) : []
      return EngravingRun.TuneResult(engraved: engraved, diagnostics: warnings, trailing: trailing)
    }
    var result = drawn(engrave(workspace), workspace)
    // Tunes with errors are engraved again on every run, so their messages are too; warnings
    // are kept with the record.
    if TuneCache.mayStore(result.diagnostics, file: source.file),
      var bytes = result.engraved?.encoded(
        firstLine: source.startLine, pack: CompressedRecord.pack,
        // Operators are packed; a run unpacks them only for pages it draws again.
        rendering: { ($0.rendering as? PDFFragment)?.encoded() },
        itemsNeeded: pdf == nil)
    {
      cache.writeWarnings(result.diagnostics, key: key, firstLine: source.startLine)
      bytes.append(result.diagnostics.isEmpty ? 0 : 1)
      cache.write(bytes, key: key, pathExtension: kind)
    }
    return result
  }

  /// The result with its pieces drawn as PDF operators when the output is a PDF.
  private func drawn(_ result: EngravingRun.TuneResult, _ workspace: RenderWorkspace)
    -> EngravingRun.TuneResult
  {
    guard let pdf, var engraved = result.engraved, let groups = engraved.keptGroups() else { return result }
    // A piece that cannot be drawn here is drawn (and its error reported) with its page.
    try? pdf.output.makeFragments(groups, in: workspace)
    var drawn = result
    drawn.engraved = engraved
    return drawn
  }

  private func engrave(_ workspace: RenderWorkspace) -> EngravingRun.TuneResult {
    let parsed = BookAssembler.parse(source, headerTitles: headerTitles)
    guard var tune = parsed.tune else {
      return EngravingRun.TuneResult(engraved: nil, diagnostics: parsed.diagnostics, trailing: trailing)
    }
    if let title = Self.crashTest, tune.title == title {
      fatalError("crash test: the tune titled '\(title)' stops the program")
    }
    tune = edition.apply(tune)
    let included = FormatInclude.expand(tune, file: source.file)
    tune = included.tune
    var format = FormatDirectives(setup: setup, options: options)
    format.apply(tune: tune)
    let warnings = TuneWarnings.of(
      tune, included: included.warnings, format: format, file: source.file, checksBars: session.checksBars)
    let engraver = session.engraver(workspace, setup: format.setup, options: format.options)
    return EngravingRun.TuneResult(
      engraved: engraver.engrave(tune: tune), diagnostics: parsed.diagnostics + warnings, trailing: trailing)
  }

  /// A test hook for crash isolation: `ABCPRESS_CRASH_TEST=TITLE` makes the engine trap on
  /// the tune of that title, as an internal error would.
  static let crashTest = EnvironmentVariable.value("ABCPRESS_CRASH_TEST")

  /// The error box that stands in for a tune that crashed an earlier attempt, and the error.
  static func failed(_ source: TuneSource, titles: [String], trailing: [TextBlock], engraver: Engraver)
    -> EngravingRun.TuneResult
  {
    let fileName = ((source.file ?? "<stdin>") as NSString).lastPathComponent
    let place = "\(fileName):\(source.startLine)"
    let number = source.referenceNumber.map { "X:\($0)" } ?? "The tune"
    let title = source.firstTitle.map { TextTypography.display($0) } ?? number
    let box = engraver.errorBox(
      title: title,
      message: [
        "\(number) (\(place)) is not engraved: ABCPress stopped with an internal error on it.",
        "The rest of the book was made; please report the tune to the ABCPress developers.",
      ])
    let error = Diagnostic(
      .error, "internal error while engraving this tune; it is drawn as an error box in its place",
      at: SourceRange(SourceLocation(line: source.startLine, column: 1)), file: source.file)
    return EngravingRun.TuneResult(engraved: box, diagnostics: [error], trailing: trailing)
  }
}
