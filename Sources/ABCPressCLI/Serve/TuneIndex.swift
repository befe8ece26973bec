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
    for line in text.utf8.split(separator: 0x0A, omittingEmptySubsequences: false) {
      number += 1
      guard line.count >= 2, line[line.index(after: line.startIndex)] == UInt8(ascii: ":"),
        let label = line.first
      else { continue }
      // Only these fields are read, and only in a header (`X:` starts one): a music line
      // such as `|:d2fd` costs nothing more.
      guard label == UInt8(ascii: "X") || (inHeader && "TMRK".utf8.contains(label)) else { continue }
      let value = Self.trimmed(line.dropFirst(2))
      switch label {
      case UInt8(ascii: "X"):
        entries.append(Entry(line: number, number: value))
        inHeader = true
      case UInt8(ascii: "T") where entries[entries.count - 1].title.isEmpty:
        entries[entries.count - 1].title = value
      case UInt8(ascii: "M"):
        entries[entries.count - 1].meter = value
      case UInt8(ascii: "R"):
        entries[entries.count - 1].rhythm = value
      case UInt8(ascii: "K"):
        // The key and mode, without clef and other settings (`clef=bass`, `transpose=-2`).
        entries[entries.count - 1].key = value.split(separator: " ").filter { !$0.contains("=") }.joined(
          separator: " ")
        inHeader = false
      default: continue
      }
    }
    return entries
  }

  /// `bytes` as text without the spaces, tabs and carriage returns around it.
  private static func trimmed(_ bytes: Substring.UTF8View.SubSequence) -> String {
    let blank: (UInt8) -> Bool = { $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }
    guard let first = bytes.firstIndex(where: { !blank($0) }),
      let last = bytes.lastIndex(where: { !blank($0) })
    else { return "" }
    return String(decoding: bytes[first...last], as: UTF8.self)
  }
}
