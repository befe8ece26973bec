import ScoreModel

/*
 BookFile — a tune book described in a file: its settings, sections, files and set lists.

 Method. One pass over the lines, in the `key: value` style of templates. Settings before
 the first heading describe the book (title, template, edition …); `[section: NAME]` starts
 a section, `[set: NAME]` a set (a medley or set list: one heading over the tunes under
 it, up to the next heading); `tunes: PATH [SELECTION]` adds a file's tunes (a path
 relative to the book file, a folder, or a `*` pattern), all of them or those a
 `--select`-style list names, in the file's order; `new-page: yes` starts the section on a
 new page; a line starting `%%` is a format directive for the tunes after it. Every
 problem of the file is reported at once, each with its line.

     title: Thursday Session            → settings["title"]
     [section: Jigs]                    → .section("Jigs")
     tunes: jigs.abc 1-3                → .tunes("jigs.abc", "1-3")
     [set: The Kesh set]                → .set("The Kesh set")
     tunes: jigs.abc 'The Kesh'         → .tunes("jigs.abc", "'The Kesh'")

 Limits. Paths are resolved by the caller (no file I/O here); a directive holds to the end
 of its section or set (the caller brackets them: BookFileInput's format scopes).
 */

/// A tune book described in a file (`*.abcbook`; Documentation/books.md).
public struct BookFile: Sendable {
  /// What the book is made of, in order.
  public enum Entry: Sendable, Equatable {
    case section(String, line: Int)
    case set(String, line: Int)
    /// A file, folder or pattern, and the tunes taken from it (nil: all).
    case tunes(String, selection: String?, line: Int)
    /// A format directive's text (`%%transpose 2`), for the tunes after it.
    case directive(String, line: Int)
    case newPage(line: Int)
  }

  /// The book's settings (before the first heading), by key, with their lines.
  public private(set) var settings: [(key: String, value: String, line: Int)] = []
  public private(set) var entries: [Entry] = []

  /// The settings a book file may give.
  public static let settingKeys = [
    "title", "subtitle", "author", "template", "theme", "edition", "transpose", "page-start", "language",
    "title-page", "contents", "index",
  ]

  /// The value last given for a setting.
  public subscript(_ key: String) -> String? { settings.last { $0.key == key }?.value }

  /// The lines that could not be read, in order (each left out).
  public private(set) var problems: [StyleFileError] = []

  /// Reads a book file; every problem is thrown together (`StyleFileError.all`).
  public init(parsing text: String) throws(StyleFileError) {
    self.init(reading: text)
    if let error = StyleFileError.combined(problems) { throw error }
  }

  /// Reads a book file, noting each line that cannot be read in `problems`.
  public init(reading text: String) {
    var problems: [StyleFileError] = []
    defer { self.problems = problems }
    var inBody = false
    for (offset, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      let number = offset + 1
      let trimmed = raw.trimmed
      if trimmed.hasPrefix("%%") {
        guard inBody else {
          problems.append(
            StyleFileError(
              line: number, message: "a format directive belongs under a [section:] or [set:] heading"))
          continue
        }
        entries.append(.directive(String(trimmed), line: number))
        continue
      }
      let line = StyleFile.stripComment(String(raw)).trimmed
      if line.isEmpty { continue }
      if line.hasPrefix("[") {
        guard line.hasSuffix("]"), let colon = line.firstIndex(of: ":") else {
          problems.append(
            StyleFileError(
              line: number,
              message:
                "a heading looks like [section: NAME] or [set: NAME], not '\(Diagnostic.excerpt(line))'"))
          continue
        }
        let kind = line[line.index(after: line.startIndex)..<colon].trimmed.lowercased()
        let name = line[line.index(after: colon)..<line.index(before: line.endIndex)].trimmed
        guard !name.isEmpty else {
          problems.append(StyleFileError(line: number, message: "the heading has no name"))
          continue
        }
        switch kind {
        case "section": entries.append(.section(name, line: number))
        case "set": entries.append(.set(name, line: number))
        default:
          problems.append(
            StyleFileError(
              line: number, message: "a heading is [section: NAME] or [set: NAME], not '\(kind)'"))
          continue
        }
        inBody = true
        continue
      }
      guard let colon = line.firstIndex(of: ":") else {
        problems.append(
          StyleFileError(line: number, message: "expected 'key: value', got '\(Diagnostic.excerpt(line))'"))
        continue
      }
      let key = line[..<colon].trimmed.lowercased()
      let value = line[line.index(after: colon)...].trimmed
      switch key {
      case "tunes":
        guard let parsed = Self.tunes(value) else {
          problems.append(StyleFileError(line: number, message: "tunes: needs a file, folder or pattern"))
          continue
        }
        entries.append(.tunes(parsed.path, selection: parsed.selection, line: number))
        inBody = true
      case "new-page":
        guard let flag = StyleValues.bool(value) else {
          problems.append(StyleFileError(line: number, message: "new-page is yes or no"))
          continue
        }
        if flag { entries.append(.newPage(line: number)) }
      default:
        guard !inBody else {
          problems.append(
            StyleFileError(
              line: number,
              message:
                "'\(Diagnostic.excerpt(key))' under a heading: a section holds tunes:, new-page: and %% lines"
            ))
          continue
        }
        guard Self.settingKeys.contains(key) else {
          problems.append(
            StyleFileError(
              line: number,
              message: "unknown book setting '\(Diagnostic.excerpt(key))'"
                + Suggestion.hint(for: key, among: Self.settingKeys)))
          continue
        }
        settings.append((key, Self.unquoted(value), number))
      }
    }
  }

  /// `PATH [SELECTION]`: the path (quoted when it holds spaces) and the rest.
  static func tunes(_ value: String) -> (path: String, selection: String?)? {
    var rest = Substring(value)
    var path: String
    if rest.first == "\"" {
      rest = rest.dropFirst()
      guard let close = rest.firstIndex(of: "\"") else { return nil }
      path = String(rest[..<close])
      rest = rest[rest.index(after: close)...]
    } else {
      let end = rest.firstIndex { $0 == " " || $0 == "\t" } ?? rest.endIndex
      path = String(rest[..<end])
      rest = rest[end...]
    }
    path = path.trimmed
    guard !path.isEmpty else { return nil }
    let selection = rest.trimmed
    return (path, selection.isEmpty ? nil : selection)
  }

  static func unquoted(_ value: String) -> String {
    value.count >= 2 && value.hasPrefix("\"") && value.hasSuffix("\"")
      ? String(value.dropFirst().dropLast()) : value
  }
}
