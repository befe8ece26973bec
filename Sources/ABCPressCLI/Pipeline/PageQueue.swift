import DisplayList
import Foundation
import Render

/// Finished pages on their way out: encoded on the pool, written in order, a bounded
/// number in flight.
struct PageQueue<Output: PageOutput> {
  let output: Output?
  let pool: WorkPool
  let workspaces: [RenderWorkspace]
  private var pending: [Future<Result<Output.Encoded, RenderFailure>>?] = []
  private var head = 0

  init(output: Output?, pool: WorkPool, workspaces: [RenderWorkspace]) {
    self.output = output
    self.pool = pool
    self.workspaces = workspaces
  }

  /// Pages encoded and waiting at most, per thread.
  static var pagesPerThread: Int { 4 }

  /// Queues pages for encoding and writes those that are ready.
  mutating func submit(_ pages: [DisplayPage]) throws {
    guard let output else { return }
    let box = OutputBox(output: output)
    let workspaces = self.workspaces
    for page in pages {
      pending.append(
        pool.submit { worker in
          Result { try box.output.encode(page, in: workspaces[worker]) }.mapError(RenderFailure.init)
        })
    }
    let limit = Self.pagesPerThread * (pool.workerCount + 1)
    while head < pending.count, pending[head]?.isReady == true || pending.count - head > limit {
      try writeNext()
    }
  }

  /// Writes every page still in flight.
  mutating func drain() throws {
    while head < pending.count { try writeNext() }
  }

  private mutating func writeNext() throws {
    guard let future = pending[head] else { return }
    pending[head] = nil
    head += 1
    let encoded = try future.wait().get()
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
