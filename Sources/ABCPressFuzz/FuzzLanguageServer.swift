import ABCPressCLI
import Foundation

/// The language-server target: the bytes become a session — initialize, open a document
/// (the text before the first NUL byte), then edits, requests and raw messages the rest of
/// the bytes choose, in batches — and after it every open document's incremental analysis
/// must say exactly what a fresh reading says (a difference stops the fuzzer: a finding).
enum FuzzLanguageServer {
  static let insertions = [
    "a", "4", "\n", "\n\n", "X:7\nK:C\nc|\n", "%%begintext\n", "%%endtext\n", "|", "\nX:", "!trill!",
    "T:New\n",
    "(", ")", "-", "\r\n", "é", "𝄞", "K:G\n", "%%format x.fmt\n", "[V:1]", "\r",
  ]
  static let requests = [
    "textDocument/completion", "textDocument/hover", "textDocument/definition", "textDocument/formatting",
    "textDocument/documentSymbol", "workspace/executeCommand", "textDocument/unknown",
  ]

  static func message(_ object: [String: Any]) -> [UInt8] {
    (try? JSONSerialization.data(withJSONObject: object)).map { [UInt8]($0) } ?? []
  }

  static func run(_ bytes: UnsafeBufferPointer<UInt8>) {
    let all = Array(bytes)
    let split = all.firstIndex(of: 0) ?? all.count
    let text = String(decoding: all[..<split], as: UTF8.self)
    let uri = "file:///fuzz/book.abc"
    let session = FuzzHooks.LanguageSession()
    var batch: [[UInt8]] = [
      message(["jsonrpc": "2.0", "id": 1, "method": "initialize", "params": [:] as [String: Any]]),
      message([
        "jsonrpc": "2.0", "method": "textDocument/didOpen",
        "params": ["textDocument": ["uri": uri, "version": 1, "text": text]],
      ]),
    ]
    var version = 1
    var index = split + 1
    var lineCount = max(1, text.split(separator: "\n", omittingEmptySubsequences: false).count)
    while index + 4 <= all.count {
      let (kind, a, b, c) = (all[index], Int(all[index + 1]), Int(all[index + 2]), Int(all[index + 3]))
      index += 4
      let line = a % (lineCount + 1)
      let position: [String: Any] = ["line": line, "character": b % 40]
      switch kind % 8 {
      case 0, 1, 2, 3:
        version += 1
        let end: [String: Any] = ["line": min(lineCount, line + c % 3), "character": (b + c) % 40]
        let inserted = kind & 0x10 != 0 ? "" : insertions[c % insertions.count]
        lineCount += inserted.filter { $0 == "\n" }.count
        batch.append(
          message([
            "jsonrpc": "2.0", "method": "textDocument/didChange",
            "params": [
              "textDocument": ["uri": uri, "version": version],
              "contentChanges": [["range": ["start": position, "end": end], "text": inserted]],
            ],
          ]))
      case 4:
        batch.append(
          message([
            "jsonrpc": "2.0", "id": index, "method": requests[c % requests.count],
            "params": [
              "textDocument": ["uri": uri], "position": position, "command": "abcpress.nothing",
              "arguments": [uri],
            ],
          ]))
      case 5:
        // Raw bytes as a message of their own.
        let end = min(all.count, index + c % 64)
        batch.append(Array(all[index..<end]))
        index = end
      case 6:
        _ = session.process(batch)
        batch = []
      default:
        version += 1
        let replaced = String(decoding: all[index..<min(all.count, index + c)], as: UTF8.self)
        lineCount = max(1, replaced.split(separator: "\n", omittingEmptySubsequences: false).count)
        index = min(all.count, index + c)
        batch.append(
          message([
            "jsonrpc": "2.0", "method": "textDocument/didChange",
            "params": [
              "textDocument": ["uri": uri, "version": version], "contentChanges": [["text": replaced]],
            ],
          ]))
      }
    }
    _ = session.process(batch)
    if let difference = session.inconsistency() {
      fatalError("the incremental analysis differs from a fresh reading: \(difference)")
    }
  }
}
