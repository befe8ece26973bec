/*
 ContentSniffer — tells an input that is plainly not ABC from one that is, by its first bytes.

 Method. The start of the file is matched against the signatures users hand us by mistake:
 PDF (`%PDF`), PNG, JPEG, GIF, MIDI (`MThd`), XML that is not MusicXML (after an optional
 byte-order mark and white space: `<?xml`, `<!DOCTYPE` or a root element), and a binary (two NUL bytes, or more than a tenth of control characters, in the first 8 KiB; a
 stray NUL or escape in a text file does not count). Such an input gets one clear error instead of
 thousands of diagnostics and a junk engraving. MusicXML (XML naming `score-partwise` or
 `score-timewise`) and ZIP archives (`PK\3\4`, compressed MusicXML `.mxl`) are read as
 MusicXML (`isMusicXML`, `MusicXMLInput`); anything else is read as ABC.

     abcpress render book.pdf -o x.pdf  →  book.pdf:1:1: error: not ABC: this is a PDF file

 Limits. Only the first 8 KiB are looked at; a text file that is not ABC (prose) is read
 as ABC and its diagnostics say what is wrong.
 */

/// Recognises inputs that are not ABC text.
public enum ContentSniffer {
  /// How much of an input is looked at.
  public static let window = 8192

  /// Why `bytes` (the start of an input) is not ABC, or nil when it may be.
  public static func notABC(_ bytes: some Collection<UInt8>) -> String? {
    let head = Array(bytes.prefix(window))
    func starts(_ signature: [UInt8]) -> Bool { head.starts(with: signature) }
    if starts(Array("%PDF".utf8)) { return "not ABC: this is a PDF file" }
    if starts([0x89, 0x50, 0x4E, 0x47]) { return "not ABC: this is a PNG image" }
    if starts([0xFF, 0xD8, 0xFF]) || starts(Array("GIF8".utf8)) { return "not ABC: this is an image" }
    if starts(Array("MThd".utf8)) { return "not ABC: this is a MIDI file" }
    if isMusicXML(head) { return nil }
    var start = starts([0xEF, 0xBB, 0xBF]) ? 3 : 0
    while start < head.count, [0x20, 0x09, 0x0A, 0x0D].contains(head[start]) { start += 1 }
    if start < head.count, head[start] == UInt8(ascii: "<") {
      return isMusicXML(head) ? nil : "not ABC nor MusicXML: this is an XML or HTML file"
    }
    // A binary: NUL bytes, or control characters thick on the ground (a stray NUL or an
    // escape sequence in a text file does not make it binary).
    let nuls = head.reduce(0) { $0 + ($1 == 0 ? 1 : 0) }
    let controls = head.reduce(0) { $0 + ($1 < 0x20 && ![0x09, 0x0A, 0x0C, 0x0D].contains($1) ? 1 : 0) }
    if nuls >= 2 || (controls >= 16 && controls * 10 > head.count) { return "not ABC: this is a binary file" }
    return nil
  }

  /// True when `bytes` (the start of an input) is MusicXML: XML naming a partwise or
  /// timewise score, or a ZIP archive (compressed MusicXML).
  public static func isMusicXML(_ bytes: some Collection<UInt8>) -> Bool {
    var head = Array(bytes.prefix(window))
    if head.starts(with: [0x50, 0x4B, 0x03, 0x04]) { return true }
    // UTF-16 with a byte-order mark (some programs write MusicXML so): look at its text.
    if head.starts(with: [0xFF, 0xFE]) || head.starts(with: [0xFE, 0xFF]) {
      let little = head[0] == 0xFF
      let units = stride(from: 2, to: head.count - 1, by: 2).map {
        little ? UInt16(head[$0]) | UInt16(head[$0 + 1]) << 8 : UInt16(head[$0]) << 8 | UInt16(head[$0 + 1])
      }
      head = Array(String(decoding: units, as: UTF16.self).utf8)
    }
    var start = head.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
    while start < head.count, [0x20, 0x09, 0x0A, 0x0D].contains(head[start]) { start += 1 }
    guard start < head.count, head[start] == UInt8(ascii: "<") else { return false }
    let text = String(decoding: head, as: UTF8.self)
    return text.contains("score-partwise") || text.contains("score-timewise")
  }
}
