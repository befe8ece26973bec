import DisplayList
import Foundation
import Layout

/// What text measurers have learnt, kept where every thread's measurer finds it: texts'
/// extents, their glyph runs and the table of faces the runs name by number.
///
/// Each thread keeps its own Pango font map and context (`PangoTextMeasurer`), which are not
/// thread-safe; only plain values are shared here, each access a short hold of one lock. A
/// text is then shaped once in a run, on whichever thread meets it first, and a page
/// encoded on another thread than the one that laid it out finds its texts' runs: before,
/// every thread measured and shaped every text it met again (a sixth more work with two
/// workers). Faces are numbered once for all threads, so a run's number means the same
/// face to every measurer that shares this cache. The caches are bounded as each
/// measurer's were.
public final class ShapedTextCache: @unchecked Sendable {
  private let lock = NSLock()
  private var extents: [PangoTextMeasurer.CacheKey: TextExtent] = [:]
  private var runs: [PangoTextMeasurer.CacheKey: [GlyphRun]] = [:]
  private var faces: [TextFace] = []
  private var faceNumbers: [TextFace: Int] = [:]
  /// Entries each cache holds before it is emptied (bounded memory on any input).
  static let extentLimit = 20_000
  static let runLimit = 4_096

  public init() {}

  /// The text's extent if known; if not, whether its glyph runs are kept.
  func lookUp(_ key: PangoTextMeasurer.CacheKey) -> (extent: TextExtent?, hasRuns: Bool) {
    lock.lock()
    defer { lock.unlock() }
    if let extent = extents[key] { return (extent, false) }
    return (nil, runs[key] != nil)
  }

  /// Keeps a text's extent, and its runs when given.
  func store(_ extent: TextExtent, runs textRuns: [GlyphRun]?, for key: PangoTextMeasurer.CacheKey) {
    lock.lock()
    defer { lock.unlock() }
    if extents.count >= Self.extentLimit { extents.removeAll(keepingCapacity: true) }
    extents[key] = extent
    if let textRuns { storeRuns(textRuns, for: key) }
  }

  /// A text's glyph runs, if kept.
  func runs(_ key: PangoTextMeasurer.CacheKey) -> [GlyphRun]? {
    lock.lock()
    defer { lock.unlock() }
    return runs[key]
  }

  /// Keeps a text's glyph runs.
  func store(runs textRuns: [GlyphRun], for key: PangoTextMeasurer.CacheKey) {
    lock.lock()
    defer { lock.unlock() }
    storeRuns(textRuns, for: key)
  }

  private func storeRuns(_ textRuns: [GlyphRun], for key: PangoTextMeasurer.CacheKey) {
    if runs.count >= Self.runLimit { runs.removeAll(keepingCapacity: true) }
    runs[key] = textRuns
  }

  /// The face's number, given it the first time any thread meets it.
  func number(of face: TextFace) -> Int {
    lock.lock()
    defer { lock.unlock() }
    if let number = faceNumbers[face] { return number }
    faces.append(face)
    faceNumbers[face] = faces.count - 1
    return faces.count - 1
  }

  /// The face a number stands for.
  func face(_ number: Int) -> TextFace {
    lock.lock()
    defer { lock.unlock() }
    return faces[number]
  }
}
