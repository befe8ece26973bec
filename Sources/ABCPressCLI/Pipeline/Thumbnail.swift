import Book
import DisplayList
import Foundation
import Layout
import Render
import ScoreModel
import Transposition

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
  /// `--padding`: paper kept around the music on every side, in points.
  var padding = 3.0
  /// `--scale fixed`: pixels per point the same for every tune (`width` for the template's
  /// full page width), rather than every image `width` pixels wide.
  var fixedScale = false
  /// `--max-height`: taller images are scaled down to this many pixels.
  var maxHeight: Double?
  /// `--transpose` and `--edition`.
  var edition = Edition()

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
    /// What the image shows and its size (for `--manifest`).
    var facts: ThumbnailFacts?
  }

  /// Pixels per point for a cropped page: the same width for every image, or (`--scale
  /// fixed`) the same scale, either way scaled down to `--max-height`.
  func pixelsPerPoint(_ page: DisplayPage) -> Double {
    var scale = width / (fixedScale ? base.setup.width : page.width)
    if let maxHeight, page.height * scale > maxHeight { scale = maxHeight / page.height }
    return scale
  }

  func make(_ item: TuneStream.Item, workspace: RenderWorkspace) -> Result {
    let key = cache?.key(for: item)
    let pathExtension = format == .png ? "png" : "svg"
    if let cache, let key, let hit = cache.lookup(key, pathExtension: pathExtension) {
      let wanted = OutputPattern.fileName(
        pattern, number: hit.facts.number, title: hit.facts.title, position: item.position,
        file: item.source.file)
      let warnings = cache.readWarnings(key: key, firstLine: item.source.startLine, file: item.source.file)
      return Result(
        diagnostics: warnings, tune: true, place: (item.source.file, item.source.startLine),
        number: hit.facts.number,
        cached: (hit.bytes, wanted), facts: hit.facts)
    }
    let identity = CrashReporter.identity(line: item.source.startLine, file: item.source.file)
    if CrashReporter.failedTunes.contains(identity) {
      let failed = Diagnostic(
        .error, "internal error while engraving this tune (it stopped the program); no thumbnail written",
        at: SourceRange(SourceLocation(line: item.source.startLine, column: 1)), file: item.source.file)
      return Result(diagnostics: [failed], tune: true, place: (item.source.file, item.source.startLine))
    }
    CrashReporter.begin(identity)
    defer { CrashReporter.end() }
    let (prepared, found) = PreparedTune.prepare(
      item, base: base, edition: edition, checksBars: session.checksBars)
    guard let prepared else { return Result(diagnostics: found, tune: false) }
    let (tune, own, diagnostics) = (prepared.tune, prepared.format, prepared.diagnostics)
    if let title = TuneJob.crashTest, tune.title == title {
      fatalError("crash test: the tune titled '\(title)' stops the program")
    }
    let place = (item.source.file, item.source.startLine)
    let engraver = session.engraver(workspace, setup: own.setup, options: own.options)
    let list = engraver.engrave([tune])
    guard let page = IncipitCrop.crop(list.pages, bars: bars, pad: padding) else {
      let nothing = Diagnostic(
        .warning, "X:\(tune.referenceNumber) has nothing to draw: no thumbnail written", at: tune.range,
        file: item.source.file)
      return Result(diagnostics: diagnostics + [nothing], tune: true)
    }
    let wanted = OutputPattern.fileName(pattern, tune: tune, position: item.position, file: item.source.file)
    let scale = pixelsPerPoint(page)
    var facts = ThumbnailFacts(
      number: tune.referenceNumber, title: tune.title, key: tune.initialKey.abcText,
      meter: tune.initialMeter.abcText, width: Int((page.width * scale).rounded()),
      height: Int((page.height * scale).rounded()))
    let final = URL(fileURLWithPath: wanted)
    let url = TemporaryFiles.path(in: final.deletingLastPathComponent(), suffix: "." + final.pathExtension)
    TemporaryFiles.register(url.path)
    do {
      try TemporaryFiles.createFolder(for: final)
      let single = DisplayList(pages: [page], title: tune.title)
      switch self.format {
      case .png:
        let output = try ImageOutput(url: url, kind: .png(dpi: scale * 72), palette: palette)
        try output.write(single, workspace: workspace)
        if let size = Self.pngSize(url) { (facts.width, facts.height) = size }
      default:
        try ImageOutput(url: url, kind: .svg, palette: palette).write(single, workspace: workspace)
        try ThumbsCommand.setSVGWidth(url, width: Double(facts.width), aspect: page.height / page.width)
      }
    } catch {
      unlink(url.path)
      TemporaryFiles.unregister(url.path)
      var reason = (error as? RenderError).map(\.description) ?? FileErrorText.reason(error)
      if case .io(_, let cause)? = error as? RenderError { reason = cause }
      let failed = Diagnostic(
        .error, "cannot write the thumbnail \(wanted): \(reason)", at: tune.range, file: item.source.file)
      return Result(diagnostics: diagnostics + [failed], tune: true, place: place)
    }
    if let cache, let key, TuneCache.mayStore(diagnostics, file: item.source.file) {
      cache.writeWarnings(diagnostics, key: key, firstLine: item.source.startLine)
      cache.store(key, pathExtension: pathExtension, file: url, facts: facts)
    }
    return Result(
      diagnostics: diagnostics, tune: true, written: (url, wanted), place: place,
      number: tune.referenceNumber,
      facts: facts)
  }

  /// A PNG's width and height from its header.
  static func pngSize(_ url: URL) -> (Int, Int)? {
    guard let handle = try? FileHandle(forReadingFrom: url), let data = try? handle.read(upToCount: 24),
      data.count == 24
    else { return nil }
    try? handle.close()
    let bytes = [UInt8](data)
    func number(_ at: Int) -> Int { bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
    return (number(16), number(20))
  }
}
