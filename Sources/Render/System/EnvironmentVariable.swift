import Foundation

/// One environment variable's value, read on its own.
///
/// `ProcessInfo.environment` builds a dictionary of the whole environment on every read
/// (a third of a million instructions each time, a few times at every start); a variable
/// the program asks about by name is one `getenv`.
public enum EnvironmentVariable {
  /// The variable's value, or nil when it is not set.
  public static func value(_ name: String) -> String? {
    getenv(name).map { String(cString: $0) }
  }
}
