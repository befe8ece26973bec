import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Runs a program to the end (or to a time limit) and reports what it cost: wall time and
/// peak resident memory, measured by GNU time (`/usr/bin/time -f %M`, installed by
/// scripts/bootstrap).
///
/// Not `wait4` from the test process itself: Linux carries a process's peak memory across
/// `exec`, so a child spawned from a large test runner reports the runner's size. GNU time
/// is small, and it forks the program, so the figure is the program's own.
public struct ProcessProbe {
  /// How a run ended and what it cost.
  public struct Outcome: CustomStringConvertible {
    /// The exit status, or nil when a signal ended the process.
    public var exitStatus: Int32?
    /// The signal that ended the process (the time limit's SIGKILL included), if any.
    public var signal: Int32?
    public var seconds: Double
    /// Peak resident memory in megabytes.
    public var peakMegabytes: Double
    public var standardError: String
    public var timedOut: Bool

    public var description: String {
      let ending = exitStatus.map { "exit \($0)" } ?? "signal \(signal ?? 0)"
      return "\(ending) after \(String(format: "%.2f", seconds)) s, "
        + "\(String(format: "%.0f", peakMegabytes)) MB\(timedOut ? " (timed out)" : ""); "
        + "stderr: \(standardError.prefix(600))"
    }
  }

  public var executable: URL
  public init(executable: URL) { self.executable = executable }

  /// Runs the program with `arguments`, standard input from `input` (a file; /dev/null by
  /// default), standard output discarded; kills it after `limit` seconds. Throws when the
  /// program cannot be started (GNU time missing included).
  public func run(_ arguments: [String], input: URL? = nil, limit: Double) throws -> Outcome {
    let folder = try TestTools.scratchDirectory(prefix: "probe")
    defer { try? FileManager.default.removeItem(at: folder) }
    let errorPath = folder.appendingPathComponent("stderr").path

    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, input?.path ?? "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 2, errorPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)

    let timing = folder.appendingPathComponent("time").path
    let command = ["/usr/bin/time", "-f", "%M %x", "-o", timing, executable.path] + arguments
    let argv = command.map { strdup($0) } + [nil]
    defer { for pointer in argv { free(pointer) } }
    let environment = ProcessInfo.processInfo.environment.merging(["SWIFT_BACKTRACE": "enable=no"]) { $1 }
    let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer { for pointer in envp { free(pointer) } }

    // Its own process group, so the time limit stops GNU time and the program together.
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP))
    posix_spawnattr_setpgroup(&attributes, 0)

    var pid: pid_t = 0
    let start = Date()
    let spawned = posix_spawn(&pid, "/usr/bin/time", &actions, &attributes, argv, envp)
    guard spawned == 0 else { throw POSIXError(POSIXErrorCode(rawValue: spawned) ?? .EINVAL) }

    var status: Int32 = 0
    var timedOut = false
    while waitpid(pid, &status, WNOHANG) == 0 {
      if Date().timeIntervalSince(start) > limit, !timedOut {
        timedOut = true
        kill(-pid, SIGKILL)
      }
      usleep(5_000)
    }
    let seconds = Date().timeIntervalSince(start)
    let errors = (try? String(contentsOfFile: errorPath, encoding: .utf8)) ?? ""
    // GNU time writes "<peak KB> <exit status>", or a "Command terminated by signal N" line
    // before it when the program was killed.
    let report = ((try? String(contentsOfFile: timing, encoding: .utf8)) ?? "").split(separator: "\n")
    let figures = report.last?.split(separator: " ").compactMap { Int32($0) } ?? []
    let signal = report.first { $0.hasPrefix("Command terminated by signal") }
      .flatMap { Int32($0.split(separator: " ").last ?? "") }
    let killed = timedOut || signal != nil
    return Outcome(
      exitStatus: killed ? nil : figures.last, signal: timedOut ? SIGKILL : signal,
      seconds: seconds, peakMegabytes: Double(figures.first ?? 0) / 1024, standardError: errors,
      timedOut: timedOut)
  }
}
