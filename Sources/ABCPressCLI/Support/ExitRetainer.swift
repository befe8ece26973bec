/// Keeps a large value alive until the process exits, so it is never torn down.
///
/// `abcpress check` parses a whole tune book only to print its diagnostics and then
/// exits. Releasing the score model element by element (a million notes for the
/// 9,600-tune corpus) took about a tenth of the run; the operating system reclaims the
/// memory at exit anyway, as compilers do with their syntax trees. Use it only for
/// values built once per process, right before the command returns.
enum ExitRetainer {
  /// The box that holds the value.
  private final class Box<Value> {
    let value: Value
    init(_ value: Value) { self.value = value }
  }

  /// Retains `value` for the rest of the process.
  static func keep<Value>(_ value: Value) {
    _ = Unmanaged.passRetained(Box(value))
  }
}
