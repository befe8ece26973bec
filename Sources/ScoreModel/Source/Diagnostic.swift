/// How serious a diagnostic is.
public enum Severity: String, Sendable, Comparable {
  case note
  case warning
  case error

  private var rank: Int {
    switch self {
    case .note: 0
    case .warning: 1
    case .error: 2
    }
  }

  public static func < (lhs: Severity, rhs: Severity) -> Bool { lhs.rank < rhs.rank }
}

/// A problem found in ABC input, pointing at the text it concerns.
public struct Diagnostic: Hashable, Sendable, CustomStringConvertible {
  public var severity: Severity
  public var message: String
  public var range: SourceRange
  /// The file the text came from; nil for in-memory text.
  public var file: String?

  public init(_ severity: Severity, _ message: String, at range: SourceRange, file: String? = nil) {
    self.severity = severity
    self.message = message
    self.range = range
    self.file = file
  }

  /// The conventional `file:line:column: severity: message` form.
  public var description: String {
    "\(file ?? "<input>"):\(range.start.line):\(range.start.column): \(severity.rawValue): \(message)"
  }
}
