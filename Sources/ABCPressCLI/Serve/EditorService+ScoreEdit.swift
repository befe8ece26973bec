import Foundation

/// Editing on the score: `POST /api/edit` turns a key pressed on a selected note into an
/// edit of the text (`ScoreEdit`), which the page applies as its own typing (so undo takes
/// it back) and engraves.
extension EditorService {
  /// `{text, line, column, action, value}` → `{line, start, end, replacement, select?}`
  /// (document line, columns of the replaced text, the column of a note to select next),
  /// or `{}` when the action does not apply there.
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
    guard
      let edit = ScoreEdit.make(
        text: piece.text, line: line - piece.lineShift, column: column, action: action,
        value: object["value"] as? String)
    else { return .json([String: Any]()) }
    var answer: [String: Any] = [
      "line": edit.line + piece.lineShift, "start": edit.start, "end": edit.end,
      "replacement": edit.replacement,
    ]
    if let column = edit.selectColumn { answer["select"] = column }
    return .json(answer)
  }
}
