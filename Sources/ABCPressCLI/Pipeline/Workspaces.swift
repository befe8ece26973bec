import Foundation
import Render

/// One rendering workspace per thread of a run, each made when its thread first needs it
/// (a short run does not pay for fonts on threads it never uses); their measurers share
/// one `ShapedTextCache`, so a text is measured and shaped once in the run.
final class Workspaces: @unchecked Sendable {
  private let session: EngravingSession
  private let lock = NSLock()
  private var made: [RenderWorkspace?]
  /// The coordinating thread's workspace, made at once (it sets the book's text).
  let coordinator: RenderWorkspace

  /// Whether the measurers keep glyph runs (`PangoTextMeasurer.shapesWhenMeasuring`).
  private let shapesWhenMeasuring: Bool

  /// Workspaces for the threads of a pool of `jobs` (`WorkPool(jobs:)`): its workers and
  /// the coordinating thread, whose index comes after theirs. `shapesWhenMeasuring` for an
  /// output that writes glyphs (PDF).
  init(session: EngravingSession, jobs: Int, shapesWhenMeasuring: Bool = false) throws {
    self.session = session
    self.shapesWhenMeasuring = shapesWhenMeasuring
    coordinator = try session.workspace()
    coordinator.measurer.shapesWhenMeasuring = shapesWhenMeasuring
    let workers = WorkPool.workerCount(jobs: jobs)
    made = Array(repeating: nil, count: workers + 1)
    made[workers] = coordinator
  }

  /// The workspace of worker `index` (the coordinator's for the coordinator index).
  subscript(index: Int) -> RenderWorkspace {
    lock.lock()
    defer { lock.unlock() }
    if let workspace = made[index] { return workspace }
    // A workspace that cannot be made falls back to the coordinator's (its measurer locks).
    guard let workspace = try? session.workspace(sharing: coordinator.measurer.shared) else {
      made[index] = coordinator
      return coordinator
    }
    workspace.measurer.shapesWhenMeasuring = shapesWhenMeasuring
    made[index] = workspace
    return workspace
  }
}
