import ScoreModel

/// An open document's text as an editor holds it, with conversions between the editor's
/// positions (0-based lines, UTF-16 code units, as the Language Server Protocol counts)
/// and ABCPress's (1-based lines, 1-based columns in Unicode scalars).
///
/// The text is kept as an array of lines, so an edit rewrites only the lines it touches
/// (and moves the array's later elements when it adds or removes lines): a keystroke
/// costs the same in a document of any length. Line ends are LF, CR LF or CR, as the
/// protocol counts them.
struct EditorDocument: DocumentLines {
  let uri: String
  private(set) var version: Int
  /// Each line's text, without its line end.
  private(set) var lines: [String]

  /// The lines an edit replaced: `first` through `oldLast` before it, `first` through
  /// `newLast` after it (1-based).
  struct LineChange: Equatable {
    var first: Int
    var oldLast: Int
    var newLast: Int
  }

  init(uri: String, version: Int, text: String) {
    self.uri = uri
    self.version = version
    lines = Self.split(text).map(String.init)
  }

  var lineCount: Int { lines.count }
  func line(_ number: Int) -> Substring { Substring(lines[number - 1]) }

  /// The whole text, its lines joined by line feeds.
  var text: String { lines.joined(separator: "\n") }

  /// An edit: `range` (LSP positions) replaced by `newText`; no range replaces all. The
  /// lines it changed, or nil when it replaced the whole text.
  @discardableResult
  mutating func apply(range: (start: LSPPosition, end: LSPPosition)?, newText: String, version: Int)
    -> LineChange?
  {
    self.version = version
    guard let range else {
      lines = Self.split(newText).map(String.init)
      return nil
    }
    var (start, end) = (clamped(range.start), clamped(range.end))
    if (end.line, end.character) < (start.line, start.character) { swap(&start, &end) }
    let first = lines[start.line]
    let last = lines[end.line]
    let joined =
      String(first[first.startIndex..<index(of: start)]) + newText + String(last[index(of: end)...])
    let replacement = Self.split(joined).map(String.init)
    lines.replaceSubrange(start.line...end.line, with: replacement)
    return LineChange(first: start.line + 1, oldLast: end.line + 1, newLast: start.line + replacement.count)
  }

  /// A position within the text: past the last line is the end of the last line.
  private func clamped(_ position: LSPPosition) -> LSPPosition {
    guard position.line < lines.count else {
      return LSPPosition(line: lines.count - 1, character: lines[lines.count - 1].utf16.count)
    }
    return position
  }

  /// `text` cut at its line ends (LF, CR LF, CR); an empty text is one empty line.
  static func split(_ text: String) -> [Substring] {
    var lines: [Substring] = []
    let utf8 = text.utf8
    var start = utf8.startIndex
    var index = start
    while index < utf8.endIndex {
      let byte = utf8[index]
      if byte == 0x0A || byte == 0x0D {
        lines.append(text[start..<index])
        var next = utf8.index(after: index)
        if byte == 0x0D, next < utf8.endIndex, utf8[next] == 0x0A { next = utf8.index(after: next) }
        start = next
        index = next
      } else {
        index = utf8.index(after: index)
      }
    }
    lines.append(text[start..<utf8.endIndex])
    return lines
  }

  /// The string index, in its line, of an LSP position (clamped into the line).
  func index(of position: LSPPosition) -> String.Index {
    let line = lines[max(0, min(position.line, lines.count - 1))]
    var units = 0
    var index = line.startIndex
    for scalar in line.unicodeScalars {
      if units >= position.character { break }
      units += scalar.utf16.count
      index = line.unicodeScalars.index(after: index)
    }
    return index
  }

  /// The LSP position of a 1-based line and scalar column.
  func position(line: Int, column: Int) -> LSPPosition {
    let row = max(0, line - 1)
    guard row < lines.count else { return LSPPosition(line: row, character: 0) }
    var units = 0
    for scalar in lines[row].unicodeScalars.prefix(max(0, column - 1)) { units += scalar.utf16.count }
    return LSPPosition(line: row, character: units)
  }

  /// The 1-based scalar column of an LSP position on its line.
  func column(of position: LSPPosition) -> Int {
    guard position.line < lines.count else { return 1 }
    var units = 0
    var column = 1
    for scalar in lines[position.line].unicodeScalars {
      if units >= position.character { break }
      units += scalar.utf16.count
      column += 1
    }
    return column
  }

  /// The LSP range of a source range.
  func range(_ range: SourceRange) -> (start: LSPPosition, end: LSPPosition) {
    let start = position(line: range.start.line, column: range.start.column)
    var end = position(line: range.end.line, column: range.end.column)
    if end.line < start.line || (end.line == start.line && end.character <= start.character) {
      end = LSPPosition(line: start.line, character: start.character + 1)
    }
    return (start, end)
  }
}

/// A position as the Language Server Protocol gives it: 0-based line and UTF-16 offset.
struct LSPPosition: Hashable {
  var line: Int
  var character: Int

  init(line: Int, character: Int) {
    self.line = line
    self.character = character
  }

  init?(_ json: Any?) {
    guard let object = json as? [String: Any], let line = object["line"] as? Int,
      let character = object["character"] as? Int, line >= 0, character >= 0
    else { return nil }
    self.init(line: line, character: character)
  }

  var json: [String: Any] { ["line": line, "character": character] }
}
