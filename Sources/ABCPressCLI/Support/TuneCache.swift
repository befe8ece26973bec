import Foundation
import Render

/*
 TuneCache — finished per-tune outputs (thumbnails) kept between runs (`--cache DIR`).

 Method. Each tune's entry is keyed by a 128-bit hash (two FNV-1a 64-bit hashes with
 different seeds) of everything its output depends on: the program's version, the
 run's settings (the options that shape the output, the contents of a template or theme
 file, the music fonts' names, sizes and dates), the file header's fields and directives,
 the directives between tunes before it, and the tune's own text. A hit copies the stored
 image and skips parsing, layout and drawing; a changed tune, template or font is a new
 key. Entries are `DIR/ab/<key>.<ext>` with `<key>.name` (its X: number and title, for
 the file-name pattern), written atomically, so a run interrupted or running beside
 another never leaves a torn entry. Tunes with diagnostics are not stored, so their
 warnings are printed again on every run, at their current lines.

     abcpress thumbs book.abc -o 'thumbs/{X}.png' --cache ~/.cache/abcpress

 Limits. Nothing is ever evicted: delete the folder to reclaim its space.
 */

/// Stored per-tune outputs, by a key over everything they depend on.
struct TuneCache: Sendable {
  let directory: URL
  /// The hash of the program's version and the run's settings, part of every key.
  let settings: String

  init(directory: URL, settings: String) {
    self.directory = directory
    self.settings = Self.hash(CommandLineTool.version + "\u{0}" + settings)
  }

  /// What a hit gives back.
  struct Entry: Sendable {
    var bytes: [UInt8]
    var number: Int
    var title: String
  }

  /// The key of a tune of the run.
  func key(for item: TuneStream.Item) -> String {
    var text = settings + "\u{0}" + item.header + "\u{0}"
    text += item.directives.map { "\($0.name) \($0.arguments)" }.joined(separator: "\n") + "\u{0}"
    text += item.headerTitles.joined(separator: "\n") + "\u{0}" + item.source.text
    return Self.hash(text)
  }

  func lookup(_ key: String, pathExtension: String) -> Entry? {
    let base = folder(key).appendingPathComponent(key)
    guard let name = FileManager.default.contents(atPath: base.path + ".name"),
      let image = FileManager.default.contents(atPath: base.path + "." + pathExtension)
    else { return nil }
    let lines = String(decoding: name, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
    guard lines.count >= 2, let number = Int(lines[0]) else { return nil }
    return Entry(bytes: Array(image), number: number, title: String(lines[1]))
  }

  /// Stores an output; a failure only means the next run engraves the tune again.
  func store(_ key: String, pathExtension: String, file: URL, number: Int, title: String) {
    let base = folder(key).appendingPathComponent(key)
    guard let bytes = FileManager.default.contents(atPath: file.path) else { return }
    try? FileManager.default.createDirectory(at: folder(key), withIntermediateDirectories: true)
    let name = "\(number)\n\(title.replacingOccurrences(of: "\n", with: " "))\n"
    try? TemporaryFiles.writeAtomically(Array(name.utf8), to: URL(fileURLWithPath: base.path + ".name"))
    try? TemporaryFiles.writeAtomically(
      Array(bytes), to: URL(fileURLWithPath: base.path + "." + pathExtension))
  }

  private func folder(_ key: String) -> URL { directory.appendingPathComponent(String(key.prefix(2))) }

  /// 32 hexadecimal digits: two 64-bit FNV-1a hashes of the text's UTF-8 bytes.
  static func hash(_ text: String) -> String {
    var first: UInt64 = 0xcbf2_9ce4_8422_2325
    var second: UInt64 = 0x6c62_272e_07bb_0142
    for byte in text.utf8 {
      first = (first ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
      second = (second ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
      second = second ^ (second >> 29)
    }
    return String(format: "%016llx%016llx", first, second)
  }

  /// The settings string for a run: its options that shape the output (not inputs,
  /// outputs, threads or selection), template and theme file contents, and the fonts.
  static func settings(_ arguments: ParsedArguments, fonts: URL) -> String {
    let ignored: Set<String> = [
      "--output", "--jobs", "--cache", "--select", "--shard", "--quiet", "--recursive",
    ]
    var parts = arguments.flags.subtracting(ignored).sorted()
    for (name, value) in arguments.values.sorted(by: { $0.key < $1.key }) where !ignored.contains(name) {
      parts.append("\(name)=\(value)")
      if name == "--template" || name == "--theme", let data = FileManager.default.contents(atPath: value) {
        parts.append(hash(String(decoding: data, as: UTF8.self)))
      }
    }
    let names = (try? FileManager.default.contentsOfDirectory(atPath: fonts.path))?.sorted() ?? []
    for name in names {
      let attributes = try? FileManager.default.attributesOfItem(
        atPath: fonts.appendingPathComponent(name).path)
      let size = (attributes?[.size] as? NSNumber)?.intValue ?? 0
      let date = (attributes?[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
      parts.append("\(name):\(size):\(Int(date))")
    }
    return parts.joined(separator: "\n")
  }
}
