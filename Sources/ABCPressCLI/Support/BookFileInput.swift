import Book
import Foundation

/// A book file (`*.abcbook`) read for `abcpress book`: its inputs with paths resolved
/// against its folder, and its settings as the command line's options (which win).
struct BookFileInput {
  let path: String
  let file: BookFile
  let entries: [InputEntry]

  /// Whether an input names a book file.
  static func isBookFile(_ path: String) -> Bool {
    path.lowercased().hasSuffix(".abcbook")
  }

  /// Reads and resolves the book file; every problem (syntax, a missing file, a bad
  /// selection) is reported at once, each at its line.
  init(path: String) throws {
    self.path = path
    guard let data = FileManager.default.contents(atPath: path) else {
      throw UsageError("cannot read book file '\(path)'")
    }
    let folder = (path as NSString).deletingLastPathComponent
    let parsed = BookFile(reading: String(decoding: data, as: UTF8.self))
    var problems = parsed.problems
    var entries: [InputEntry] = []
    // A section's directives hold until the next section, a set's until the next heading.
    var open = (section: false, set: false)
    func close(set: Bool, section: Bool) {
      if set && open.set { entries.append(.formatScope(.close)) }
      if section && open.section { entries.append(.formatScope(.close)) }
      open = (open.section && !section, open.set && !set)
    }
    for entry in parsed.entries {
      switch entry {
      case .section(let name, _):
        close(set: true, section: true)
        entries.append(.section(name))
        entries.append(.formatScope(.open))
        open.section = true
      case .set(let name, _):
        close(set: true, section: false)
        entries.append(.set(name))
        entries.append(.formatScope(.open))
        open.set = true
      case .newPage: entries.append(.pageBreak)
      case .directive(let text, _):
        // Directives on lines together apply together (a column's two margins).
        let directives = FormatFile.directives(in: text)
        if case .directives(let before)? = entries.last {
          entries[entries.count - 1] = .directives(before + directives)
        } else {
          entries.append(.directives(directives))
        }
      case .tunes(let pattern, let selectionText, let line):
        let files = Self.files(pattern, in: folder)
        if files.isEmpty {
          problems.append(
            StyleFileError(line: line, message: "no .abc or MusicXML file found at '\(pattern)'"))
          continue
        }
        var selection: TuneSelection?
        if let selectionText {
          do {
            selection = try TuneSelection(select: selectionText, shard: nil)
          } catch {
            problems.append(StyleFileError(line: line, message: "\(error)"))
            continue
          }
        }
        entries += files.map { file in selection.map { .selected(file, $0) } ?? .file(file) }
      }
    }
    if let error = StyleFileError.combined(problems) {
      throw StyleLoader.usageError(error, reference: path)
    }
    self.file = parsed
    self.entries = entries
  }

  /// The files a `tunes:` line names: a file, a folder's files (with its subfolders), or
  /// the files a `*`/`?` pattern matches, sorted; relative to the book file's folder.
  static func files(_ pattern: String, in folder: String) -> [String] {
    let full = pattern.hasPrefix("/") || folder.isEmpty ? pattern : folder + "/" + pattern
    if full.contains("*") || full.contains("?") || full.contains("[") {
      var found = glob_t()
      defer { globfree(&found) }
      guard glob(full, 0, nil, &found) == 0 else { return [] }
      let matches = (0..<Int(found.gl_pathc)).compactMap { found.gl_pathv[$0].map { String(cString: $0) } }
      return matches.sorted().flatMap {
        InputPaths.isFolder($0) ? InputPaths.files(in: $0, recursive: true) : [$0]
      }
    }
    if InputPaths.isFolder(full) { return InputPaths.files(in: full, recursive: true) }
    return FileManager.default.fileExists(atPath: full) ? [full] : []
  }

  /// The command line with the book file's settings added where it gives none: a template
  /// or theme file named relative to the book file is found there.
  func arguments(over given: ParsedArguments) -> ParsedArguments {
    var arguments = given
    let folder = (path as NSString).deletingLastPathComponent
    let options = [
      "title": "--title", "subtitle": "--subtitle", "author": "--author", "template": "--template",
      "theme": "--theme", "edition": "--edition", "transpose": "--transpose", "page-start": "--page-start",
      "language": "--language",
    ]
    for (key, option) in options where arguments[option] == nil {
      guard var value = file[key] else { continue }
      if key == "template" || key == "theme", !value.hasPrefix("/"), !folder.isEmpty,
        FileManager.default.fileExists(atPath: folder + "/" + value)
      {
        value = folder + "/" + value
      }
      arguments.values[option] = value
    }
    for (key, flag) in [
      ("title-page", "--no-title-page"), ("contents", "--no-contents"), ("index", "--no-index"),
    ] {
      if let value = file[key], StyleValues.bool(value) == false { arguments.flags.insert(flag) }
    }
    return arguments
  }
}
