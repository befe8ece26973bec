import ABCParser
import Book
import Foundation
import ScoreModel

/*
 TuneStream — every tune of the inputs through one job on the pool, results in order.

 Method. The inputs are read piece by piece; each tune is handed to the work pool with the
 titles of its file's header, and the results are taken back in book order (a window of
 tunes per thread in flight) for `consume`. Problems the reader finds between tunes go to
 `report` in their place. Commands that work tune by tune use it: check, thumbs, midi,
 dump --score.

 Limits. Text blocks and directives between tunes are passed over.
 */

/// Runs a job on each tune of the inputs in parallel and consumes the results in order.
struct TuneStream {
  let inputs: [String]
  var standardInput: StandardInput?
  let jobs: Int
  /// The format a tune starts from, when the job needs it (thumbs, render --split): the
  /// directives between tunes are applied to it as they come, once each.
  var format: FormatDirectives?

  /// A tune as the job gets it, with its position among the tunes of the inputs (1, 2, …,
  /// counting tunes `--select` or `--shard` leave out, so it is the same in every shard).
  struct Item: Sendable {
    var source: TuneSource
    var headerTitles: [String]
    var position: Int
    /// `format` with the directives between tunes before this one applied (nil without).
    var format: FormatDirectives?
    /// A hash of those directives (for cache keys).
    var directivesDigest: String
    /// The fields and directives of the tune's file header, as text (for cache keys).
    var header = ""
  }

  func run<Value: Sendable>(
    _ work: @escaping @Sendable (Item, Int) -> Value, report: ([Diagnostic]) -> Void,
    consume: (Value) throws -> Void
  ) throws {
    let pool = WorkPool(jobs: jobs)
    defer { pool.shutdown() }
    let source = PieceSource(
      input: InputStream(paths: inputs, standardInput: standardInput))
    var queue: [Future<Value>?] = []
    var head = 0
    var position = 0
    var running = format
    var digest = TuneCache.KeyHasher()
    var scopes: [(FormatDirectives?, TuneCache.KeyHasher)] = []
    var header = ""
    let window = EngravingRun.tunesPerThread * (pool.workerCount + 1)
    var exhausted = false
    while true {
      while !exhausted, queue.count - head < window {
        guard let piece = source.next() else {
          exhausted = true
          break
        }
        switch piece {
        case .book(.tune(let tune, let titles, _)):
          position = source.tuneOrdinal
          let item = Item(
            source: tune, headerTitles: titles, position: position, format: running,
            directivesDigest: digest.hex,
            header: header)
          queue.append(pool.submit { worker in work(item, worker) })
        case .book(.diagnostics(let found)):
          // Reader problems are reported once the tunes before them are.
          while head < queue.count { try take(&queue, &head, pool, consume) }
          report(found)
        case .book(.directive(let directive)):
          running?.apply(directive)
          digest.add(directive)
        case .directives(let directives):
          for directive in directives {
            running?.apply(directive)
            digest.add(directive)
          }
        case .formatScope(.open): scopes.append((running, digest))
        case .formatScope(.close): if let saved = scopes.popLast() { (running, digest) = saved }
        case .header(let found): header = Self.headerText(found)
        default: break
        }
      }
      guard head < queue.count else { break }
      try take(&queue, &head, pool, consume)
    }
  }

  /// A file header's fields and directives as text (part of cache keys).
  static func headerText(_ header: TunebookHeader) -> String {
    header.fields.map { "\($0.label):\($0.value)" }.joined(separator: "\n") + "\n"
      + header.directives.map { "%%\($0.name) \($0.arguments)" }.joined(separator: "\n")
  }

  private func take<Value>(
    _ queue: inout [Future<Value>?], _ head: inout Int, _ pool: WorkPool, _ consume: (Value) throws -> Void
  )
    throws
  {
    guard let future = queue[head] else { return }
    queue[head] = nil
    let value = pool.wait(for: future)
    head += 1
    if head > 256 {
      queue.removeFirst(head)
      head = 0
    }
    RunProgress.current?.tuneDone()
    try consume(value)
  }
}
