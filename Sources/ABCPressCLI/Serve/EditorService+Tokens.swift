import ABCParser
import Foundation

extension EditorService {
  /// `POST /api/tokens {"text": …}` → `{"tokens": [{"from": 1, "lines": [[start, end,
  /// kind, …], …]}]}`: the whole text's tokens as the parser reads it (the page colours a
  /// file with them when it opens it; each render brings its tune's again).
  func tokens(_ request: HTTPRequest) -> HTTPResponse {
    guard let object = try? JSONSerialization.jsonObject(with: Data(request.body)) as? [String: Any],
      let text = object["text"] as? String
    else { return .text(400, "expected {\"text\": …}") }
    var lineCount = 1
    for byte in text.utf8 where byte == 0x0A { lineCount += 1 }
    let block = Engraving.tokenBlock(ABCParser.syntaxTokens(text), lines: 1...lineCount, shift: 0)
    return .json(["tokens": [block]])
  }
}
