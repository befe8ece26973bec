import DisplayList
import Foundation
import Render

/// Finished pages on their way out: encoded on the pool, written in order, a bounded
/// number in flight.
final class PageQueue<Output: PageOutput> {
  let output: Output?
  let pool: WorkPool
  let workspaces: Workspaces
  private var pending: [Future<Result<Output.Encoded, RenderFailure>>?] = []
  private var head = 0

  init(output: Output?, pool: WorkPool, workspaces: Workspaces) {
    self.output = output
    self.pool = pool
    self.workspaces = workspaces
  }

  /// The first error met by `take`, rethrown by the run.
  private(set) var failure: (any Error)?

  /// Queues one page, keeping an error for later (for callbacks that cannot throw).
  func take(_ page: DisplayPage) {
    guard failure == nil else { return }
    do { try submit([page]) } catch { failure = error }
  }

  /// Pages encoded and waiting at most, per thread.
  static var pagesPerThread: Int { 4 }

  /// Queues pages for encoding and writes those that are ready.
  func submit(_ pages: [DisplayPage]) throws {
    guard let output else { return }
    for page in pages { pending.append(encoding(with: output) { _ in page }) }
    let limit = Self.pagesPerThread * (pool.workerCount + 1)
    while head < pending.count, pending[head]?.isReady == true || pending.count - head > limit {
      try writeNext()
    }
  }

  /// Sets and encodes `count` pages on the pool (a bounded number at a time), each made by
  /// `page` with the worker's workspace, and returns them in order, without writing them
  /// (the front and back matter, written last).
  func encode(count: Int, page: @escaping @Sendable (Int, RenderWorkspace) -> DisplayPage) throws
    -> [Output.Encoded]
  {
    guard let output else { return [] }
    var queue: [Future<Result<Output.Encoded, RenderFailure>>] = []
    var encoded: [Output.Encoded] = []
    let limit = Self.pagesPerThread * (pool.workerCount + 1)
    for index in 0..<count {
      queue.append(encoding(with: output) { page(index, $0) })
      if queue.count > limit { encoded.append(try pool.wait(for: queue.removeFirst()).get()) }
    }
    for future in queue { encoded.append(try pool.wait(for: future).get()) }
    return encoded
  }

  /// A job on the pool that encodes the page `page` makes, with the worker's own workspace.
  private func encoding(with output: Output, page: @escaping @Sendable (RenderWorkspace) -> DisplayPage)
    -> Future<Result<Output.Encoded, RenderFailure>>
  {
    let box = OutputBox(output: output)
    let workspaces = self.workspaces
    return pool.submit { worker in
      let workspace = workspaces[worker]
      return Result { try box.output.encode(page(workspace), in: workspace) }.mapError(RenderFailure.init)
    }
  }

  /// Writes every page still in flight.
  func drain() throws {
    while head < pending.count { try writeNext() }
  }

  private func writeNext() throws {
    guard let future = pending[head] else { return }
    pending[head] = nil
    head += 1
    let encoded = try pool.wait(for: future).get()
    if head > 64 {
      pending.removeFirst(head)
      head = 0
    }
    try output?.write(encoded)
  }
}

/// An error from a worker, carried back to the coordinating thread.
struct RenderFailure: Error, CustomStringConvertible {
  let underlying: any Error
  init(_ underlying: any Error) { self.underlying = underlying }
  var description: String { String(describing: underlying) }
}

/// Lets worker threads call the output's thread-safe `encode`.
struct OutputBox<Output: PageOutput>: @unchecked Sendable {
  let output: Output
}
