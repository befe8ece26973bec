import ScoreModel

/*
 StyleFile — the `key: value` format of templates and themes.

 Method. One pass over the lines. `#` at a line's start, or ` # ` after a value, starts a
 comment (`#1e1f24` does not, nor a `#` inside quotes); a line
 `[name]` opens a section; `key: value` sets `section.key` (keys are lower-cased, the
 value is trimmed and may be wrapped in double quotes to keep spaces or `#`). Later
 settings win, so a user file can start with `base: a4-book` and override a few keys.

     name: my-book          → "name"
     [header]
     right: "{page}"        → "header.right" = "{page}"

 Limits. No multi-line values; unknown keys are reported by the readers, not here.
 */

/// A parsed template or theme file: ordered `section.key` → value settings.
public struct StyleFile: Sendable, Equatable {
  /// Every setting in file order.
  public private(set) var entries: [(key: String, value: String, line: Int)] = []

  public static func == (lhs: StyleFile, rhs: StyleFile) -> Bool {
    lhs.entries.map { "\($0.key)=\($0.value)" } == rhs.entries.map { "\($0.key)=\($0.value)" }
  }

  /// The malformed lines, in order (each left out of `entries`).
  public private(set) var problems: [StyleFileError] = []

  /// Parses `text`; malformed lines throw with their line numbers (every one of them).
  public init(parsing text: String) throws(StyleFileError) {
    self.init(reading: text)
    if let error = StyleFileError.combined(problems) { throw error }
  }

  /// Parses `text`, keeping every well-formed line and noting each malformed one in
  /// `problems`, so that a reader can report them with its own in one go.
  public init(reading text: String) {
    var section = ""
    for (offset, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      let number = offset + 1
      let line = Self.stripComment(String(rawLine)).trimmed
      if line.isEmpty { continue }
      if line.hasPrefix("[") {
        guard line.hasSuffix("]"), line.count > 2 else {
          problems.append(StyleFileError(line: number, message: "a section header looks like [name]"))
          continue
        }
        section = String(line.dropFirst().dropLast()).trimmed.lowercased()
        continue
      }
      guard let colon = line.firstIndex(of: ":") else {
        problems.append(
          StyleFileError(line: number, message: "expected 'key: value', got '\(Diagnostic.excerpt(line))'"))
        continue
      }
      let key = String(line[..<colon]).trimmed.lowercased()
      var value = String(line[line.index(after: colon)...]).trimmed
      if value.count >= 2 && value.hasPrefix("\"") && value.hasSuffix("\"") {
        value = String(value.dropFirst().dropLast())
      }
      guard !key.isEmpty else {
        problems.append(StyleFileError(line: number, message: "missing key before ':'"))
        continue
      }
      entries.append((section.isEmpty ? key : section + "." + key, value, number))
    }
  }

  /// The last value set for `key` (`section.key`).
  public subscript(_ key: String) -> String? {
    entries.last { $0.key == key }?.value
  }

  /// Every distinct key, in first-seen order.
  public var keys: [String] {
    var seen: Set<String> = []
    return entries.map(\.key).filter { seen.insert($0).inserted }
  }

  /// The line without its comment: a `#` at the start of the line, or a `#` outside
  /// double quotes with a space before it and a space (or nothing) after it, so that
  /// colours such as `#1e1f24` are values, not comments.
  static func stripComment(_ line: String) -> String {
    var inQuotes = false
    var out = ""
    let characters = Array(line)
    for (index, character) in characters.enumerated() {
      if character == "\"" { inQuotes.toggle() }
      if character == "#" && !inQuotes {
        let atStart = out.allSatisfy(\.isWhitespace)
        let spaced =
          index > 0 && characters[index - 1].isWhitespace
          && (index + 1 == characters.count || characters[index + 1].isWhitespace)
        if atStart || spaced { break }
      }
      out.append(character)
    }
    return out
  }
}

/// A problem in a template or theme file.
public struct StyleFileError: Error, Equatable, CustomStringConvertible {
  public var line: Int
  public var message: String
  public var file: String?

  public init(line: Int, message: String, file: String? = nil) {
    self.line = line
    self.message = message
    self.file = file
  }

  /// The file's further problems after this one, in line order.
  public var others: [StyleFileError] = []

  /// This problem and the others.
  public var all: [StyleFileError] { [self] + others }

  /// One error holding every problem (sorted by line), nil when there are none.
  public static func combined(_ problems: [StyleFileError]) -> StyleFileError? {
    let flat = problems.flatMap(\.all).enumerated().sorted {
      $0.element.line != $1.element.line ? $0.element.line < $1.element.line : $0.offset < $1.offset
    }.map(\.element)
    guard var first = flat.first else { return nil }
    first.others = flat.dropFirst().map {
      var problem = $0
      problem.others = []
      return problem
    }
    return first
  }

  public var description: String {
    all.map { "\(file ?? "<style>"):\($0.line): \($0.message)" }.joined(separator: "\n")
  }
}

extension StringProtocol {
  /// The text without leading and trailing spaces and tabs.
  var trimmed: String {
    var slice = Substring(self)
    while let first = slice.first, first.isWhitespace { slice.removeFirst() }
    while let last = slice.last, last.isWhitespace { slice.removeLast() }
    return String(slice)
  }
}
