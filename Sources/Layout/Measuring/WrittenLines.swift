import Foundation

/// The lines of a text as a directive writes it: `\n` (backslash and n, as in `nm=` or
/// `%%header`) or a real line end breaks it, and each line loses its outer spaces and tabs.
enum WrittenLines {
  /// The lines of `text`, empty ones kept or not.
  ///
  /// Most texts (a running head's page number, a voice's name) are one plain ASCII line
  /// with nothing to trim: those are returned as they are, without Foundation's string
  /// search and trimming, which on Linux cost more than the rest of a page's head.
  static func of(_ text: String, keepingEmpty: Bool) -> [String] {
    if let plain = plainLine(text) { return plain.isEmpty && !keepingEmpty ? [] : [plain] }
    let lines = text.replacingOccurrences(of: "\\n", with: "\n")
      .split(separator: "\n", omittingEmptySubsequences: false)
      .map { String($0.trimmingCharacters(in: .whitespaces)) }
    return keepingEmpty ? lines : lines.filter { !$0.isEmpty }
  }

  /// `text` itself when it is ASCII without a backslash, a line end or a carriage return
  /// and does not start or end with a space or tab: what the general path would give.
  private static func plainLine(_ text: String) -> String? {
    var first: UInt8?
    var last: UInt8 = 0
    for byte in text.utf8 {
      guard byte >= 0x20, byte < 0x7F, byte != UInt8(ascii: "\\") else { return nil }
      if first == nil { first = byte }
      last = byte
    }
    guard let first else { return "" }
    return first == 0x20 || last == 0x20 ? nil : text
  }
}
