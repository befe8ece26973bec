import Foundation
import Render
import Synchronization

/*
 CrashReporter — the supervised process's side of crash isolation (see Supervisor).

 Method. When `ABCPRESS_SUPERVISED` names a pipe, the process tells its supervisor, one
 line at a time, what it would need to know should the process die: which tune each
 worker thread is engraving (`begin`/`end` keep the tune's identity in that thread's
 slot), which temporary files exist (`temp+`/`temp-`), and how many diagnostics it printed
 (`d 3` after a tune's three, so that a re-run does not print them twice). A crash — a
 Swift runtime trap (SIGILL, SIGTRAP), a bad access (SIGSEGV, SIGBUS), SIGFPE or abort —
 enters `handle`, which finds the crashing thread's slot, writes `tune <identity>` with
 write(2) alone (nothing else is safe in a signal handler), restores the signal's default
 action and returns: the faulting instruction runs again and the process dies of the signal.

     tune 12@book.abc        the worker on the tune starting at line 12 of book.abc died

 Limits. A crash outside a tune's parse and layout (while drawing a page, say) names no
 tune; the supervisor then reports an internal error and writes nothing.
 */

/// Tells the supervisor what the process is doing, so a crash names its tune.
enum CrashReporter {
  /// The pipe to the supervisor (-1: not supervised).
  nonisolated(unsafe) private static var descriptor: Int32 = -1
  private static let lock = NSLock()
  /// Per-thread slots: the thread and the identity of the tune it is on (a C string).
  private static let slotCount = 256
  nonisolated(unsafe) private static var threads = UnsafeMutablePointer<pthread_t>.allocate(capacity: 256)
  nonisolated(unsafe) private static var tunes = UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>.allocate(
    capacity: 256)
  /// Diagnostics an earlier, crashed attempt already printed (not printed again).
  nonisolated(unsafe) private static var alreadyPrinted = 0
  nonisolated(unsafe) private static var printed = 0
  /// Tunes that crashed an earlier attempt: drawn as error boxes instead.
  nonisolated(unsafe) private(set) static var failedTunes: Set<String> = []

  static let crashSignals = [SIGILL, SIGTRAP, SIGSEGV, SIGBUS, SIGFPE, SIGABRT]

  /// Starts reporting when the environment says the process is supervised.
  static func installIfSupervised() {
    let environment = EnvironmentVariable.value
    guard let value = environment(Supervisor.pipeVariable), let pipe = Int32(value), pipe > 2,
      fcntl(pipe, F_GETFD) != -1
    else { return }
    descriptor = pipe
    _ = fcntl(pipe, F_SETFD, FD_CLOEXEC)
    alreadyPrinted = Int(environment(Supervisor.printedVariable) ?? "") ?? 0
    failedTunes = Set((environment(Supervisor.failedVariable) ?? "").split(separator: "\n").map(String.init))
    threads.initialize(repeating: pthread_t(), count: slotCount)
    tunes.initialize(repeating: nil, count: slotCount)
    TemporaryFiles.observer = { path, exists in send((exists ? "temp+ " : "temp- ") + path) }
    for number in crashSignals {
      var action = sigaction()
      action.__sigaction_handler.sa_handler = { CrashReporter.handle($0) }
      sigemptyset(&action.sa_mask)
      action.sa_flags = 0
      sigaction(number, &action, nil)
    }
  }

  /// The identity of a tune: its first line and file, the same in every attempt.
  static func identity(line: Int, file: String?) -> String { "\(line)@\(file ?? "-")" }

  /// The calling thread starts work on a tune.
  static func begin(_ identity: String) {
    guard descriptor >= 0 else { return }
    let me = pthread_self()
    lock.lock()
    defer { lock.unlock() }
    var slot: Int?
    for index in 0..<slotCount {
      if threads[index] == me {
        slot = index
        break
      }
      if slot == nil && threads[index] == pthread_t() { slot = index }
    }
    guard let index = slot else { return }
    threads[index] = me
    let old = tunes[index]
    tunes[index] = strdup(identity)
    free(old)
  }

