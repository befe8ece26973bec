import ABCParser
import Foundation
import ScoreModel

/// Inputs as files: a folder stands for the `*.abc` (and MusicXML) files in it (and in its
/// subfolders with `--recursive`), sorted by path, so a run over a folder is the same on
/// every machine.
enum InputPaths {
  /// File extensions read from folders.
  static let extensions: Set<String> = ["abc", "musicxml", "mxl"]

  /// The file in a folder whose first line names its section (or its book).
  static let titleFile = "title.txt"

  /// `paths` with each folder replaced by its ABC files; a folder with none stays as it
  /// is, so reading it reports that it holds no tunes.
  static func expand(_ paths: [String], recursive: Bool) -> [String] {
    var result: [String] = []
    for path in paths {
      guard isFolder(path) else {
        result.append(path)
        continue
      }
      let found = files(in: path, recursive: recursive)
      result += found.isEmpty ? [path] : found
    }
    return result
  }

  /// `paths` as a book reads them: a folder's own files, then each subfolder (at any
  /// depth, in path order) as a section headed by its title; files stay as they are.
  static func bookEntries(_ paths: [String]) -> [InputEntry] {
    var result: [InputEntry] = []
    for path in paths {
      guard isFolder(path) else {
        result.append(.file(path))
        continue
      }
      let before = result.count
      result += files(in: path, recursive: false).map(InputEntry.file)
      appendSections(in: trimmed(path), names: [], to: &result)
      if result.count == before { result.append(.file(path)) }
    }
    return result
  }

  /// Each subfolder of `folder` that holds tunes as a section (`names` are the titles of
  /// the folders above it, joined into the heading), then its own subfolders.
  private static func appendSections(in folder: String, names: [String], to result: inout [InputEntry]) {
    for sub in subfolders(of: folder) {
      let chain = names + [title(of: sub)]
      let found = files(in: sub, recursive: false)
      if !found.isEmpty {
        result.append(.section(chain.joined(separator: " – ")))
        result += found.map(InputEntry.file)
      }
      appendSections(in: sub, names: chain, to: &result)
    }
  }

  /// The book made from each folder by `--per-folder`: a folder's own files make a book
  /// named after it, each subfolder (with its subfolders as sections) one more.
  static func perFolderBooks(_ paths: [String]) -> [FolderBook] {
    var books: [FolderBook] = []
    for path in paths where isFolder(path) {
      let base = trimmed(path)
      let own = files(in: base, recursive: false)
      if !own.isEmpty { books.append(FolderBook(folder: base, title: title(of: base), inputs: own)) }
      for sub in subfolders(of: base) where hasTunes(sub) {
        books.append(FolderBook(folder: sub, title: title(of: sub), inputs: [sub]))
      }
    }
    return books
  }

  /// Whether a folder or any folder under it holds a file to read.
  static func hasTunes(_ folder: String) -> Bool {
    !files(in: folder, recursive: true).isEmpty
  }

  /// A folder's title: the first line of its `title.txt`, else its name with a leading
  /// ordering number (`01-`, `2 `) and underscores taken out, capitalised when all lower
  /// case: `01_slip-jigs` → "Slip-jigs".
  static func title(of folder: String) -> String {
    let file = trimmed(folder) + "/" + titleFile
    if let data = FileManager.default.contents(atPath: file), data.count <= 4096 {
      let text = String(decoding: data, as: UTF8.self)
      if let line = text.split(whereSeparator: \.isNewline).map({ $0.trimmingCharacters(in: .whitespaces) })
        .first(where: { !$0.isEmpty })
      {
        return line
      }
    }
    var name = Substring((trimmed(folder) as NSString).lastPathComponent)
    let digits = name.prefix(while: \.isNumber)
    let rest = name.dropFirst(digits.count)
    if !digits.isEmpty, let first = rest.first, " ._-".contains(first) {
      let stripped = rest.drop(while: { " ._-".contains($0) })
      if !stripped.isEmpty { name = stripped }
    }
    var title = name.replacingOccurrences(of: "_", with: " ").trimmingCharacters(in: .whitespaces)
    if title == title.lowercased(), let first = title.first {
      title = first.uppercased() + title.dropFirst()
    }
    return title.isEmpty ? String(name) : title
  }

  /// The ABC files of a folder, sorted by path (hidden files and folders left out).
  static func files(in folder: String, recursive: Bool) -> [String] {
    let base = trimmed(folder)
    guard let names = try? FileManager.default.contentsOfDirectory(atPath: base) else { return [] }
    var files: [String] = []
    for name in names.sorted() where !name.hasPrefix(".") {
      let path = base + "/" + name
      var isDirectory: ObjCBool = false
      guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { continue }
      if isDirectory.boolValue {
        if recursive { files += Self.files(in: path, recursive: true) }
      } else if extensions.contains((name as NSString).pathExtension.lowercased()) {
        files.append(path)
      }
    }
    return files
  }

  /// The subfolders of a folder, sorted by name (hidden ones left out).
  static func subfolders(of folder: String) -> [String] {
    let base = trimmed(folder)
    guard let names = try? FileManager.default.contentsOfDirectory(atPath: base) else { return [] }
    return names.sorted().filter { !$0.hasPrefix(".") }.map { base + "/" + $0 }.filter(isFolder)
  }

  static func isFolder(_ path: String) -> Bool {
    var isDirectory: ObjCBool = false
    return path != "-" && FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory)
      && isDirectory.boolValue
  }

  /// The path without a trailing `/` (but `/` itself kept).
  static func trimmed(_ path: String) -> String {
    var path = path
    while path.count > 1 && path.hasSuffix("/") { path.removeLast() }
    return path
  }
}

/// One input of a book: a file to read, or the heading of the section the next files form.
enum InputEntry {
  case file(String)
  case section(String)
  /// A book file's: a set's heading, the tunes of a file it selects, its directives, a page break.
  case set(String)
  case selected(String, TuneSelection)
  case directives([Directive])
  case pageBreak
  /// A book file's section or set begins (`.open`) or ends (`.close`): the format
  /// directives given inside it are undone when it ends.
  case formatScope(FormatScope)
}

/// Where a book file's section or set begins or ends, for the format its directives set.
enum FormatScope {
  case open
  case close
}

/// One book of `book --per-folder`: the folder, its title and the inputs that make it.
struct FolderBook {
  var folder: String
  var title: String
  var inputs: [String]
}
