import Foundation
import Render

/// Gives each per-tune output of a run (thumbnails, `render --split`) its final name, in
/// input order: the pattern's name, or with `-2`, `-3` … when an earlier tune of the run
/// took it (two tunes `X:1`, two titles alike), so no tune's file overwrites another's;
/// names longer than the file system allows are shortened.
struct OutputNames {
  /// Names taken in this run.
  private var taken: Set<String> = []

  /// The bytes a file name may have (ext4, XFS, Btrfs: 255), less room for `-NNN`.
  static let longestName = 240

  /// The name a tune's output gets: `wanted`, shortened, made unique in the run.
  mutating func claim(_ wanted: String) -> String {
    let shortened = Self.shortened(wanted)
    var name = shortened
    var count = 1
    while taken.contains(name) {
      count += 1
      name = Self.numbered(shortened, count)
    }
    taken.insert(name)
    return name
  }

  /// Moves the temporary image to its final name; returns the name, or why it failed.
  mutating func place(_ temporary: URL, wanted: String) -> Result<String, RenderError> {
    let name = claim(wanted)
    defer { TemporaryFiles.unregister(temporary.path) }
    guard rename(temporary.path, name) == 0 else {
      let reason = TemporaryFiles.reason(errno)
      unlink(temporary.path)
      return .failure(.io(path: name, reason: reason))
    }
    return .success(name)
  }

  /// Writes stored bytes (a cache hit) under the name the tune gets; a file already
  /// holding exactly these bytes (the same run before) is left alone.
  mutating func write(_ bytes: [UInt8], wanted: String) -> Result<String, RenderError> {
    let name = claim(wanted)
    if let existing = FileManager.default.contents(atPath: name), existing.count == bytes.count,
      existing.elementsEqual(bytes)
    {
      return .success(name)
    }
    do {
      let url = URL(fileURLWithPath: name)
      try TemporaryFiles.createFolder(for: url)
      try TemporaryFiles.writeAtomically(bytes, to: url)
      return .success(name)
    } catch let error as RenderError {
      return .failure(error)
    } catch {
      return .failure(.io(path: name, reason: "\(error)"))
    }
  }

  /// `dir/name.png` → `dir/name-2.png`.
  static func numbered(_ path: String, _ count: Int) -> String {
    let url = URL(fileURLWithPath: path)
    let stem = url.deletingPathExtension().lastPathComponent
    let directory = (path as NSString).deletingLastPathComponent
    let name = "\(stem)-\(count).\(url.pathExtension)"
    return directory.isEmpty ? name : directory + "/" + name
  }

  /// The path with its file name cut (at a character) to `longestName` bytes, keeping
  /// the extension.
  static func shortened(_ path: String) -> String {
    let url = URL(fileURLWithPath: path)
    let file = url.lastPathComponent
    guard file.utf8.count > longestName else { return path }
    let suffix = url.pathExtension.isEmpty ? "" : "." + url.pathExtension
    var stem = ""
    for character in url.deletingPathExtension().lastPathComponent {
      guard stem.utf8.count + character.utf8.count + suffix.utf8.count <= longestName else { break }
      stem.append(character)
    }
    let directory = (path as NSString).deletingLastPathComponent
    return (directory.isEmpty ? "" : directory + "/") + stem + suffix
  }
}
