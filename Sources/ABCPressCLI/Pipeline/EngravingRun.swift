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
  var edition = Edition()
  /// The book's matter; a nil title or author comes from the first file's header.
  var matter = BookMatter()
  /// `rhythm` or `key` to sort tunes into sections.
  var groupBy: String?
  /// `--cache`: tunes laid out by earlier runs.
  var cache: TuneCache?
  /// Folders are read as books: each subfolder a section (`book`).
  var foldersAsSections = false
  /// A book file's inputs, in place of `inputs`.
  var entries: [InputEntry]?

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
    let workspaces = try Workspaces(
      session: session, jobs: session.jobs, shapesWhenMeasuring: output?.writesGlyphs ?? false)
    let coordinator = workspaces.coordinator
    let source = PieceSource(
      input: InputStream(
        paths: inputs, standardInput: standardInput, sections: foldersAsSections, entries: entries))
    let grouped: [RunPiece]? = groupBy.map { source.grouped(by: $0) }
    var groupedHead = 0
    func readPiece() -> RunPiece? {
      guard let list = grouped else { return source.next() }
      guard groupedHead < list.count else { return nil }
      defer { groupedHead += 1 }
      return list[groupedHead]
    }
    // Directives standing together between tunes are applied together, so that margins
    // changed in two lines (`%%leftmargin`, `%%rightmargin` of a %%multicol column) are
    // checked as a pair, not each against the other's old value.
    var lookahead: RunPiece?
    func nextPiece() -> RunPiece? {
      if let piece = lookahead {
        lookahead = nil
        return piece
      }
      guard let piece = readPiece() else { return nil }
      guard case .book(.directive(let first)) = piece else { return piece }
      var batch = [first]
      while let following = readPiece() {
        guard case .book(.directive(let directive)) = following else {
          lookahead = following
          break
        }
        batch.append(directive)
      }
      return batch.count == 1 ? piece : .directives(batch)
    }

    let pages = PageQueue(output: output, pool: pool, workspaces: workspaces)
    let pdf = output.flatMap { $0 as? PDFOutput }.map(OutputBox.init)
    var composition = Composition(
      run: self,
      engraver: { setup, options in session.engraver(coordinator, setup: setup, options: options) },
      pageCount: pageCount, onPage: { pages.take($0) })
    var submitFormat = session.base
    var context = TuneJob.Context()
    /// The format (and its cache digest) at the start of each open book-file section or set.
    var scopes: [(FormatDirectives, TuneJob.Context)] = []
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
            edition: edition, session: session, cache: cache.map { ($0, context) })
          job.pdf = pdf
          let submitted = job
          let future = pool.submit { worker in submitted.run(workspaces[worker]) }
          queue.append(.tune(future, size: tune.size))
          inFlight = (inFlight.tunes + 1, inFlight.size + tune.size)
          continue
        }
        if case .book(.directive(let directive)) = piece {
          submitFormat.apply(directive)
          if cache != nil { context.directives.add(directive) }
        }
        if case .directives(let directives) = piece {
          submitFormat.apply(directives)
          if cache != nil { for directive in directives { context.directives.add(directive) } }
        }
        if case .formatScope(let edge) = piece {
          switch edge {
          case .open: scopes.append((submitFormat, context))
          case .close: if let saved = scopes.popLast() { (submitFormat, context) = saved }
          }
        }
        if case .header(let header) = piece, cache != nil { context.header = TuneStream.headerText(header) }
        queue.append(.piece(piece))
      }
      guard queueHead < queue.count else { break }
      let next = queue[queueHead]
      queue[queueHead] = .done
      queueHead += 1
      // Done entries are dropped once they are half the queue: each costs one move, however
      // many directives (a format file of 400,000) wait behind them.
      if queueHead > 256 && queueHead * 2 > queue.count {
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
    let matter = end.matter
    summary.numberedPages = end.bodyCount + matter.backCount
    if let output, summary.tunes > 0 {
      if reportsProgress {
        RunProgress.current?.add(pages: matter.frontCount + end.bodyCount + matter.backCount)
      }
      // Matter pages are set on the workers, each with its own measurer.
      let front = try pages.encode(count: matter.frontCount) { number, workspace in
        matter.measured(with: workspace.measurer).frontPage(number)
      }
      let back = try pages.encode(count: matter.backCount) { number, workspace in
        matter.measured(with: workspace.measurer).backPage(number)
      }
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
