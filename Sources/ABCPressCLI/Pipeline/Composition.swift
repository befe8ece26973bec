import ABCParser
import Book
import DisplayList
import Foundation
import Layout
import Render
import ScoreModel

/// The in-order half of a run: diagnostics printed, directives applied, pieces composed
/// into pages by a BookComposer made once the first file's header is known.
struct Composition {
  let console: Console
  let makeEngraver: (PageSetup, LayoutOptions) -> Engraver
  let pageCount: Int?
  /// Takes every body page as soon as it is finished.
  let onPage: (DisplayPage) -> Void
  private var matter: BookMatter
  private var format: FormatDirectives
  private var composer: BookComposer?
  /// The format at the start of each open book-file section or set.
  private var scopes: [FormatDirectives] = []
  private var sawHeader = false
  private var currentFile: String?
  private(set) var summary = EngravingRun.Summary()
  private let reporter: DiagnosticReporter

  init(
    run: EngravingRun, engraver: @escaping (PageSetup, LayoutOptions) -> Engraver, pageCount: Int?,
    onPage: @escaping (DisplayPage) -> Void
  ) {
    console = run.console
    reporter = DiagnosticReporter(console: run.console)
    makeEngraver = engraver
    self.pageCount = pageCount
    self.onPage = onPage
    matter = run.matter
    format = run.session.base
  }

  /// Takes the next piece in book order.
  mutating func add(_ piece: RunPiece) {
    switch piece {
    case .header(let header):
      currentFile = header.file
      guard !sawHeader else { return }
      sawHeader = true
      func field(_ label: Character) -> String? {
        header.fields.first { $0.label == label }.map { TextTypography.display($0.value) }
      }
      matter.title = matter.title ?? field("T")
      matter.author = matter.author ?? field("Z") ?? field("C")
    case .book(.block(let block)):
      withComposer { $0.add(block) }
    case .book(.directive(let directive)): apply([directive])
    case .directives(let directives): apply(directives)
    case .formatScope(.open): scopes.append(format)
    case .formatScope(.close):
      guard let saved = scopes.popLast() else { return }
      format = saved
      composer?.setStyle(setup: format.setup, options: format.options)
    case .book(.diagnostics(let found)):
      for diagnostic in found { report(diagnostic) }
    case .book(.tune(let source, let titles, let trailing)):
      // Only reached when a tune is composed in order without a worker (not used by runs).
      _ = (source, titles, trailing)
    }
  }

  /// Directives between tunes, in order: those between two `%%multicol` lines together (a
  /// pair of margins is checked as a pair), each `%%multicol` where it stands.
  private mutating func apply(_ directives: [Directive]) {
    let known = format.warnings.count
    let knownFonts = format.namedFonts.count
    var pending: [Directive] = []
    func flush(_ composition: inout Composition) {
      guard !pending.isEmpty else { return }
      composition.format.apply(pending)
      composition.composer?.setStyle(setup: composition.format.setup, options: composition.format.options)
      pending = []
    }
    for directive in directives {
      guard directive.name.lowercased() == "multicol" else {
        pending.append(directive)
        continue
      }
      flush(&self)
      let action = directive.arguments.trimmingCharacters(in: .whitespaces)
      var understood = true
      withComposer { understood = $0.multicol(action) }
      if !understood {
        report(
          Diagnostic(
            .warning, "%%multicol takes start, new or end, not '\(Diagnostic.excerpt(action))'",
            at: directive.range, file: currentFile))
      }
    }
    flush(&self)
    for warning in format.warnings.dropFirst(known) {
      report(Diagnostic(.warning, warning.message, at: warning.range, file: currentFile))
    }
    for warning in FontCheck.warnings(format.namedFonts.dropFirst(knownFonts), file: currentFile) {
      report(warning)
    }
    composer?.setStyle(setup: format.setup, options: format.options)
  }

  /// Takes a tune laid out by a worker, in book order.
  mutating func add(_ result: EngravingRun.TuneResult) {
    // A tune's diagnostics as one batch: in order of position, printed in one write.
    if !result.diagnostics.isEmpty { reporter.report(result.diagnostics) }
    guard let engraved = result.engraved else { return }
    summary.tunes += 1
    withComposer { composer in
      composer.add(engraved)
      for block in result.trailing { composer.add(text: block) }
    }
  }

  /// Closes the book.
  mutating func finish() -> BookEnd {
    reporter.finish()
    summary.hasErrors = reporter.hasErrors
    withComposer { _ in }
    summary.needsPageCount =
      composer.map { BookComposer.needsPageCount($0.setup) } == true && pageCount == nil
    return composer!.finish()
  }

  private mutating func withComposer(_ body: (inout BookComposer) -> Void) {
    if composer == nil {
      let made = BookComposer(
        engraver: makeEngraver(format.setup, format.options), matter: matter, pageCount: pageCount)
      made.onPage = onPage
      composer = made
    }
    body(&composer!)
  }

  private mutating func report(_ diagnostic: Diagnostic) {
    reporter.report(diagnostic)
  }
}
