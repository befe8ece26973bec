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

  /// The conventional `file:line:column: severity: message` form, on one line and with
  /// control characters escaped (`Diagnostic.printable`), so input text can never drive
  /// the terminal.
  /// (Made as UTF-8 bytes in one buffer: interpolation grew a string piece by piece, about
  /// 6,000 instructions a warning.)
  public var description: String {
    var bytes: [UInt8] = []
    appendDescription(to: &bytes)
    return String(decoding: bytes, as: UTF8.self)
  }

  /// `description`'s UTF-8 bytes, added to `bytes` (a batch of warnings is one buffer).
  public func appendDescription(to bytes: inout [UInt8]) {
    bytes.reserveCapacity(bytes.count + (file?.utf8.count ?? 7) + message.utf8.count + 40)
    Self.appendPrintable(file ?? "<input>", to: &bytes)
    bytes.append(UInt8(ascii: ":"))
    Self.appendDecimal(range.start.line, to: &bytes)
    bytes.append(UInt8(ascii: ":"))
    Self.appendDecimal(range.start.column, to: &bytes)
    bytes.append(UInt8(ascii: ":"))
    bytes.append(0x20)
    switch severity {
    case .note: bytes.append(contentsOf: "note".utf8)
    case .warning: bytes.append(contentsOf: "warning".utf8)
    case .error: bytes.append(contentsOf: "error".utf8)
    }
    bytes.append(UInt8(ascii: ":"))
    bytes.append(0x20)
    Self.appendPrintable(message, to: &bytes)
  }

  /// `printable(text)`'s bytes added to `bytes`: printable ASCII (most paths and
  /// messages) copied as it is, anything else escaped first.
  public static func appendPrintable(_ text: String, to bytes: inout [UInt8]) {
    var text = text
    let copied = text.withUTF8 { stored -> Bool in
      for byte in stored where byte < 0x20 || byte >= 0x7F { return false }
      bytes.append(contentsOf: stored)
      return true
    }
    if !copied { bytes.append(contentsOf: printable(text).utf8) }
  }

  /// A whole number's decimal digits added to `bytes`.
  public static func appendDecimal(_ value: Int, to bytes: inout [UInt8]) {
    if value < 0 { bytes.append(UInt8(ascii: "-")) }
    var rest = value.magnitude
    var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)  // room for 24 digits, last first
    var count = 0
    withUnsafeMutableBytes(of: &digits) { room in
      repeat {
        room[count] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: rest % 10)
        rest /= 10
        count += 1
      } while rest > 0
      for index in stride(from: count - 1, through: 0, by: -1) { bytes.append(room[index]) }
    }
  }

  /// Source text as a diagnostic quotes it: at most `Limits.quotedTextLength` Unicode
  /// scalars, cut with `…` (counting scalars, not characters, so that a run of combining
  /// marks cannot hide a megabyte in one character).
  public static func excerpt(_ text: some StringProtocol) -> String {
    let scalars = text.unicodeScalars
    guard scalars.count > Limits.quotedTextLength else { return String(text) }
    var cut = String.UnicodeScalarView(scalars.prefix(Limits.quotedTextLength - 1))
    cut.append("…")
    return String(cut)
  }

  /// `text` safe to print on a terminal: ESC as `\e`, newline, return and tab as `\n`,
  /// `\r`, `\t`, every other C0 and C1 control and DEL as `\xNN`, and the bidirectional
  /// overrides and isolates (which reorder what a terminal shows) as `\u{NNNN}`.
  public static func printable(_ text: String) -> String {
    // Printable ASCII (most messages and paths) needs nothing escaped: read as bytes.
    if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return text }
    guard text.unicodeScalars.contains(where: needsEscape) else { return text }
    var out = String.UnicodeScalarView()
    for scalar in text.unicodeScalars {
      guard needsEscape(scalar) else {
        out.append(scalar)
        continue
      }
      let escaped: String
      switch scalar.value {
      case 0x1B: escaped = "\\e"
      case 0x0A: escaped = "\\n"
      case 0x0D: escaped = "\\r"
      case 0x09: escaped = "\\t"
      case 0..<0x100: escaped = "\\x" + hex(scalar.value, digits: 2)
      default: escaped = "\\u{" + hex(scalar.value, digits: 4) + "}"
      }
      out.append(contentsOf: escaped.unicodeScalars)
    }
    return String(out)
  }

  /// True for the scalars `printable` escapes.
  static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0..<0x20, 0x7F...0x9F, 0x202A...0x202E, 0x2066...0x2069: true
    default: false
    }
  }

  private static func hex(_ value: UInt32, digits: Int) -> String {
    let text = String(value, radix: 16)
    return String(repeating: "0", count: max(digits - text.count, 0)) + text
  }
}
