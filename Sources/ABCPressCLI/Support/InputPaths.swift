import Foundation

/// Inputs as files: a folder stands for the `*.abc` files in it (and in its subfolders
/// with `--recursive`), sorted by path, so a run over a folder is the same on every
/// machine.
enum InputPaths {
  /// File extensions read from folders.
  static let extensions: Set<String> = ["abc"]

  /// `paths` with each folder replaced by its ABC files; a folder with none stays as it
  /// is, so reading it reports that it holds no tunes.
  static func expand(_ paths: [String], recursive: Bool) -> [String] {
    var result: [String] = []
    for path in paths {
      var isDirectory: ObjCBool = false
      guard path != "-", FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory),
        isDirectory.boolValue
      else {
        result.append(path)
        continue
      }
      let found = files(in: path, recursive: recursive)
      result += found.isEmpty ? [path] : found
    }
    return result
  }

  /// The ABC files of a folder, sorted by path (hidden files and folders left out).
  static func files(in folder: String, recursive: Bool) -> [String] {
    let base = folder.hasSuffix("/") ? String(folder.dropLast()) : folder
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
}