  /// The calling thread is done with its tune.
  static func end() {
    guard descriptor >= 0 else { return }
    let me = pthread_self()
    lock.lock()
    defer { lock.unlock() }
    for index in 0..<slotCount where threads[index] == me {
      let old = tunes[index]
      tunes[index] = nil
      free(old)
    }
  }

  /// Prints the next `count` diagnostics: `print` gets how many of them to write (the last
  /// ones, those no earlier attempt printed) and writes them; then, when `counted`, the
  /// supervisor is told they were printed. Admitting, printing and telling are one step a
  /// crash on another thread waits for (see `handle`), so a re-run neither prints them
  /// again nor loses them; once a crash has begun, nothing more is printed.
  static func printDiagnostics(_ count: Int, counted: Bool, _ print: (_ fresh: Int) -> Void) {
    guard descriptor >= 0 else { return print(count) }
    printLock.lock()
    defer { printLock.unlock() }
    printer = pthread_self()
    // Announced before the dying flag is read, and the handler sets that flag before it
    // reads this one (both in one total order): one of the two threads sees the other.
    printing.store(true, ordering: .sequentiallyConsistent)
    defer { printing.store(false, ordering: .releasing) }
    guard !dying.load(ordering: .sequentiallyConsistent) else { return }
    let fresh = counted ? admit(count) : count
    guard fresh > 0 else { return }
    print(fresh)
    if counted { send("d \(fresh)") }
  }

  /// How many of the next `count` diagnostics are new: the last ones, those an earlier
  /// attempt did not print.
  private static func admit(_ count: Int) -> Int {
    lock.lock()
    let before = printed
    printed += count
    lock.unlock()
    return max(0, min(count, printed - max(before, alreadyPrinted)))
  }

  /// One thread prints diagnostics at a time; `printing` says one is, `printer` which;
  /// `dying` that a crash is being reported.
  private static let printLock = NSLock()
  private static let printing = Atomic<Bool>(false)
  private static let dying = Atomic<Bool>(false)
  nonisolated(unsafe) private static var printer = pthread_t()

  private static func send(_ line: String) {
    guard descriptor >= 0 else { return }
    // One write of under PIPE_BUF bytes: lines from several threads never interleave.
    var bytes = Array((line + "\n").utf8.prefix(4000))
    if bytes.last != 10 { bytes[bytes.count - 1] = 10 }
    _ = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
  }

  /// The signal handler: async-signal-safe calls only.
  private static func handle(_ number: Int32) {
    let me = pthread_self()
    // Diagnostics being printed on another thread are let finish and be counted: the flag
    // and clock reads are lock-free and nanosleep is async-signal-safe; a printer stuck on
    // a full pipe, or starved of a core on a busy machine, is waited for up to ten seconds.
    dying.store(true, ordering: .sequentiallyConsistent)
    var start = timespec()
    clock_gettime(CLOCK_MONOTONIC, &start)
    while printing.load(ordering: .sequentiallyConsistent) && pthread_equal(printer, me) == 0 {
      var now = timespec()
      clock_gettime(CLOCK_MONOTONIC, &now)
      if now.tv_sec - start.tv_sec > 10 { break }
      var pause = timespec(tv_sec: 0, tv_nsec: 1_000_000)
      nanosleep(&pause, nil)
    }
    for index in 0..<slotCount where threads[index] == me {
      if let tune = tunes[index] {
        _ = write(descriptor, "tune ", 5)
        _ = write(descriptor, tune, strlen(tune))
        _ = write(descriptor, "\n", 1)
      }
    }
    // The default action: the process dies of the signal when the instruction runs
    // again (not Swift's backtracer, which can take seconds over a crash reported here).
    signal(number, SIG_DFL)
  }
}
