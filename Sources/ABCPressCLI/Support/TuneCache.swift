import ABCParser
import Foundation
import Render
import ScoreModel

/*
 TuneCache — finished per-tune outputs (thumbnails) kept between runs (`--cache DIR`).

 Method. Each tune's entry is keyed by a 128-bit hash (two FNV-1a 64-bit hashes with
 different seeds) of everything its output depends on: the program's version, the
 run's settings (the options that shape the output, the contents of a template or theme
 file, the music fonts' names, sizes and dates), the file header's fields and directives,
 the directives between tunes before it, and the tune's own text. A hit copies the stored
 image and skips parsing, layout and drawing; a changed tune, template or font is a new
 key. Entries are `DIR/ab/<key>.<ext>` with `<key>.name` (its X: number and title, for
 the file-name pattern), each sealed by the folder (CacheFolder: a tag under a key only
 the folder's owner can read; links, FIFOs and strangers' files are never followed or
 trusted), so a torn, damaged or forged entry reads as missing. A tune's warnings are kept
 beside its entry and printed again on every run, at their current lines
 (TuneCache+Warnings); a tune with an error is not stored.

     abcpress thumbs book.abc -o 'thumbs/{X}.png' --cache ~/.cache/abcpress

 Limits. Nothing is ever evicted: delete the folder to reclaim its space.
 */

/// Stored per-tune outputs, by a key over everything they depend on.
struct TuneCache: Sendable {
  /// The folder, checked and held open.
  let folder: CacheFolder
  /// The hash of the program's version and the run's settings, part of every key.
  let settings: String

  init(folder: CacheFolder, settings: String) {
    self.folder = folder
    self.settings = Self.hash(
      CommandLineTool.version + "\u{0}r\(Self.outputRevision)\u{0}" + settings)
  }

  /// Raised when the same input and settings come out as other bytes (an encoder's change),
  /// so that entries an earlier build kept are not mixed into a new build's files.
  /// 2: PDF text runs as `TJ` arrays. 3: PDF streams compressed by libdeflate. 4: a layout
  /// record ends with whether its tune has warnings kept.
  static let outputRevision = 4

  /// The cache `--cache DIR` names, or `fallback` without the option; nil without either,
  /// or (with a warning on `console`) when the folder is refused: the run goes on uncached.
  static func open(_ arguments: ParsedArguments, fallback: URL? = nil, console: Console) -> TuneCache? {
    guard let path = arguments["--cache"] ?? fallback?.path else { return nil }
    switch CacheFolder.open(path) {
    case .success(let folder):
      return TuneCache(
        folder: folder,
        settings: Self.settings(arguments, fonts: FontLocator.locate(explicit: arguments["--fonts"])))
    case .failure(let refusal):
      console.error(
        "abcpress: warning: the cache folder \(Diagnostic.printable(path)) is not used: \(Diagnostic.printable(refusal.description))"
      )
      return nil
    }
  }

  /// The user's cache folder (`$XDG_CACHE_HOME/abcpress`, else `~/.cache/abcpress`).
  static var userFolder: URL? {
    if let base = EnvironmentVariable.value("XDG_CACHE_HOME"), base.hasPrefix("/") {
      return URL(fileURLWithPath: base).appendingPathComponent("abcpress", isDirectory: true)
    }
    guard let home = EnvironmentVariable.value("HOME"), home.hasPrefix("/") else { return nil }
    return URL(fileURLWithPath: home).appendingPathComponent(".cache/abcpress", isDirectory: true)
  }

  /// What a hit gives back.
  struct Entry: Sendable {
    var bytes: [UInt8]
    var facts: ThumbnailFacts
  }

  /// The key of a tune of the run.
  func key(for item: TuneStream.Item) -> String {
    key(
      header: item.header, directives: item.directivesDigest, headerTitles: item.headerTitles,
      source: item.source)
  }

  /// The key of a tune: its file header, the directives before it (their running hash,
  /// `KeyHasher.add(_: Directive)`), its header titles and its lines (not their numbers: a
  /// tune moved by an edit above it keeps its key).
  func key(header: String, directives: String, headerTitles: [String], source: TuneSource) -> String {
    var hasher = KeyHasher()
    hasher.add(settings + "\u{0}" + header + "\u{0}")
    hasher.add(directives + "\u{0}")
    hasher.add(headerTitles.joined(separator: "\n") + "\u{0}")
    hasher.add(lines: source)
    return hasher.hex
  }

  /// The stored bytes of an entry, if any, checked by the folder (nil for anything
  /// missing, planted or damaged).
  func read(_ key: String, pathExtension: String) -> [UInt8]? {
    folder.read(key + "." + pathExtension, shard: String(key.prefix(2)))
  }

  /// Stores bytes under a key, sealed; a failure only means the work is done again.
  func write(_ bytes: [UInt8], key: String, pathExtension: String) {
    folder.write(bytes, name: key + "." + pathExtension, shard: String(key.prefix(2)))
  }

  func lookup(_ key: String, pathExtension: String) -> Entry? {
    guard let name = read(key, pathExtension: "name"), let image = read(key, pathExtension: pathExtension)
    else { return nil }
    guard let facts = ThumbnailFacts(record: String(decoding: name, as: UTF8.self)) else { return nil }
    return Entry(bytes: Array(image), facts: facts)
  }

  /// Stores an output; a failure only means the next run engraves the tune again.
  func store(_ key: String, pathExtension: String, file: URL, facts: ThumbnailFacts) {
    guard let bytes = FileManager.default.contents(atPath: file.path) else { return }
    write(Array(facts.record.utf8), key: key, pathExtension: "name")
    write(Array(bytes), key: key, pathExtension: pathExtension)
  }

  /// 32 hexadecimal digits: two 64-bit FNV-1a hashes of the text's UTF-8 bytes.
  static func hash(_ text: String) -> String {
    var hasher = KeyHasher()
    hasher.add(text)
    return hasher.hex
  }

  /// Two 64-bit FNV-1a hashes with different seeds (the second also shifted into itself),
  /// fed bytes of text or whole scalar values.
  struct KeyHasher {
    private var first: UInt64 = 0xcbf2_9ce4_8422_2325
    private var second: UInt64 = 0x6c62_272e_07bb_0142

    mutating func add(_ text: String) {
      for byte in text.utf8 { add(UInt32(byte)) }
    }

    /// A tune's lines, each scalar's value and a line feed after each line.
    mutating func add(lines source: TuneSource) {
      source.forEachLine { line in
        for scalar in line { add(scalar.value) }
        add(0x0A)
      }
    }

    /// A directive, as a step of a running hash of the directives met so far (each costs
    /// its own length, however many came before).
    mutating func add(_ directive: Directive) {
      add(directive.name + " " + directive.arguments + "\n")
    }

    mutating func add(_ value: UInt32) {
      first = (first ^ UInt64(value)) &* 0x0000_0100_0000_01B3
      second = (second ^ UInt64(value)) &* 0x0000_0100_0000_01B3
      second = second ^ (second >> 29)
    }

    /// The two hashes as 32 hexadecimal digits.
    var hex: String {
      func digits(_ value: UInt64) -> String {
        let text = String(value, radix: 16)
        return String(repeating: "0", count: 16 - text.count) + text
      }
      return digits(first) + digits(second)
    }
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
    // The program itself: a rebuilt binary may lay out differently under the same version.
    // (stat follows /proc/self/exe to the binary; lstat would give the process's start time.)
    var program = stat()
    if stat("/proc/self/exe", &program) == 0 {
      parts.append("program:\(program.st_size):\(program.st_mtim.tv_sec).\(program.st_mtim.tv_nsec)")
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
