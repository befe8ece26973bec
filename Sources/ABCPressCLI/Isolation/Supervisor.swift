import Dispatch
import Foundation
import Render

/*
 Supervisor — crash isolation for `render`, `book` and `thumbs`: a tune that crashes the
 engine is drawn as an error box (in `thumbs`, reported and skipped), an input whose
 MusicXML import crashes is reported and skipped, and the rest of the book is made.

 Method. The command runs in a child process (the same program and arguments, started
 with posix_spawn: a fork without exec deadlocked in the Swift runtime's lazy globals) with
 a pipe on which it reports, as it goes, the tune each worker is engraving, the temporary
 files it has open and the diagnostics it has printed (CrashReporter). When the child exits
 normally its exit code is the run's. When it dies of a crash, the supervisor removes the
 temporary files it left, adds the tune it died on to a list of failed tunes and runs it
 again: the new child draws each failed tune as a framed error box with an error at its
 file:line, and does not print again the diagnostics the dead child printed. Standard input
 is kept in a temporary file first, so every attempt reads it. Ctrl-C, SIGTERM and SIGHUP
 are passed to the child, which cleans up as always; the supervisor exits as it did. A run
 over a single tune is not supervised: there is no other tune to save, and a second
 process start would cost a one-tune render a third of its time.

     abcpress book songs.abc -o songs.pdf
       child 1: … dies on the tune at songs.abc:120
       child 2: … songs.abc:120:1: error: internal error while engraving this tune …
                → songs.pdf with a box where that tune would be

 Limits. At most `attempts` runs (each crash costs a run of the book up to that tune); a
 crash outside any tune (drawing a page) ends the run with an internal error. Threads and
 output of a crashed attempt are lost, never half-written: outputs are renamed into place
 only when complete.
 */

/// Runs `render`, `book` and `thumbs` in a child process and re-runs it past tunes that crash.
enum Supervisor {
  static let pipeVariable = "ABCPRESS_SUPERVISED"
  static let failedVariable = "ABCPRESS_FAILED_TUNES"
  static let printedVariable = "ABCPRESS_PRINTED_DIAGNOSTICS"
  static let commands: Set<String> = ["render", "book", "thumbs"]
  static let attempts = 16
  nonisolated(unsafe) static var child: pid_t = 0

  /// The exit code of the supervised run, or nil when this process should do the work
  /// itself: in the child, or when not supervising (not a supervised command, one tune,
  /// the arguments are wrong — the command then reports that itself — or
  /// `ABCPRESS_NO_SUPERVISOR` set).
  static func run(arguments: [String]) -> Int32? {
    guard EnvironmentVariable.value(pipeVariable) == nil,
      EnvironmentVariable.value("ABCPRESS_NO_SUPERVISOR") == nil,
      let name = arguments.first, commands.contains(name),
      let command = CommandLineTool.subcommands[name],
      let parsed = try? ArgumentParser.parse(
        Array(arguments.dropFirst()), spec: CommandLineTool.completed(command.spec)),
      !parsed.has("--help")
    else { return nil }
    var stdinCopy: String?
    if parsed.positionals.contains("-") {
      // A closed standard input is reported by the command itself.
      guard !InterruptCleanup.standardInputWasClosed, let copy = spoolStandardInput() else { return nil }
      stdinCopy = copy
    }
    let inputs = parsed.positionals.map { $0 == "-" ? stdinCopy ?? $0 : $0 }
    guard inputs.contains(where: holdsSeveralTunes) || inputs.count > 1 else {
      if let stdinCopy {
        // Standard input was read for the copy: this process reads the copy instead.
        let descriptor = open(stdinCopy, O_RDONLY | O_CLOEXEC)
        if descriptor >= 0 {
          dup2(descriptor, STDIN_FILENO)
          close(descriptor)
        }
        unlink(stdinCopy)
      }
      return nil
    }
    var failed: [String] = []
    var printed = 0
    for _ in 0..<attempts {
      let outcome = attempt(arguments, failed: failed, printed: printed, standardInput: stdinCopy)
      printed += outcome.printed
      for path in outcome.temporaryFiles { unlink(path) }
      switch outcome.status {
      case .exited(let code):
        if let stdinCopy { unlink(stdinCopy) }
        return code
      case .signalled(let number) where [SIGINT, SIGTERM, SIGHUP].contains(number):
        if let stdinCopy { unlink(stdinCopy) }
        return 128 + number
      case .signalled(let number):
        guard let tune = outcome.tune, !failed.contains(tune) else {
          if let stdinCopy { unlink(stdinCopy) }
          FileHandle.standardError.write(
            Data("abcpress: internal error (signal \(number)) outside any tune; nothing was written\n".utf8))
          return ExitCode.failure.rawValue
        }
        failed.append(tune)
      case .failedToStart:
        if let stdinCopy { unlink(stdinCopy) }
        return nil
      }
    }
    if let stdinCopy { unlink(stdinCopy) }
    FileHandle.standardError.write(
      Data("abcpress: internal error: too many tunes crashed; nothing was written\n".utf8))
    return ExitCode.failure.rawValue
  }

