import Book
import DisplayList
import Foundation
import Layout
import Render
import ScoreModel

/// One tune's thumbnail made on a worker: parse, lay out alone on a tall page, crop to the
/// incipit or the whole music, and write the image file (under a temporary name first).
struct Thumbnail: @unchecked Sendable {
  let session: EngravingSession
  let base: FormatDirectives
  let bars: Int?
  let pattern: String
  let format: OutputFormat
  let width: Double
  let palette: RolePalette

  struct Result: Sendable {
    var diagnostics: [Diagnostic]
    /// Whether the item was a tune (counted even when it drew nothing).
    var tune: Bool
    var failure: RenderFailure?
  }

  func make(_ item: TuneStream.Item, workspace: RenderWorkspace) -> Result {
    let parsed = BookAssembler.parse(item.source, headerTitles: item.headerTitles)
    guard let tune = parsed.tune else { return Result(diagnostics: parsed.diagnostics, tune: false) }
    var format = base
    format.apply(item.directives)
    var own = FormatDirectives(setup: format.setup, options: format.options)
    own.apply(tune: tune)
    let warnings =
      own.warnings.map { Diagnostic(.warning, $0.message, at: $0.range, file: item.source.file) }
      + UndrawnNotation.warnings(for: tune, file: item.source.file)
    let diagnostics = parsed.diagnostics + warnings
    let engraver = session.engraver(workspace, setup: own.setup, options: own.options)
    let list = engraver.engrave([tune])
    guard let page = IncipitCrop.crop(list.pages, bars: bars) else {
      return Result(diagnostics: diagnostics, tune: true)
    }
    let url = URL(fileURLWithPath: ThumbsCommand.fileName(pattern, tune: tune, position: item.position))
    do {
      try FileManager.default.createDirectory(
        at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      let single = DisplayList(pages: [page], title: tune.title)
      switch self.format {
      case .png:
        let output = try ImageOutput(url: url, kind: .png(dpi: width / page.width * 72), palette: palette)
        try output.write(single, workspace: workspace)
      default:
        try ImageOutput(url: url, kind: .svg, palette: palette).write(single, workspace: workspace)
        try ThumbsCommand.setSVGWidth(url, width: width, aspect: page.height / page.width)
      }
    } catch {
      return Result(diagnostics: diagnostics, tune: true, failure: RenderFailure(error))
    }
    return Result(diagnostics: diagnostics, tune: true)
  }
}
