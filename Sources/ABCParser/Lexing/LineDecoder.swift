import ScoreModel

/*
 LineDecoder — bytes in any chunks to numbered source lines, one line at a time.

 Method. Bytes are appended to a pending buffer; every `\n`, `\r\n` or lone `\r` closes a
 line. An all-ASCII line (nearly every ABC line) becomes scalars by widening each byte;
 another line is decoded as UTF-8, and when it is not valid UTF-8 it is read as ISO-8859-1
 (each byte is the code point of the same value), as older tune books were often saved
 that way. A line `I:abc-charset iso-8859-1` (or `%%abc-charset latin1`) switches every
 later line to ISO-8859-1 even when it would pass as UTF-8. A `\r` that ends a chunk waits
 for the next byte so that a `\r\n` split across chunks still counts as one line end.

     "X:1\r\nT:Caf\u{E9}\n"  →  1 "X:1"   2 "T:Café" (Latin-1 byte E9)

 Limits. A line longer than `Limits.maxLineBytes` is cut there (the rest of the line is
 dropped, reported once per line by the reader); memory never holds more than one line.
 */

/// Splits a byte stream into decoded lines without holding more than the current line.
struct LineDecoder {
  /// A decoded line: its 1-based number, scalars and whether bytes were dropped.
  struct Line {
    var number: Int
    var scalars: [Unicode.Scalar]
    var wasCut: Bool
  }

  private var pending: [UInt8] = []
  private var pendingIsASCII = true
  private var pendingCut = false
  private var afterCarriageReturn = false
  private var lineNumber = 0
  /// Set by `abc-charset`: later lines are ISO-8859-1.
  private(set) var declaredLatin1 = false
  /// Whether `abc-charset` is obeyed (text that is already Unicode, an editor's, ignores it).
  var honoursCharset = true

  init(firstLine: Int = 1, honoursCharset: Bool = true) {
    lineNumber = firstLine - 1
    self.honoursCharset = honoursCharset
  }

  /// Decodes the complete lines in `bytes`, handing each to `emit`.
  /// (A line's bytes are found first and kept at once: appended one at a time, with an
  /// array's checks for each, they were a third of reading a file.)
  mutating func feed(_ bytes: UnsafeRawBufferPointer, _ emit: (Line) -> Void) {
    var index = 0
    while index < bytes.count {
      if afterCarriageReturn {
        afterCarriageReturn = false
        if bytes[index] == 10 {
          index += 1
          continue
        }
      }
      let (end, highBits) = Self.lineEnd(in: bytes, from: index)
      // Bytes past the longest line kept are dropped, and the line marked cut.
      let taken = min(end - index, Limits.maxLineBytes - pending.count)
      if taken < end - index { pendingCut = true }
      if taken > 0 {
        let kept = UnsafeRawBufferPointer(rebasing: bytes[index..<index + taken])
        // The scan's answer holds for the whole line; a cut line's kept part is looked at again.
        if pendingIsASCII && highBits != 0 && (taken == end - index || kept.contains(where: { $0 >= 128 })) {
          pendingIsASCII = false
        }
        pending.append(contentsOf: kept)
      }
      index = end
      if index < bytes.count {
        afterCarriageReturn = bytes[index] == 13
        emit(closeLine())
        index += 1
      }
    }
  }

  /// Emits the last line when the input does not end with a line end.
  mutating func finish(_ emit: (Line) -> Void) {
    if !pending.isEmpty || pendingCut { emit(closeLine()) }
  }

  private mutating func closeLine() -> Line {
    lineNumber += 1
    let scalars = decode()
    let line = Line(number: lineNumber, scalars: scalars, wasCut: pendingCut)
    pending.removeAll(keepingCapacity: true)
    pendingIsASCII = true
    pendingCut = false
    if honoursCharset && !declaredLatin1 && Self.declaresLatin1(scalars) { declaredLatin1 = true }
    return line
  }

  /// Where the line starting at `start` ends (its `\n` or `\r`, or the end of `bytes`), and
  /// the OR of its bytes (a high bit set means a byte past ASCII). Eight bytes are read at
  /// a time where they can be: a byte-at-a-time loop was most of reading a file.
  @inline(__always)
  static func lineEnd(in bytes: UnsafeRawBufferPointer, from start: Int) -> (end: Int, highBits: UInt8) {
    guard let base = bytes.baseAddress else { return (start, 0) }
    var end = start
    var seen: UInt64 = 0
    let ones: UInt64 = 0x0101_0101_0101_0101
    let highs: UInt64 = 0x8080_8080_8080_8080
    while end + 8 <= bytes.count {
      let word = UInt64(littleEndian: base.loadUnaligned(fromByteOffset: end, as: UInt64.self))
      // A zero byte in `word ^ 0x0A…` or `word ^ 0x0D…` marks a line end among the eight
      // (the usual test: `(x − 0x01…) & ~x & 0x80…` is non-zero when some byte of x is 0).
      let newline = word ^ (ones &* 10)
      let carriage = word ^ (ones &* 13)
      let found = ((newline &- ones) & ~newline | (carriage &- ones) & ~carriage) & highs
      if found != 0 { break }
      seen |= word
      end += 8
    }
    while end < bytes.count {
      let byte = bytes[end]
      if byte == 10 || byte == 13 { break }
      seen |= UInt64(byte)
      end += 1
    }
    return (end, seen & highs == 0 ? 0 : 0x80)
  }

  private func decode() -> [Unicode.Scalar] {
    if pendingIsASCII || declaredLatin1 {
      // Each byte is its scalar. (Reserved, then appended from the raw bytes: `map` and
      // `Array(repeating:count:)` made each line's array through the unspecialized path.)
      var scalars: [Unicode.Scalar] = []
      scalars.reserveCapacity(pending.count)
      pending.withUnsafeBufferPointer { source in
        for byte in source { scalars.append(Unicode.Scalar(byte)) }
      }
      return scalars
    }
    return pending.withUnsafeBufferPointer { buffer in
      if let text = String(validating: buffer, as: UTF8.self) { return Array(text.unicodeScalars) }
      return buffer.map { Unicode.Scalar($0) }
    }
  }

  /// True for `I:abc-charset iso-8859-1` / `%%abc-charset latin1` (any case, spaces ignored).
  static func declaresLatin1(_ scalars: [Unicode.Scalar]) -> Bool {
    guard scalars.count > 12,
      (scalars[0] == "I" && scalars[1] == ":") || (scalars[0] == "%" && scalars[1] == "%")
    else { return false }
    // Most such lines are other fields and directives: look for "charset" before making text.
    let letters: [UInt32] = "charset".unicodeScalars.map(\.value)
    let head = scalars.prefix(80)
    // `| 0x20` folds ASCII capitals to lower case (and maps nothing else onto a letter).
    let mentionsCharset = head.indices.contains { start in
      start + letters.count <= head.endIndex
        && letters.indices.allSatisfy { head[start + $0].value | 0x20 == letters[$0] }
    }
    guard mentionsCharset else { return false }
    let text = String(String.UnicodeScalarView(scalars.prefix(80))).lowercased().filter { !$0.isWhitespace }
    let key = "abc-charset"
    guard let start = text.indices.first(where: { text[$0...].hasPrefix(key) }) else { return false }
    let value = text[start...].dropFirst(key.count)
    return value.hasPrefix("iso-8859-1") || value.hasPrefix("latin1") || value.hasPrefix("latin-1")
  }
}
