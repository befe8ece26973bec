import ABCParser
import Book
import DisplayList
import Foundation
import Layout
import Render
import ScoreModel
import Transposition

/*
 EngravingRun — the engine over a run's inputs: read, lay out in parallel, compose, write.

 Method. One coordinating thread reads the inputs as pieces (PieceSource) and hands each
 tune to the work pool: parse, transpose, apply the tune's own directives and lay it out,
 on whichever worker is free, with that worker's text measurer. The coordinator takes
 the results back in book order, prints their diagnostics, places them with the
 BookComposer, and hands every page the composer finishes back to the pool to be encoded
 for the output (PDF content, PNG or SVG file); encoded pages are written in order. At
 most a window of tunes (by count and by source size) and of pages is in flight, so memory
 stays bounded whatever the length of the book, and the output is the same whatever the
 number of workers. Directives between tunes apply from where they stand: to the tunes
 read after them and to the pages filled after them.

     read ─→ [parse+layout]×N ─→ compose (in order) ─→ [encode page]×N ─→ write (in order)

 Limits. Running heads that print the page count need a first pass to count pages
 (`run` reports `needsPageCount`; the caller runs again).
 */

/// One pass of the engine over the inputs into a page output.
struct EngravingRun {
  let session: EngravingSession
  var console: Console
  let inputs: [String]
  var standardInput: StandardInput?
  var transpose = 0
  /// The book's matter; a nil title or author comes from the first file's header.
  var matter = BookMatter()
  /// `rhythm` or `key` to sort tunes into sections.
  var groupBy: String?
  /// `--cache`: tunes laid out by earlier runs.
  var cache: TuneCache?

  /// What a pass did.
  struct Summary {
    var hasErrors = false
    var tunes = 0
    /// Body and back-matter pages: the count `{pages}` prints.
    var numberedPages = 0
    var needsPageCount = false
    var files: [URL] = []
  }

  /// What a worker returns for a tune.
  struct TuneResult: Sendable {
    var engraved: EngravedTune?
    var diagnostics: [Diagnostic]
    var trailing: [TextBlock]
  }

  /// Tunes in flight at most per thread, and their source size in all (Unicode scalars).
  static let tunesPerThread = 8
  /// Whether this run counts for the progress line and summary (not a counting pass).
  var reportsProgress = true
  static let sourceWindow = 4 << 20

  /// Runs the inputs into `output` (nil: lay out and count only). `pageCount` is what
  /// `{pages}` prints, from an earlier pass.
  func run<Output: PageOutput>(into output: Output?, pageCount: Int?) throws -> Summary {
    let pool = WorkPool(jobs: session.jobs)
    defer { pool.shutdown() }
    let workspaces = try Workspaces(session: session, jobs: session.jobs)
    let coordinator = workspaces.coordinator
    let source = PieceSource(
      input: InputStream(paths: inputs, standardInput: standardInput))
    let grouped: [RunPiece]? = groupBy.map { source.grouped(by: $0) }
    var groupedHead = 0
    func nextPiece() -> RunPiece? {
      guard let list = grouped else { return source.next() }
      guard groupedHead < list.count else { return nil }
      defer { groupedHead += 1 }
      return list[groupedHead]
    }

    let pages = PageQueue(output: output, pool: pool, workspaces: workspaces)
    let pdf = output.flatMap { $0 as? PDFOutput }.map(OutputBox.init)
    var composition = Composition(
      run: self,
      engraver: { setup, options in session.engraver(coordinator, setup: setup, options: options) },
      pageCount: pageCount, onPage: { pages.take($0) })
    var submitFormat = session.base
    var context = TuneJob.Context()
    if !session.formatWarnings.isEmpty { composition.add(.book(.diagnostics(session.formatWarnings))) }
    var queue: [Queued] = []
    var queueHead = 0
    var inFlight = (tunes: 0, size: 0)
    let maxTunes = Self.tunesPerThread * (pool.workerCount + 1)

    while true {
      while inFlight.tunes < maxTunes, inFlight.size < Self.sourceWindow, let piece = nextPiece() {
        if case .book(.tune(let tune, let titles, let trailing)) = piece {
          let identity = CrashReporter.identity(line: tune.startLine, file: tune.file)
          if CrashReporter.failedTunes.contains(identity) {
            let engraver = session.engraver(
              coordinator, setup: submitFormat.setup, options: submitFormat.options)
            queue.append(
              .failed(TuneJob.failed(tune, titles: titles, trailing: trailing, engraver: engraver)))
            continue
          }
          let format = (submitFormat.setup, submitFormat.options)
          var job = TuneJob(
            source: tune, headerTitles: titles, trailing: trailing, setup: format.0, options: format.1,
            transpose: transpose, session: session, cache: cache.map { ($0, context) })
          job.pdf = pdf
          let submitted = job
          let future = pool.submit { worker in submitted.run(workspaces[worker]) }
          queue.append(.tune(future, size: tune.size))
          inFlight = (inFlight.tunes + 1, inFlight.size + tune.size)
          continue
        }
        if case .book(.directive(let directive)) = piece {
          submitFormat.apply(directive)
          if cache != nil { context.directives.append(directive) }
        }
        if case .header(let header) = piece, cache != nil { context.header = TuneStream.headerText(header) }
        queue.append(.piece(piece))
      }
      guard queueHead < queue.count else { break }
      let next = queue[queueHead]
      queue[queueHead] = .done
      queueHead += 1
      if queueHead > 256 {
        queue.removeFirst(queueHead)
        queueHead = 0
      }
      switch next {
      case .tune(let future, let size):
        inFlight = (inFlight.tunes - 1, inFlight.size - size)
        composition.add(pool.wait(for: future))
        if reportsProgress { RunProgress.current?.tuneDone() }
      case .piece(let piece): composition.add(piece)
      case .failed(let result):
        composition.add(result)
        if reportsProgress { RunProgress.current?.tuneDone() }
      case .done: break
      }
      if let failure = pages.failure { throw failure }
    }
    let end = composition.finish()
    try pages.submit(end.lastBodyPages)
    if let failure = pages.failure { throw failure }
    try pages.drain()
    var summary = composition.summary
    summary.numberedPages = end.bodyCount + end.back.count
    if let output, summary.tunes > 0 {
      if reportsProgress { RunProgress.current?.add(pages: end.front.count + end.bodyCount + end.back.count) }
      let front = try pages.encode(end.front)
      let back = try pages.encode(end.back)
      summary.files = try output.finish(
        front: front, back: back, facts: DocumentFacts(title: end.title, info: end.info, outline: end.outline)
      )
    }
    return summary
  }

