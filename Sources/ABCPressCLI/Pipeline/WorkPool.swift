import Foundation

/*
 WorkPool — worker threads for the engine's parallel stages, results read back in order.

 Method. `submit` queues a job and returns a `Future`; a fixed set of threads takes jobs
 first in, first out, each passing its own worker index to the job so it can use that
 thread's resources (its Pango context, its engraver). The coordinating thread keeps the
 futures in a queue and waits on the oldest, so results are consumed in submission order
 whatever the order they finish in: output is the same with any number of workers. While
 it waits it runs queued jobs itself (with its own resources), so a coordinator that has
 nothing to do adds a core instead of idling: `-j N` is N − 1 workers and the coordinator,
 N threads for N cores (N workers beside a helping coordinator had three threads share two
 cores at `-j 2`, each switched out of its caches; with one worker the corpus book's
 `-j 2` took 2.18 s against 2.41 s, the same CPU time as `-j 1`). With no workers, jobs run
 at once on the calling thread (`-j 1`).

     submit(tune 1) submit(tune 2) submit(tune 3)   workers: [2] [1] [3] finish
     wait(1) wait(2) wait(3)                        → consumed 1, 2, 3

 Limits. Jobs must not throw across threads (they return their errors) and must not
 submit further jobs and wait for them (only the coordinator helps while it waits). While
 the coordinator runs a long job it submits nothing, so the workers may run out of queued
 work: the callers keep several jobs a thread in flight (`tunesPerThread`), which covers
 tunes of common sizes.
 */

/// A value computed on a worker, waited for on the coordinating thread.
final class Future<Value: Sendable>: @unchecked Sendable {
  private let condition = NSCondition()
  private var value: Value?

  /// Stores the result and wakes the waiter.
  func fulfil(_ result: Value) {
    condition.lock()
    value = result
    condition.broadcast()
    condition.unlock()
  }

  /// Blocks until the result is there and returns it.
  func wait() -> Value {
    condition.lock()
    defer { condition.unlock() }
    while value == nil { condition.wait() }
    return value!
  }

  /// Whether the result is there.
  var isReady: Bool {
    condition.lock()
    defer { condition.unlock() }
    return value != nil
  }
}

/// Threads that run submitted jobs.
final class WorkPool: @unchecked Sendable {
  /// How many worker threads run jobs (0: jobs run inline on the submitting thread).
  let workerCount: Int
  /// The index the submitting thread uses for its own resources: after the workers'.
  var coordinatorIndex: Int { workerCount }
  private let condition = NSCondition()
  private var jobs: [(@Sendable (Int) -> Void)?] = []
  private var head = 0
  private var stopping = false
  private var running = 0

  /// A pool for `-j jobs`: one job means no worker threads.
  init(jobs: Int) {
    workerCount = Self.workerCount(jobs: jobs)
    for index in 0..<workerCount {
      let thread = Thread { [unowned self] in self.work(index) }
      thread.stackSize = 16 << 20
      thread.name = "abcpress-\(index)"
      running += 1
      thread.start()
    }
  }

  /// Runs `job` on a worker (or now, without workers); the job gets its worker index.
  func submit<Value: Sendable>(_ job: @escaping @Sendable (Int) -> Value) -> Future<Value> {
    let future = Future<Value>()
    guard workerCount > 0 else {
      future.fulfil(job(coordinatorIndex))
      return future
    }
    condition.lock()
    jobs.append { index in future.fulfil(job(index)) }
    condition.signal()
    condition.unlock()
    return future
  }

  /// Waits for `future` on the coordinating thread, running queued jobs meanwhile.
  func wait<Value>(for future: Future<Value>) -> Value {
    while !future.isReady, let job = takeJob() { job(coordinatorIndex) }
    return future.wait()
  }

  /// Lets the workers finish their queue and stop; waits for them.
  func shutdown() {
    condition.lock()
    stopping = true
    condition.broadcast()
    while running > 0 { condition.wait() }
    condition.unlock()
  }

  private func work(_ index: Int) {
    while true {
      condition.lock()
      while head == jobs.count && !stopping { condition.wait() }
      if head == jobs.count {
        running -= 1
        condition.broadcast()
        condition.unlock()
        return
      }
      let job = dequeue()
      condition.unlock()
      job?(index)
    }
  }

  /// The oldest queued job, if any (for the coordinator).
  private func takeJob() -> (@Sendable (Int) -> Void)? {
    condition.lock()
    defer { condition.unlock() }
    return head < jobs.count ? dequeue() : nil
  }

  /// Removes the oldest job; the lock is held.
  private func dequeue() -> (@Sendable (Int) -> Void)? {
    let job = jobs[head]
    // The queue lets go of a job as it starts: what it captured is freed when it ends.
    jobs[head] = nil
    head += 1
    if head > 64 && head * 2 > jobs.count {
      jobs.removeFirst(head)
      head = 0
    }
    return job
  }

  /// The worker threads a pool for `jobs` runs: one fewer, the coordinator being the last
  /// (none for one job).
  static func workerCount(jobs: Int) -> Int { jobs <= 1 ? 0 : jobs - 1 }

  /// The default number of jobs: every core.
  static var defaultJobs: Int { max(1, ProcessInfo.processInfo.activeProcessorCount) }
}
