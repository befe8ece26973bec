import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Runs a program to the end (or to a time limit) and reports what it cost: wall time and
/// peak resident memory, as `/usr/bin/time -f %M` would, through `wait4`'s resource usage.
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
  /// default), standard output discarded; kills it after `limit` seconds.
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

    let argv = ([executable.path] + arguments).map { strdup($0) } + [nil]
    defer { for pointer in argv { free(pointer) } }
    let environment = ProcessInfo.processInfo.environment.merging(["SWIFT_BACKTRACE": "enable=no"]) { $1 }
    let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer { for pointer in envp { free(pointer) } }

    var pid: pid_t = 0
    let start = Date()
    let spawned = posix_spawn(&pid, executable.path, &actions, nil, argv, envp)
    guard spawned == 0 else { throw POSIXError(POSIXErrorCode(rawValue: spawned) ?? .EINVAL) }

    var status: Int32 = 0
    var usage = rusage()
    var timedOut = false
    while wait4(pid, &status, WNOHANG, &usage) == 0 {
      if Date().timeIntervalSince(start) > limit, !timedOut {
        timedOut = true
        kill(pid, SIGKILL)
      }
      usleep(5_000)
    }
    let seconds = Date().timeIntervalSince(start)
    // WIFEXITED and friends are macros Swift does not import: the status word decoded by hand.
    let signal = status & 0x7F
    let errors = (try? String(contentsOfFile: errorPath, encoding: .utf8)) ?? ""
    return Outcome(
      exitStatus: signal == 0 ? (status >> 8) & 0xFF : nil, signal: signal == 0 ? nil : signal,
      seconds: seconds, peakMegabytes: Double(usage.ru_maxrss) / 1024, standardError: errors,
      timedOut: timedOut)
  }
}
