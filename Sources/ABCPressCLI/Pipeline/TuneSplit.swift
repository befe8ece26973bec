import Book
import DisplayList
import Foundation
import Layout
import Render
import ScoreModel
import Transposition

/// `render --split`: one tune engraved on its own pages into its own PDF (or PNG/SVG
/// pages) on a worker, written in a private temporary folder; the run names the files in
/// input order (`OutputNames`) and moves them out.
struct TuneSplit: @unchecked Sendable {
  let session: EngravingSession
  let pattern: String
  let format: OutputFormat
  let dpi: Double
  let edition: Edition

  struct Result: Sendable {
    var diagnostics: [Diagnostic]
    var tune = false
    /// The private folder, the files in it (one per page for images), the wanted name.
    var written: (folder: URL, files: [URL], wanted: String)?
    var number = 0
    var place: (file: String?, line: Int) = (nil, 1)
  }

  func make(_ item: TuneStream.Item, workspace: RenderWorkspace) -> Result {
    let (prepared, found) = PreparedTune.prepare(
      item, base: session.base, edition: edition, checksBars: session.checksBars)
    guard let prepared else { return Result(diagnostics: found) }
    let (tune, own, diagnostics) = (prepared.tune, prepared.format, prepared.diagnostics)
    let place = (item.source.file, item.source.startLine)
    let list = session.engraver(workspace, setup: own.setup, options: own.options).engrave([tune])
    let wanted = OutputPattern.fileName(pattern, tune: tune, position: item.position, file: item.source.file)
    let final = URL(fileURLWithPath: wanted)
    let folder = TemporaryFiles.path(in: final.deletingLastPathComponent())
    TemporaryFiles.register(folder.path)
    do {
      try TemporaryFiles.createFolder(for: final)
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
      let url = folder.appendingPathComponent("tune." + final.pathExtension)
      let files: [URL]
      switch self.format {
      case .pdf:
        files = try PDFOutput(url: url, fonts: session.fonts, palette: session.palette).write(
          list, workspace: workspace)
      case .png:
        files = try ImageOutput(url: url, kind: .png(dpi: dpi), palette: session.palette).write(
          list, workspace: workspace)
      case .svg:
        files = try ImageOutput(url: url, kind: .svg, palette: session.palette).write(
          list, workspace: workspace)
      }
      return Result(
        diagnostics: diagnostics, tune: true, written: (folder, files, wanted), number: tune.referenceNumber,
        place: place)
    } catch {
      try? FileManager.default.removeItem(at: folder)
      TemporaryFiles.unregister(folder.path)
      var reason = "\(error)"
      if case .io(_, let cause)? = error as? RenderError { reason = cause }
      let failed = Diagnostic(
        .error, "cannot write \(wanted): \(reason)", at: tune.range, file: item.source.file)
      return Result(
        diagnostics: diagnostics + [failed], tune: true, number: tune.referenceNumber, place: place)
    }
  }

  /// Moves a tune's files to their names (numbered pages for several images) and removes
  /// its private folder; returns how many files were placed, or why it failed.
  static func place(_ written: (folder: URL, files: [URL], wanted: String), names: inout OutputNames)
    -> Swift.Result<Int, RenderError>
  {
    defer {
      try? FileManager.default.removeItem(at: written.folder)
      TemporaryFiles.unregister(written.folder.path)
    }
    let name = URL(fileURLWithPath: names.claim(written.wanted))
    let destinations = OutputFormat.pageURLs(for: name, pageCount: written.files.count)
    for (file, destination) in zip(written.files, destinations) where rename(file.path, destination.path) != 0
    {
      return .failure(.io(path: destination.path, reason: TemporaryFiles.reason(errno)))
    }
    return .success(written.files.count)
  }
}
