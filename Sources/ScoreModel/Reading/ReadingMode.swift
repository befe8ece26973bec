/// How strictly ABC text is read: the version of the standard it claims selects it.
///
/// ABC 2.1 §2.1 (file identification) and the version field of §3.1.17: a file that
/// starts `%abc-2.1`, or says `I:abc-version 2.1` (for the file or one tune), is read
/// strictly; §12.2 reads a file with no version, or a version of 2.0 or less, loosely,
/// and §12.3 reads 2.1 and later strictly. Under strict reading the parser warns about
/// the outdated syntax of §10; under loose reading the same syntax passes silently.
public enum ReadingMode: String, Hashable, Sendable {
  /// ABC 2.0 and earlier, or no version: legacy forms are accepted without comment.
  case loose
  /// ABC 2.1 or later: deprecated and disallowed forms are warned about.
  case strict

  /// The mode a version such as `2.1` selects (§12.2, §12.3); loose when the text is
  /// not a version.
  public init(version: String?) {
    guard let version, let parsed = ABCVersion(version) else {
      self = .loose
      return
    }
    self = parsed >= ABCVersion(major: 2, minor: 1) ? .strict : .loose
  }
}

/// A version of the ABC standard, `major.minor` (`2.1`; a third part is ignored).
public struct ABCVersion: Comparable, Hashable, Sendable {
  public var major: Int
  public var minor: Int

  public init(major: Int, minor: Int) {
    self.major = major
    self.minor = minor
  }

  /// Reads `2.1`, `2.0`, `1.6`, `2` or `2.1.1`; nil for anything else.
  public init?(_ text: some StringProtocol) {
    let parts = text.split(separator: ".", omittingEmptySubsequences: false)
    guard (1...3).contains(parts.count),
      parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy { $0.isASCII && $0.isNumber } }),
      let major = Int(parts[0]), let minor = parts.count > 1 ? Int(parts[1]) : 0
    else { return nil }
    self.init(major: major, minor: minor)
  }

  public static func < (lhs: ABCVersion, rhs: ABCVersion) -> Bool {
    (lhs.major, lhs.minor) < (rhs.major, rhs.minor)
  }
}
