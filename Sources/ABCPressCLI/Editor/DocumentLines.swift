/// An editor's text as numbered lines (1-based), without their line ends: what the
/// document's analysis and requests read, so that nothing needs the whole text as one string.
protocol DocumentLines {
  var lineCount: Int { get }
  /// Line `number` (1 ... lineCount).
  func line(_ number: Int) -> Substring
}

extension DocumentLines {
  /// The UTF-8 bytes of lines `range`, each followed by a line feed.
  func bytes(_ range: ClosedRange<Int>) -> [UInt8] {
    var bytes: [UInt8] = []
    for number in range where number >= 1 && number <= lineCount {
      bytes += line(number).utf8
      bytes.append(0x0A)
    }
    return bytes
  }
}

/// A whole text's lines (the editor page sends its text whole).
struct TextLines: DocumentLines {
  let lines: [Substring]

  init(_ text: String) {
    lines = EditorDocument.split(text)
  }

  var lineCount: Int { lines.count }
  func line(_ number: Int) -> Substring { lines[number - 1] }
}
