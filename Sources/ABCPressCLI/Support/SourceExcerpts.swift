import Foundation
import ScoreModel

/*
 SourceExcerpts — the source line under a diagnostic, with a caret under its column, as
 compilers print them:

     book.abc:12:6: warning: tie '-' does not follow a note
        12 | CDEF|-C|
           |      ^

 Method. The file a diagnostic names is read once, when its first diagnostic comes (runs
 report file by file, so only one file is held), and split into lines on demand; standard
 input is read from the run's spooled copy. The line is shown with each tab as one space
 (so the caret lines up whatever a terminal's tab stops), cut to a window of about 100
 characters around the column when it is longer. The column counts Unicode scalars, as the parser's columns do.

 Limits. Files that are not ABC text (MusicXML, converted to ABC before parsing; binary
 files refused as not ABC) get no excerpt; nor do positions past a file's end.
 */

/// Source lines for diagnostics, read from their files.
final class SourceExcerpts {
  private var path: String?
  private var bytes: [UInt8] = []
  private var lineStarts: [Int] = []

  /// The excerpt lines for a diagnostic (without a final newline), or nil.
  func excerpt(for diagnostic: Diagnostic) -> String? {
    var bytes: [UInt8] = []
    guard append(for: diagnostic, to: &bytes) else { return nil }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// `excerpt(for:)`'s bytes added to `bytes`; false (nothing added) when there is none.
  func append(for diagnostic: Diagnostic, to bytes: inout [UInt8]) -> Bool {
    guard let file = diagnostic.file, diagnostic.range.start.line >= 1 else { return false }
    let source = file == "<stdin>" ? StandardInput.latest?.path : file
    guard let source, load(source) else { return false }
    let number = diagnostic.range.start.line
    guard number <= lineStarts.count else { return false }
    let start = lineStarts[number - 1]
    var end = number < lineStarts.count ? lineStarts[number] : self.bytes.count
    while end > start, self.bytes[end - 1] == 10 || self.bytes[end - 1] == 13 { end -= 1 }
    let column = max(1, diagnostic.range.start.column)
    if Self.appendPlainExcerpt(self.bytes[start..<end], number: number, column: column, to: &bytes) {
      return true
    }
    guard let decoded = Self.decodedExcerpt(self.bytes[start..<end], number: number, column: column) else {
      return false
    }
    bytes.append(contentsOf: decoded.utf8)
    return true
  }

  /// The excerpt of any line: decoded to scalars, control characters escaped.
  static func decodedExcerpt(_ line: ArraySlice<UInt8>, number: Int, column: Int) -> String? {
    let scalars = Array(String(decoding: line, as: UTF8.self).unicodeScalars)
    // A long line is cut to a window around the column.
    let window = 100
    var from = 0
    if scalars.count > window, column > window / 2 { from = min(column - window / 2, scalars.count - window) }
    let to = min(scalars.count, from + window)
    guard from <= to else { return nil }
    // Tabs show as one space each, so the caret lines up whatever the tab stops; other
    // control characters are escaped as in every message.
    // Built as UTF-8 bytes: appending scalars to a string one at a time was most of the
    // cost of reporting a warning.
    var utf8: [UInt8] = []
    utf8.reserveCapacity(4 * (to - from))
    for scalar in scalars[from..<to] {
      if scalar == "\t" { utf8.append(0x20) } else { utf8.append(contentsOf: UTF8.encode(scalar)!) }
    }
    var shown = String(decoding: utf8, as: UTF8.self)
    shown = Diagnostic.printable(shown)
    if from > 0 { shown = "…" + shown }
    if to < scalars.count { shown += "…" }
    var pad = from > 0 ? " " : ""
    pad += String(repeating: " ", count: max(0, min(column - 1, scalars.count) - from))
    let gutter = String(number)
    let blank = String(repeating: " ", count: gutter.count)
    return " \(gutter) | \(shown)\n \(blank) | \(pad)^"
  }

  /// The excerpt of a line of printable ASCII (and tabs), made as bytes: the same text as
  /// `decodedExcerpt`, which decodes the line to scalars and builds strings (most of the
  /// cost of reporting a warning). Nil for any other line.
  static func plainExcerpt(_ line: ArraySlice<UInt8>, number: Int, column: Int) -> String? {
    var bytes: [UInt8] = []
    guard appendPlainExcerpt(line, number: number, column: column, to: &bytes) else { return nil }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// `plainExcerpt`'s bytes added to `bytes`, in place (no piece made on its own); false
  /// (nothing added) for a line that is not printable ASCII and tabs.
  static func appendPlainExcerpt(
    _ line: ArraySlice<UInt8>, number: Int, column: Int, to out: inout [UInt8]
  ) -> Bool {
    for byte in line where (byte < 0x20 || byte >= 0x7F) && byte != 0x09 { return false }
    let count = line.count
    let window = 100
    var from = 0
    if count > window, column > window / 2 { from = min(column - window / 2, count - window) }
    let to = min(count, from + window)
    guard from <= to else { return false }
    let gutterStart = out.count + 1
    out.reserveCapacity(out.count + 2 * 24 + (to - from) + column + 24)
    out.append(0x20)
    Diagnostic.appendDecimal(number, to: &out)
    let gutter = out.count - gutterStart
    out.append(0x20)
    out.append(0x7C)
    out.append(0x20)
    if from > 0 { appendEllipsis(to: &out) }
    for byte in line[(line.startIndex + from)..<(line.startIndex + to)] {
      out.append(byte == 0x09 ? 0x20 : byte)
    }
    if to < count { appendEllipsis(to: &out) }
    out.append(0x0A)
    out.append(0x20)
    out.append(contentsOf: repeatElement(0x20, count: gutter))
    out.append(0x20)
    out.append(0x7C)
    out.append(0x20)
    if from > 0 { out.append(0x20) }
    out.append(contentsOf: repeatElement(0x20, count: max(0, min(column - 1, count) - from)))
    out.append(0x5E)
    return true
  }

  /// `…` in UTF-8.
  private static func appendEllipsis(to out: inout [UInt8]) {
    out.append(0xE2)
    out.append(0x80)
    out.append(0xA6)
  }

  private func load(_ file: String) -> Bool {
    if file == path { return !lineStarts.isEmpty }
    path = file
    bytes = []
    lineStarts = []
    guard let data = FileManager.default.contents(atPath: file), !data.isEmpty,
      data.count < 256 << 20, data.first != UInt8(ascii: "<"), data.first != UInt8(ascii: "P"),
      !(data.count >= 2 && (data[0] == 0xFF || data[0] == 0xFE))
    else { return false }
    // A binary file (an image or PDF given as input, refused as not ABC) is not quoted:
    // NUL bytes or bytes that are not UTF-8 near its start.
    let head = data.prefix(4096)
    if head.contains(0) || String(validating: head.prefix(while: { $0 != 10 }), as: UTF8.self) == nil {
      return false
    }
    bytes = [UInt8](data)
    // Line ends found by memchr (a byte-by-byte loop was most of quoting a book's first
    // warning).
    var starts = [0]
    bytes.withUnsafeBufferPointer { buffer in
      guard let base = buffer.baseAddress else { return }
      var at = 0
      while at < buffer.count, let found = memchr(base + at, 10, buffer.count - at) {
        let end = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
        if end + 1 < buffer.count { starts.append(end + 1) }
        at = end + 1
      }
    }
    lineStarts = starts
    return true
  }
}
