import Foundation

/// Completion in the editor page: the language server's (`EditorAssist`), for the line up
/// to the cursor.
extension EditorService {
  /// `POST /api/complete {"prefix": line up to the cursor, "voices": [ids]}` →
  /// `{"items": [{"label", "detail", "insertText"}]}` (at most 200).
  func complete(_ request: HTTPRequest) -> HTTPResponse {
    guard let object = try? JSONSerialization.jsonObject(with: Data(request.body)) as? [String: Any],
      let prefix = object["prefix"] as? String, prefix.utf8.count <= 4096
    else { return .text(400, "expected {\"prefix\": …}") }
    let voices = (object["voices"] as? [Any] ?? []).compactMap { $0 as? String }.prefix(256)
    let items = EditorAssist.completions(prefix: Substring(prefix), voices: Array(voices)).prefix(200)
    return .json([
      "items": items.map { ["label": $0.label, "detail": $0.detail, "insertText": $0.insertText] }
    ])
  }
}