  enum Status {
    case exited(Int32)
    case signalled(Int32)
    case failedToStart
  }

  struct Outcome {
    var status: Status
    var tune: String?
    var temporaryFiles: Set<String> = []
    var printed = 0
  }

  /// One child process, to its end.
  private static func attempt(_ arguments: [String], failed: [String], printed: Int, standardInput: String?)
    -> Outcome
  {
    var fds: [Int32] = [0, 0]
    guard pipe(&fds) == 0 else { return Outcome(status: .failedToStart) }
    _ = fcntl(fds[0], F_SETFD, FD_CLOEXEC)
    if !signalsForwarded { forwardSignals() }
    var environment = ProcessInfo.processInfo.environment
    environment[pipeVariable] = String(fds[1])
    environment[failedVariable] = failed.joined(separator: "\n")
    environment[printedVariable] = String(printed)
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    if let standardInput {
      posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, standardInput, O_RDONLY, 0)
    }
    // The child starts with the signals' default actions (this process ignores none).
    let argv = (["abcpress"] + arguments).map { strdup($0) } + [nil]
    let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer {
      for pointer in argv + envp { free(pointer) }
    }
    var pid: pid_t = 0
    let spawned = posix_spawn(&pid, "/proc/self/exe", &actions, nil, argv, envp)
    close(fds[1])
    guard spawned == 0 else {
      close(fds[0])
      return Outcome(status: .failedToStart)
    }
    child = pid
    // Read the child's reports until it closes the pipe (it exits), then reap it.
    var outcome = Outcome(status: .failedToStart)
    var pending: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 1 << 14)
    while true {
      let count = buffer.withUnsafeMutableBytes { read(fds[0], $0.baseAddress, $0.count) }
      if count < 0 && errno == EINTR { continue }
      guard count > 0 else { break }
      pending += buffer[..<count]
      while let end = pending.firstIndex(of: 10) {
        take(String(decoding: pending[..<end], as: UTF8.self), into: &outcome)
        pending.removeFirst(end + 1)
      }
    }
    close(fds[0])
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    child = 0
    let signal = status & 0x7F
    outcome.status = signal == 0 ? .exited((status >> 8) & 0xFF) : .signalled(signal)
    return outcome
  }

  private static func take(_ line: String, into outcome: inout Outcome) {
    if line.hasPrefix("d "), let count = Int(line.dropFirst(2)), count > 0 {
      outcome.printed += count
    } else if line.hasPrefix("tune ") {
      outcome.tune = outcome.tune ?? String(line.dropFirst(5))
    } else if line.hasPrefix("temp+ ") {
      outcome.temporaryFiles.insert(String(line.dropFirst(6)))
    } else if line.hasPrefix("temp- ") {
      outcome.temporaryFiles.remove(String(line.dropFirst(6)))
    }
  }

  nonisolated(unsafe) private static var signalsForwarded = false

  /// Ctrl-C, SIGTERM and SIGHUP go on to the child, which removes its temporary files
  /// (kill is safe in a signal handler; no thread is started for it).
  private static func forwardSignals() {
    signalsForwarded = true
    // A launcher may have started this process with the signals blocked (dispatch's
    // sources in an unsupervised run take them even then; a handler needs them unblocked).
    var unblocked = sigset_t()
    sigemptyset(&unblocked)
    for number in [SIGINT, SIGTERM, SIGHUP] { sigaddset(&unblocked, number) }
    pthread_sigmask(SIG_UNBLOCK, &unblocked, nil)
    for number in [SIGINT, SIGTERM, SIGHUP] {
      var action = sigaction()
      action.__sigaction_handler.sa_handler = { number in
        if Supervisor.child > 0 { kill(Supervisor.child, number) }
      }
      sigemptyset(&action.sa_mask)
      action.sa_flags = SA_RESTART
      sigaction(number, &action, nil)
    }
  }

  /// Whether a file holds more than one tune (two lines starting `X:`), or is a folder.
  static func holdsSeveralTunes(_ path: String) -> Bool {
    var info = stat()
    guard stat(path, &info) == 0 else { return false }
    if info.st_mode & S_IFMT == S_IFDIR { return true }
    return (RunProgress.tuneLines(in: path, atMost: 2) ?? 0) >= 2
  }

  /// Standard input copied into a temporary file every attempt can read from the start.
  private static func spoolStandardInput() -> String? {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent(
      "abcpress-stdin-\(getpid())-\(UUID().uuidString)", isDirectory: false
    ).path
    let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    var buffer = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let count = buffer.withUnsafeMutableBytes { read(STDIN_FILENO, $0.baseAddress, $0.count) }
      if count < 0 && errno == EINTR { continue }
      guard count > 0 else { break }
      let written = buffer.withUnsafeBytes {
        Descriptor.writeAll(descriptor, UnsafeRawBufferPointer(rebasing: $0[..<count]))
      }
      guard written else { return nil }
    }
    return path
  }
}
