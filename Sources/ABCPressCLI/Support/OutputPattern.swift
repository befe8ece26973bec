import Foundation
import ScoreModel

/// File name patterns of `-o`: `{X}`, `{T}`, `{N}`, `{F}` and `{folder}` filled in per tune
/// (thumbnails, `render --split`) or per book (`render`, `book`, `book --per-folder`).
enum OutputPattern {
  /// The placeholders a per-tune pattern may hold.
  static let placeholders = ["{X}", "{T}", "{N}", "{F}", "{folder}"]
  /// The placeholders of a whole book's name (one file for many tunes).
  static let bookPlaceholders = ["{T}", "{F}", "{folder}"]

  static let meanings =
    "{X} the X: number, {T} the title, {N} the position, {F} the input file, {folder} its folder"

  /// Refuses a pattern with a `{…}` that is not a placeholder (a typo would otherwise name
  /// every file alike); `perTune` false refuses the tune's own ones too (a book is one file).
  static func check(_ pattern: String, perTune: Bool = true) throws {
    var rest = Substring(pattern)
    while let open = rest.firstIndex(of: "{") {
      guard let close = rest[open...].firstIndex(of: "}") else { return }
      let found = String(rest[open...close])
      if !perTune && ["{X}", "{N}"].contains(found) {
        throw UsageError(
          "'\(found)' in '\(pattern)' names one tune, but this output holds them all"
            + " (a book's name may hold {T} its title, {F} the first input, {folder} its folder;"
            + " 'render --split' writes one file per tune)")
      }
      if !placeholders.contains(found) {
        throw UsageError(
          "unknown placeholder '\(found)' in '\(pattern)'" + Suggestion.hint(for: found, among: placeholders)
            + " (the placeholders are \(meanings))")
      }
      rest = rest[rest.index(after: close)...]
    }
  }

  /// The pattern with `{X}`, `{T}`, `{N}`, `{F}` and `{folder}` filled in for a tune.
  static func fileName(_ pattern: String, tune: Tune, position: Int, file: String?) -> String {
    fileName(pattern, number: tune.referenceNumber, title: tune.title, position: position, file: file)
  }

  /// The pattern with `{X}`, `{T}`, `{N}`, `{F}` (the input file's name without its
  /// extension; `stdin` for standard input) and `{folder}` (the name of the folder the
  /// input is in) filled in from an X: number and a title.
  static func fileName(_ pattern: String, number: Int, title: String, position: Int, file: String?) -> String
  {
    filled(pattern, title: title, file: file)
      .replacingOccurrences(of: "{X}", with: String(number))
      .replacingOccurrences(of: "{N}", with: String(position))
  }

  /// A book's file name: `{T}` its title, `{F}` the first input's name, `{folder}` the
  /// folder the book is made from (a folder input's own name, else the first file's folder).
  static func bookName(_ pattern: String, title: String, firstInput: String?, folder: String? = nil) -> String
  {
    guard pattern.contains("{") else { return pattern }
    var file = firstInput
    var folderName = folder.map { ($0 as NSString).lastPathComponent }
    if let input = firstInput, InputPaths.isFolder(input) {
      let name = (InputPaths.trimmed(input) as NSString).lastPathComponent
      file = name
      folderName = folderName ?? name
    }
    var text = pattern
    if let folderName {
      text = text.replacingOccurrences(of: "{folder}", with: folderName.isEmpty ? "folder" : folderName)
    }
    return filled(text, title: title, file: file)
  }

  /// `{T}`, `{F}` and `{folder}` filled in.
  private static func filled(_ pattern: String, title: String, file: String?) -> String {
    let stem = file.map { (($0 as NSString).lastPathComponent as NSString).deletingPathExtension } ?? "stdin"
    return pattern.replacingOccurrences(of: "{T}", with: slug(title, fallback: "untitled"))
      .replacingOccurrences(of: "{F}", with: stem.isEmpty || stem.hasPrefix("<") ? "stdin" : stem)
      .replacingOccurrences(of: "{folder}", with: folderName(of: file))
  }

  /// The name of the folder a file is in (the working folder's for a bare name).
  static func folderName(of file: String?) -> String {
    guard let file, file != "-", !file.hasPrefix("<") else { return "stdin" }
    let parent = (file as NSString).deletingLastPathComponent
    let absolute =
      parent.isEmpty || !parent.hasPrefix("/")
      ? FileManager.default.currentDirectoryPath + (parent.isEmpty ? "" : "/" + parent) : parent
    let name = (URL(fileURLWithPath: absolute).standardized.path as NSString).lastPathComponent
    return name.isEmpty || name == "/" ? "root" : name
  }

  /// Letters and digits of `text`, other runs as one `-`.
  static func slug(_ text: String, fallback: String) -> String {
    var slug = ""
    for character in text {
      if character.isLetter || character.isNumber {
        slug.append(character)
      } else if !slug.isEmpty && !slug.hasSuffix("-") {
        slug.append("-")
      }
    }
    while slug.hasSuffix("-") { slug.removeLast() }
    return slug.isEmpty ? fallback : slug
  }

  /// The title a book would take from its first file: the file header's `T:`, else the
  /// first tune's (read from at most the first 64 KiB).
  static func headerTitle(of input: String?) -> String? {
    guard var path = input, path != "-" else { return nil }
    if InputPaths.isFolder(path) {
      guard
        let first = InputPaths.bookEntries([path]).lazy.compactMap({ entry -> String? in
          if case .file(let file) = entry { file } else { nil }
        }).first
      else { return nil }
      path = first
    }
    guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
    defer { try? handle.close() }
    let text = String(decoding: handle.readData(ofLength: 1 << 16), as: UTF8.self)
    for line in text.split(whereSeparator: \.isNewline) where line.hasPrefix("T:") {
      let title = line.dropFirst(2).trimmingCharacters(in: .whitespaces)
      if !title.isEmpty { return title }
    }
    return nil
  }
}
