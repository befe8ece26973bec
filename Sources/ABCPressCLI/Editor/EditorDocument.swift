import ScoreModel

/// An open document's text as an editor holds it, with conversions between the editor's
/// positions (0-based lines, UTF-16 code units, as the Language Server Protocol counts)
/// and ABCPress's (1-based lines, 1-based columns in Unicode scalars).
struct EditorDocument {
  let uri: String
  private(set) var version: Int
  private(set) var text: String
  /// Each line's text, without its line end.
  private(set) var lines: [Substring] = []

  init(uri: String, version: Int, text: String) {
    self.uri = uri
    self.version = version
    self.text = text
    splitLines()
  }

  /// An edit: `range` (LSP positions) replaced by `newText`; no range replaces all.
  mutating func apply(range: (start: LSPPosition, end: LSPPosition)?, newText: String, version: Int) {
    self.version = version
    guard let range else {
      text = newText
      splitLines()
      return
    }
    let start = index(of: range.start)
    let end = max(start, index(of: range.end))
    text.replaceSubrange(start..<end, with: newText)
    splitLines()
  }

  /// The string index of an LSP position (clamped into the text).
  func index(of position: LSPPosition) -> String.Index {
    guard position.line < lines.count else { return text.endIndex }
    let line = lines[max(0, position.line)]
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

  private mutating func splitLines() {
    // "\r\n" is one Character, so it is a separator of its own.
    lines = text.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" }
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
