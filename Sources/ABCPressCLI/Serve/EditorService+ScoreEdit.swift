import Foundation

/// Editing on the score: `POST /api/edit` turns a key pressed on a selected note into an
/// edit of the text (`ScoreEdit`), which the page applies as its own typing (so undo takes
/// it back) and engraves.
extension EditorService {
  /// `{text, line, column, action, value, also?}` → `{line, start, end, replacement,
  /// select?, more?}` (document line, columns of the replaced text, the column of a note to
  /// select next), or `{}` when the action does not apply there. `also` (`[[line, column],
  /// …]`, at most 1,000) are more notes of a range selected on the score: each gets the same
  /// action, read from the same text, in `more` (`[{line, start, end, replacement}, …]`,
  /// none overlapping), for the page to apply as one step of its undo history.
  func edit(_ request: HTTPRequest) -> HTTPResponse {
    guard let object = try? JSONSerialization.jsonObject(with: Data(request.body)) as? [String: Any],
      let text = object["text"] as? String, let line = object["line"] as? Int,
      let column = object["column"] as? Int, let action = object["action"] as? String
    else { return .text(400, "expected {\"text\": …, \"line\": N, \"column\": N, \"action\": …}") }
    lock.lock()
    defer { lock.unlock() }
    analysis.analyse(text, path: path(ofFile: request.name))
    guard let tune = analysis.tune(atLine: line) else { return .json([String: Any]()) }
    let piece = TunePiece(text: text, tune: tune, analysis: analysis)
    let value = object["value"] as? String
    guard
      let edit = ScoreEdit.make(
        text: piece.text, line: line - piece.lineShift, column: column, action: action, value: value)
    else { return .json([String: Any]()) }
    var answer: [String: Any] = [
      "line": edit.line + piece.lineShift, "start": edit.start, "end": edit.end,
      "replacement": edit.replacement,
    ]
    if let column = edit.selectColumn { answer["select"] = column }
    if let also = object["also"] as? [[Int]], action != "insert", action != "step" {
      var taken = [edit]
      var more: [[String: Any]] = []
      for note in also.prefix(1000) where note.count == 2 && (note[0], note[1]) != (line, column) {
        let inPiece = note[0] - piece.lineShift
        guard inPiece >= piece.tuneStartInPiece, inPiece < piece.tuneStartInPiece + piece.tuneLineCount,
          let other = ScoreEdit.make(
            text: piece.text, line: inPiece, column: note[1], action: action, value: value),
          !taken.contains(where: { $0.line == other.line && $0.start < other.end && other.start < $0.end })
        else { continue }
        taken.append(other)
        more.append([
          "line": other.line + piece.lineShift, "start": other.start, "end": other.end,
          "replacement": other.replacement,
        ])
      }
      answer["more"] = more
    }
    return .json(answer)
  }
}
