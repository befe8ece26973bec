/// The documented exit codes of `abcpress`.
public enum ExitCode: Int32, Sendable {
  /// Success.
  case success = 0
  /// The input had errors; they were printed as `file:line:column: error: …` and whatever
  /// could be engraved was still written.
  case inputErrors = 1
  /// The command line was wrong.
  case usage = 2
  /// Output could not be produced: fonts missing, a file not writable, a render failure.
  case failure = 3
}
