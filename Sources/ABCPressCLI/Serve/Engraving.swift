import ABCParser
import DisplayList

/// One engraving of a tune for the editor, kept by the text of its piece (`TunePiece`):
/// its pages, the drawn items that came from the source, and the text's tokens, all in the
/// piece's lines.
struct Engraving {
  /// A drawn item from the tune's source: its page, box (points) and source position.
  struct Item {
    var page: Int
    var box: Rect
    var line: Int
    var column: Int
  }

  var svg: [String]
  var items: [Item]
  var sizes: [[Double]]
  var tokens: [SyntaxToken]

  /// The render answer's `svg`, `items`, `sizes` and `tokens`, in the document's lines.
  func json(in piece: TunePiece) -> [String: Any] {
    let shift = piece.lineShift
    let items = items.map { item -> [Any] in
      [item.page, item.box.x, item.box.y, item.box.width, item.box.height, item.line + shift, item.column]
    }
    var blocks: [[String: Any]] = []
    if piece.headerLines > 0 {
      blocks.append(Self.tokenBlock(tokens, lines: 1...piece.headerLines, shift: 0))
    }
    let tuneLines = piece.tuneStartInPiece...(piece.tuneStartInPiece + piece.tuneLineCount - 1)
    blocks.append(Self.tokenBlock(tokens, lines: tuneLines, shift: shift))
    return ["svg": svg, "items": items, "sizes": sizes, "tokens": blocks]
  }

  /// The tokens of `lines` (shifted by `shift`) as the page reads them:
  /// `{"from": first line, "lines": [[start, end, kind, start, end, kind, …], …]}`, one
  /// array for each line (empty for a line with none), columns in Unicode scalars.
  static func tokenBlock(_ tokens: [SyntaxToken], lines: ClosedRange<Int>, shift: Int) -> [String: Any] {
    var rows = [[Any]](repeating: [], count: lines.count)
    for token in tokens where lines.contains(token.line) {
      rows[token.line - lines.lowerBound] += [token.start, token.end, token.kind.rawValue] as [Any]
    }
    return ["from": lines.lowerBound + shift, "lines": rows]
  }
}
