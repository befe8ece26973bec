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
    guard let file = diagnostic.file, diagnostic.range.start.line >= 1 else { return nil }
    let source = file == "<stdin>" ? StandardInput.latest?.path : file
    guard let source, load(source) else { return nil }
    let number = diagnostic.range.start.line
    guard number <= lineStarts.count else { return nil }
    let start = lineStarts[number - 1]
    var end = number < lineStarts.count ? lineStarts[number] : bytes.count
    while end > start, bytes[end - 1] == 10 || bytes[end - 1] == 13 { end -= 1 }
    let column = max(1, diagnostic.range.start.column)
    return Self.plainExcerpt(bytes[start..<end], number: number, column: column)
      ?? Self.decodedExcerpt(bytes[start..<end], number: number, column: column)
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
    guard line.allSatisfy({ ($0 >= 0x20 && $0 < 0x7F) || $0 == 0x09 }) else { return nil }
    let count = line.count
    let window = 100
    var from = 0
    if count > window, column > window / 2 { from = min(column - window / 2, count - window) }
    let to = min(count, from + window)
    guard from <= to else { return nil }
    let gutter = Array(String(number).utf8)
    let ellipsis: [UInt8] = [0xE2, 0x80, 0xA6]
    var out: [UInt8] = [0x20]
    out.reserveCapacity(2 * gutter.count + (to - from) + column + 24)
    out += gutter
    out += [0x20, 0x7C, 0x20]
    if from > 0 { out += ellipsis }
    for byte in line[(line.startIndex + from)..<(line.startIndex + to)] {
      out.append(byte == 0x09 ? 0x20 : byte)
    }
    if to < count { out += ellipsis }
    out += [0x0A, 0x20]
    out += repeatElement(0x20, count: gutter.count)
    out += [0x20, 0x7C, 0x20]
    if from > 0 { out.append(0x20) }
    out += repeatElement(0x20, count: max(0, min(column - 1, count) - from))
    out.append(0x5E)
    return String(decoding: out, as: UTF8.self)
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
    lineStarts = [0]
    for (index, byte) in bytes.enumerated() where byte == 10 && index + 1 < bytes.count {
      lineStarts.append(index + 1)
    }
    return true
  }
}
