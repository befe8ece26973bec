import Foundation
import Render

/// One rendering workspace per thread of a run, each made when its thread first needs it
/// (a short run does not pay for fonts on threads it never uses).
final class Workspaces: @unchecked Sendable {
  private let session: EngravingSession
  private let lock = NSLock()
  private var made: [RenderWorkspace?]
  /// The coordinating thread's workspace, made at once (it sets the book's text).
  let coordinator: RenderWorkspace

  /// Workspaces for the threads of a pool of `jobs` (`WorkPool(jobs:)`): its workers and
  /// the coordinating thread, whose index comes after theirs.
  init(session: EngravingSession, jobs: Int) throws {
    self.session = session
    coordinator = try session.workspace()
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
    let workspace = (try? session.workspace()) ?? coordinator
    made[index] = workspace
    return workspace
  }
}
