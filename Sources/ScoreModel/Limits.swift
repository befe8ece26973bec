/// Named bounds that keep every stage linear and its memory bounded on hostile input.
///
/// Each limit has a diagnostic when it is reached; Documentation/limits.md lists them.
public enum Limits {
  /// Bytes of one source line; the rest of a longer line is dropped (1 MiB).
  public static let maxLineBytes = 1 << 20
  /// Unicode scalars of one tune's source (its lines together); later lines of a longer
  /// tune are skipped up to the tune's end (8 Mi scalars).
  public static let maxTuneScalars = 8 << 20
  /// Scalars kept of a file's text before its first `X:`, which may turn out to be a
  /// fragment (a tune without `X:`) and so must be kept until the file ends (4 Mi).
  public static let maxPreambleScalars = 4 << 20
  /// Diagnostics reported for one tune; later ones are counted in a final note.
  public static let maxDiagnosticsPerTune = 200
}
