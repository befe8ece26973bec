import Foundation

/// The editor's tune list: each tune of a text with the line it starts on, its `X:`, first
/// title, key, meter and rhythm, read from its header fields.
///
/// A tune starts at a line beginning `X:` and its header ends at its first `K:` line, as
/// abcm2ps and the parser read them; nothing else is parsed, so a folder of large files is
/// listed in the time it takes to read them. Continued fields (`+:`) and inline fields are
/// not looked at. Example: `X:3\nT:The Kesh\nR:jig\nM:6/8\nK:G\n…` gives
/// `(line 1, "3", "The Kesh", "G", "6/8", "jig")`.
struct TuneIndex {
  /// One tune of the list.
  struct Entry: Equatable {
    var line: Int
    var number: String
    var title = ""
    var key = ""
    var meter = ""
    var rhythm = ""

    var json: [Any] { [line, number, title, key, meter, rhythm] }
  }

  static func entries(_ text: String) -> [Entry] {
    var entries: [Entry] = []
    var inHeader = false
    var number = 0
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      number += 1
      let utf8 = line.utf8
      guard utf8.count >= 2, utf8[utf8.index(after: utf8.startIndex)] == UInt8(ascii: ":") else { continue }
      let value = line.dropFirst(2).trimmingCharacters(in: .whitespaces).replacingOccurrences(
        of: "\r", with: "")
      switch line.first {
      case "X":
        entries.append(Entry(line: number, number: value))
        inHeader = true
      case "T" where inHeader && entries[entries.count - 1].title.isEmpty:
        entries[entries.count - 1].title = value
      case "M" where inHeader:
        entries[entries.count - 1].meter = value
      case "R" where inHeader:
        entries[entries.count - 1].rhythm = value
      case "K" where inHeader:
        // The key and mode, without clef and other settings (`clef=bass`, `transpose=-2`).
        entries[entries.count - 1].key = value.split(separator: " ").filter { !$0.contains("=") }.joined(
          separator: " ")
        inHeader = false
      default: continue
      }
    }
    return entries
  }
}
