import Book
import DisplayList
import Foundation
import Layout
import Render
import ScoreModel

/// One tune's thumbnail made on a worker: parse, lay out alone on a tall page, crop to the
/// incipit or the whole music, and write the image under a temporary name; the run then
/// names it, in input order, so names never collide (`OutputNames`).
struct Thumbnail: @unchecked Sendable {
  let session: EngravingSession
  let base: FormatDirectives
  let bars: Int?
  let pattern: String
  let format: OutputFormat
  let width: Double
  let palette: RolePalette
  /// `--cache`: stored thumbnails of earlier runs.
  var cache: TuneCache?

  struct Result: Sendable {
    var diagnostics: [Diagnostic]
    /// Whether the item was a tune (counted even when it drew nothing).
    var tune: Bool
    /// The image written under a temporary name, and the name the pattern gives it.
    var written: (temporary: URL, wanted: String)?
    /// Where the tune is, for reports about its file.
    var place: (file: String?, line: Int) = (nil, 1)
    var number = 0
    /// A cache hit: the stored image and the name the pattern gives it.
    var cached: (bytes: [UInt8], wanted: String)?
  }

  func make(_ item: TuneStream.Item, workspace: RenderWorkspace) -> Result {
    let key = cache?.key(for: item)
    let pathExtension = format == .png ? "png" : "svg"
    if let cache, let key, let hit = cache.lookup(key, pathExtension: pathExtension) {
      let wanted = ThumbsCommand.fileName(
        pattern, number: hit.number, title: hit.title, position: item.position)
      return Result(
        diagnostics: [], tune: true, place: (item.source.file, item.source.startLine), number: hit.number,
        cached: (hit.bytes, wanted))
    }
    let (prepared, found) = PreparedTune.prepare(item, base: base)
    guard let prepared else { return Result(diagnostics: found, tune: false) }
    let (tune, own, diagnostics) = (prepared.tune, prepared.format, prepared.diagnostics)
    let place = (item.source.file, item.source.startLine)
    let engraver = session.engraver(workspace, setup: own.setup, options: own.options)
    let list = engraver.engrave([tune])
    guard let page = IncipitCrop.crop(list.pages, bars: bars) else {
      let nothing = Diagnostic(
        .warning, "X:\(tune.referenceNumber) has nothing to draw: no thumbnail written", at: tune.range,
        file: item.source.file)
      return Result(diagnostics: diagnostics + [nothing], tune: true)
    }
    let wanted = ThumbsCommand.fileName(pattern, tune: tune, position: item.position)
    let final = URL(fileURLWithPath: wanted)
    let url = final.deletingLastPathComponent().appendingPathComponent(
      ".abcpress-\(UUID().uuidString).\(final.pathExtension)")
    TemporaryFiles.register(url.path)
    do {
      try TemporaryFiles.createFolder(for: final)
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
      unlink(url.path)
      TemporaryFiles.unregister(url.path)
      var reason = (error as? RenderError).map(\.description) ?? "\(error)"
      if case .io(_, let cause)? = error as? RenderError { reason = cause }
      let failed = Diagnostic(
        .error, "cannot write the thumbnail \(wanted): \(reason)", at: tune.range, file: item.source.file)
      return Result(diagnostics: diagnostics + [failed], tune: true, place: place)
    }
    if let cache, let key, diagnostics.isEmpty {
      cache.store(
        key, pathExtension: pathExtension, file: url, number: tune.referenceNumber, title: tune.title)
    }
    return Result(
      diagnostics: diagnostics, tune: true, written: (url, wanted), place: place, number: tune.referenceNumber
    )
  }
}
