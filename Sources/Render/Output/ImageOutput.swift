import DisplayList
import Foundation

/// PNG or SVG files, one per page, rendered with cairo as the pages arrive and named when
/// the document is complete: `OUT.png` for a single page, else `OUT-1.png`, `OUT-2.png`, …
public final class ImageOutput: PageOutput {
  public enum Kind: Sendable {
    case png(dpi: Double)
    case svg
  }

  public let url: URL
  public let kind: Kind
  public let palette: RolePalette
  private var body: [URL] = []
  private let lock = NSLock()
  private var temporaries: [URL] = []

  public init(url: URL, kind: Kind, palette: RolePalette) throws {
    if case .png(let dpi) = kind, !(dpi.isFinite && dpi > 0) { throw RenderError.invalidSize("\(dpi) dpi") }
    self.url = url
    self.kind = kind
    self.palette = palette
  }

  deinit {
    for file in temporaries {
      try? FileManager.default.removeItem(at: file)
      TemporaryFiles.unregister(file.path)
    }
  }

  /// Renders the page into a temporary file beside the destination.
  public func encode(_ page: DisplayPage, in workspace: RenderWorkspace) throws -> URL {
    let file = TemporaryFiles.path(beside: url)
    lock.withLock { temporaries.append(file) }
    TemporaryFiles.register(file.path)
    let renderer = PageRenderer(fonts: workspace.fonts, text: workspace.measurer, palette: palette)
    switch kind {
    case .png(let dpi): try PNGWriter(renderer: renderer, dpi: dpi).write(page, to: file)
    case .svg: try SVGWriter(renderer: renderer).write(page, to: file)
    }
    return file
  }

  public func write(_ encoded: URL) throws {
    body.append(encoded)
  }

  /// Renames every page's file to its numbered name.
  public func finish(front: [URL], back: [URL], facts: DocumentFacts) throws -> [URL] {
    let files = front + body + back
    guard !files.isEmpty else { throw RenderError.emptyDocument }
    let names = OutputFormat.pageURLs(for: url, pageCount: files.count)
    for (file, destination) in zip(files, names) {
      guard rename(file.path, destination.path) == 0 else {
        throw RenderError.io(path: destination.path, reason: TemporaryFiles.reason(errno))
      }
      lock.withLock { temporaries.removeAll { $0 == file } }
      TemporaryFiles.unregister(file.path)
    }
    removeStalePages(keeping: files.count)
    return names
  }

  /// Deletes numbered pages an earlier, longer run left (`OUT-7.png` … when this run has
  /// six pages; every numbered page when it has one), so the folder holds this document.
  private func removeStalePages(keeping count: Int) {
    let folder = url.deletingLastPathComponent()
    let stem = url.deletingPathExtension().lastPathComponent
    let suffix = "." + url.pathExtension
    guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return }
    for name in names where name.hasPrefix(stem + "-") && name.hasSuffix(suffix) {
      let middle = name.dropFirst(stem.count + 1).dropLast(suffix.count)
      guard let number = Int(middle), String(number) == middle, number >= 1 else { continue }
      if count == 1 || number > count { unlink(folder.appendingPathComponent(name).path) }
    }
  }
}
