import ScoreModel

/// One physical line of ABC source as Unicode scalars, with its comment already cut off.
///
/// Columns are 1-based and count Unicode scalars, matching `SourceLocation`.
struct SourceLine: Sendable {
  /// The 1-based line number in the file.
  let number: Int
  /// Every scalar of the line, without the line terminator.
  let scalars: [Unicode.Scalar]
  /// Index one past the last scalar that is code (a `%` comment starts here).
  let codeEnd: Int

  /// For a line rewritten by `m:` macros: for each scalar, the span of the written line it
  /// came from (a macro's whole text for its replacement), so columns point at what was
  /// written. Nil for a line as written. The last span ends where the written line ends
  /// (expansion copies every scalar after the last macro).
  private let written: [Range<Int>]?

  /// A line as written, or (with `written`) a line rewritten by macros: the written span
  /// each of its scalars came from.
  init(number: Int, scalars: [Unicode.Scalar], written: [Range<Int>]? = nil) {
    self.number = number
    self.scalars = scalars
    self.codeEnd = CommentStripper.codeEnd(of: scalars)
    self.written = written
  }

  /// The location of the scalar at `index` (0-based).
  func location(at index: Int) -> SourceLocation {
    SourceLocation(line: number, column: writtenStart(of: index) + 1)
  }

  /// The range from scalar `start` up to `end` (0-based, half open).
  func range(from start: Int, to end: Int) -> SourceRange {
    guard let written, end > start, end - 1 < written.count else {
      return SourceRange(start: location(at: start), end: location(at: max(start, end)))
    }
    let lower = writtenStart(of: start)
    let upper = max(lower, written[end - 1].upperBound)
    return SourceRange(
      start: SourceLocation(line: number, column: lower + 1),
      end: SourceLocation(line: number, column: upper + 1))
  }

  /// The written index of scalar `index`: itself for a line as written.
  private func writtenStart(of index: Int) -> Int {
    guard let written else { return index }
    if index < 0 { return index }
    guard index >= written.count else { return written[index].lowerBound }
    return (written.last?.upperBound ?? 0) + index - written.count
  }

  /// The range of the whole line.
  var fullRange: SourceRange { range(from: 0, to: scalars.count) }

  /// The text of scalars `start..<end`, clamped to the line.
  func text(from start: Int, to end: Int) -> String {
    let lower = min(max(start, 0), scalars.count)
    let upper = min(max(end, lower), scalars.count)
    return Self.string(scalars[lower..<upper])
  }

  /// The text of scalars `start..<end` without surrounding whitespace (trimmed before
  /// the string is built).
  func trimmedText(from start: Int, to end: Int) -> String {
    var lower = min(max(start, 0), scalars.count)
    var upper = min(max(end, lower), scalars.count)
    while lower < upper && scalars[lower].isABCWhitespace { lower += 1 }
    while upper > lower && scalars[upper - 1].isABCWhitespace { upper -= 1 }
    return Self.string(scalars[lower..<upper])
  }

  /// Encodes scalars as a string in one pass, writing straight into the string's storage.
  private static func string(_ slice: ArraySlice<Unicode.Scalar>) -> String {
    if slice.isEmpty { return "" }
    return String(unsafeUninitializedCapacity: slice.count * 4) { buffer in
      var count = 0
      forEachUTF8Byte(of: slice) { byte in
        buffer[count] = byte
        count += 1
      }
      return count
    }
  }

  /// Each UTF-8 byte of `scalars`, in order: ASCII directly, the rest through the encoder
  /// (whose general path costs a call per scalar).
  @inline(__always)
  static func forEachUTF8Byte(of scalars: ArraySlice<Unicode.Scalar>, _ body: (UInt8) -> Void) {
    for scalar in scalars {
      if scalar.value < 128 {
        body(UInt8(truncatingIfNeeded: scalar.value))
      } else {
        UTF8.encode(scalar, into: body)
      }
    }
  }

  /// The code part of the line (comment removed).
  var code: String { text(from: 0, to: codeEnd) }

  /// True when the line holds only whitespace (an empty line ends a tune).
  var isBlank: Bool { scalars.allSatisfy { $0.isABCWhitespace } }

  /// True when the line has no code at all once the comment is cut off.
  var isCodeBlank: Bool { scalars[0..<codeEnd].allSatisfy { $0.isABCWhitespace } }

  /// True when the line starts with `%%` (a stylesheet directive).
  var isDirective: Bool {
    scalars.count >= 2 && scalars[0] == "%" && scalars[1] == "%"
  }

  /// Splits text into lines at `\n`, `\r\n` or `\r`.
  ///
  /// Works on the UTF-8 bytes: line ends are found bytewise, an all-ASCII line (nearly
  /// every ABC line) becomes scalars by widening each byte, and only a line with other
  /// bytes goes through the Unicode decoder.
  static func split(_ text: String) -> [SourceLine] {
    var text = text
    return text.withUTF8 { bytes in
      var lines: [SourceLine] = []
      lines.reserveCapacity(bytes.count / 24)
      var start = 0
      var isASCII = true
      var index = 0
      let count = bytes.count
      while index < count {
        let byte = bytes[index]
        if byte == 10 || byte == 13 {
          lines.append(line(number: lines.count + 1, bytes: bytes, start, index, isASCII: isASCII))
          index += byte == 13 && index + 1 < count && bytes[index + 1] == 10 ? 2 : 1
          start = index
          isASCII = true
          continue
        }
        if byte >= 128 { isASCII = false }
        index += 1
      }
      if start < count {
        lines.append(line(number: lines.count + 1, bytes: bytes, start, count, isASCII: isASCII))
      }
      return lines
    }
  }

  /// The line made of `bytes[start..<end]`.
  private static func line(
    number: Int, bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int, isASCII: Bool
  ) -> SourceLine {
    let slice = UnsafeBufferPointer(rebasing: bytes[start..<end])
    let scalars: [Unicode.Scalar]
    if isASCII {
      scalars = [Unicode.Scalar](unsafeUninitializedCapacity: slice.count) { buffer, initialized in
        for (offset, byte) in slice.enumerated() {
          buffer.initializeElement(at: offset, to: Unicode.Scalar(byte))
        }
        initialized = slice.count
      }
    } else {
      scalars = Array(String(decoding: slice, as: UTF8.self).unicodeScalars)
    }
    return SourceLine(number: number, scalars: scalars)
  }
}