  enum Queued {
    case tune(Future<TuneResult>, size: Int)
    case piece(RunPiece)
    /// A tune that crashed an earlier attempt (see Supervisor): its error box.
    case failed(TuneResult)
    case done
  }
}

/// A tune's work on a worker: parse, transpose, the tune's directives, layout — or its
/// layout read back from the cache when an earlier run stored it.
struct TuneJob: @unchecked Sendable {
  let source: TuneSource
  let headerTitles: [String]
  let trailing: [TextBlock]
  let setup: PageSetup
  let options: LayoutOptions
  let transpose: Int
  let session: EngravingSession
  /// The cache and what, besides the tune's text, its layout depends on.
  var cache: (TuneCache, Context)?

  /// The file header and the directives between tunes before this one (for its key).
  struct Context {
    var header = ""
    var directives: [Directive] = []
  }

  /// The PDF being written, if it is one: each tune's pieces are drawn as PDF operators on
  /// the worker (and kept in the cache with the layout).
  var pdf: OutputBox<PDFOutput>?

  func run(_ workspace: RenderWorkspace) -> EngravingRun.TuneResult {
    CrashReporter.begin(CrashReporter.identity(line: source.startLine, file: source.file))
    defer { CrashReporter.end() }
    guard let (cache, context) = self.cache else { return drawn(engrave(workspace), workspace) }
    let key = cache.key(
      header: context.header, directives: context.directives, headerTitles: headerTitles, text: source.text)
    // Records with PDF operators are kept apart from those of image outputs (layout only).
    let kind = pdf == nil ? "layout" : "pdflayout"
    if let stored = cache.read(key, pathExtension: kind), let bytes = CheckedRecord.open(stored),
      let engraved = EngravedTune(
        encoded: bytes, firstLine: source.startLine, unpack: CompressedRecord.unpack,
        rendering: { CompressedRecord.unpack($0).flatMap(PDFFragment.init(encoded:)) })
    {
      return EngravingRun.TuneResult(engraved: engraved, diagnostics: [], trailing: trailing)
    }
    var result = drawn(engrave(workspace), workspace)
    // Tunes with diagnostics are engraved again on every run, so their messages are too.
    if result.diagnostics.isEmpty,
      let bytes = result.engraved?.encoded(
        firstLine: source.startLine, pack: CompressedRecord.pack,
        rendering: { ($0.rendering as? PDFFragment).map { CompressedRecord.pack($0.encoded()) } },
        itemsNeeded: pdf == nil)
    {
      cache.write(CheckedRecord.seal(bytes), key: key, pathExtension: kind, atomic: false)
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
    if transpose != 0 { tune = Transposer(semitones: transpose).transpose(tune) }
    var format = FormatDirectives(setup: setup, options: options)
    format.apply(tune: tune)
    let warnings =
      format.warnings.map { Diagnostic(.warning, $0.message, at: $0.range, file: source.file) }
      + UndrawnNotation.warnings(for: tune, file: source.file)
    let engraver = session.engraver(workspace, setup: format.setup, options: format.options)
    return EngravingRun.TuneResult(
      engraved: engraver.engrave(tune: tune), diagnostics: parsed.diagnostics + warnings, trailing: trailing)
  }

  /// A test hook for crash isolation: `ABCPRESS_CRASH_TEST=TITLE` makes the engine trap on
  /// the tune of that title, as an internal error would.
  static let crashTest = ProcessInfo.processInfo.environment["ABCPRESS_CRASH_TEST"]

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
