import Foundation
import Testing

@testable import ABCPressCLI

/// `abcpress lsp` driven by a scripted client over pipes, as an editor drives it.
@Suite(.timeLimit(.minutes(1))) struct LanguageServerTests {
  /// A client of the real `abcpress lsp` process.
  final class Client {
    let process = Process()
    let input = Pipe()
    private let output = Pipe()
    private var buffer = Data()
    private var nextID = 1
    /// Notifications read while waiting for responses.
    private(set) var notifications: [[String: Any]] = []

    init() throws {
      let executable: URL = try #require(
        ExecutableTests.executable, "abcpress must be built beside the tests")
      process.executableURL = executable
      process.arguments = ["lsp"]
      process.standardInput = input
      process.standardOutput = output
      process.standardError = FileHandle.nullDevice
      try process.run()
    }

    func frame(_ object: [String: Any]) throws -> Data {
      let body = try JSONSerialization.data(withJSONObject: object)
      return Data("Content-Length: \(body.count)\r\n\r\n".utf8) + body
    }

    /// Sends messages in one write (a burst, as an editor sends fast typing).
    func send(_ objects: [[String: Any]]) throws {
      try input.fileHandleForWriting.write(contentsOf: objects.map(frame).reduce(Data(), +))
    }

    func notify(_ method: String, _ params: [String: Any]) throws {
      try send([["jsonrpc": "2.0", "method": method, "params": params]])
    }

    /// Sends a request and returns its response (notifications before it are kept).
    func request(_ method: String, _ params: [String: Any]) throws -> [String: Any] {
      let id = nextID
      nextID += 1
      try send([["jsonrpc": "2.0", "id": id, "method": method, "params": params]])
      while true {
        let message = try read()
        if message["id"] as? Int == id { return message }
        notifications.append(message)
      }
    }

    /// The next message from the server.
    func read() throws -> [String: Any] {
      while true {
        if let headerEnd = buffer.range(of: Data("\r\n\r\n".utf8)) {
          let header = String(decoding: buffer[..<headerEnd.lowerBound], as: UTF8.self)
          let length = try #require(Int(header.replacingOccurrences(of: "Content-Length: ", with: "")))
          if buffer.count - headerEnd.upperBound >= length {
            let body = buffer[headerEnd.upperBound..<headerEnd.upperBound + length]
            buffer = Data(buffer[(headerEnd.upperBound + length)...])
            return try #require(try JSONSerialization.jsonObject(with: body) as? [String: Any])
          }
        }
        let more = output.fileHandleForReading.availableData
        try #require(!more.isEmpty, "the server closed its output")
        buffer += more
      }
    }

    /// The next `publishDiagnostics` (kept or read).
    func diagnostics() throws -> [String: Any] {
      if let index = notifications.firstIndex(where: {
        $0["method"] as? String == "textDocument/publishDiagnostics"
      }) {
        return notifications.remove(at: index)["params"] as? [String: Any] ?? [:]
      }
      while true {
        let message = try read()
        if message["method"] as? String == "textDocument/publishDiagnostics" {
          return message["params"] as? [String: Any] ?? [:]
        }
      }
    }

    func drainNotifications() -> [[String: Any]] {
      defer { notifications = [] }
      return notifications
    }

    func close() throws -> Int32 {
      _ = try request("shutdown", [:])
      try notify("exit", [:])
      process.waitUntilExit()
      return process.terminationStatus
    }
  }

  static let uri = "file:///tmp/abcpress-lsp-test/tunes.abc"
  static let text = """
    X:1
    T:The Kesh
    R:jig
    M:6/8
    K:G
    "𝄞"GAG GAB | !fermata!c2d e3 |]

    X:2
    M:6/8
    T:Out of Order
    m: ~g2 = {a}g{f}g
    P:AB
    K:D
    P:A
    FAd ~g2 f|]
    P:B
    d3|]

    """

  func start() throws -> Client {
    let client = try Client()
    let answer = try client.request(
      "initialize", ["processId": NSNull(), "capabilities": [:] as [String: Any]])
    let capabilities = (answer["result"] as? [String: Any])?["capabilities"] as? [String: Any]
    #expect(capabilities?["hoverProvider"] as? Bool == true)
    try client.notify("initialized", [:])
    return client
  }

  func position(_ line: Int, _ character: Int) -> [String: Any] {
    ["textDocument": ["uri": Self.uri], "position": ["line": line, "character": character]]
  }

  @Test func diagnosticsFollowEditsAndCountUTF16() throws {
    let client = try start()
    let broken = Self.text.replacingOccurrences(of: "e3 |]", with: "e3 4 |]")
    try client.notify(
      "textDocument/didOpen",
      ["textDocument": ["uri": Self.uri, "languageId": "abc", "version": 1, "text": broken]])
    let first = try client.diagnostics()
    let found = try #require(first["diagnostics"] as? [[String: Any]])
    let problem = try #require(found.first { ($0["severity"] as? Int) ?? 9 <= 2 })
    let start = try #require((problem["range"] as? [String: Any])?["start"] as? [String: Int])
    #expect(start["line"] == 5)
    // "𝄞" is two UTF-16 units: the column counts it so.
    let line = broken.split(separator: "\n")[5]
    let column = try #require(line.utf16.firstIndex(of: 0x34))  // "4"
    #expect(start["character"] == line.utf16.distance(from: line.utf16.startIndex, to: column))
    // A burst of edits in one write: applied in order, checked once, the last version wins.
    var edits: [[String: Any]] = []
    for version in 2...11 {
      let change: [String: Any] =
        version == 11
        ? ["text": Self.text]  // the whole text again, without the error
        : [
          "range": ["start": ["line": 0, "character": 0], "end": ["line": 0, "character": 0]], "text": "",
        ]
      edits.append([
        "jsonrpc": "2.0", "method": "textDocument/didChange",
        "params": ["textDocument": ["uri": Self.uri, "version": version], "contentChanges": [change]],
      ])
    }
    try client.send(edits)
    let symbols = try client.request("textDocument/documentSymbol", ["textDocument": ["uri": Self.uri]])
    let names = (symbols["result"] as? [[String: Any]])?.compactMap { $0["name"] as? String }
    #expect(names == ["X:1 The Kesh", "X:2 Out of Order"])
    let after = try client.diagnostics()
    #expect(after["version"] as? Int == 11)
    #expect((after["diagnostics"] as? [[String: Any]])?.contains { $0["severity"] as? Int == 1 } == false)
    #expect(
      !client.drainNotifications().contains { $0["method"] as? String == "textDocument/publishDiagnostics" })
    #expect(try client.close() == 0)
  }

  @Test func completionHoverDefinitionAndFormatting() throws {
    let client = try start()
    try client.notify(
      "textDocument/didOpen",
      ["textDocument": ["uri": Self.uri, "languageId": "abc", "version": 1, "text": Self.text]])
    _ = try client.diagnostics()
    func labels(_ line: Int, _ character: Int) throws -> [String] {
      let answer = try client.request("textDocument/completion", position(line, character))
      let items = (answer["result"] as? [String: Any])?["items"] as? [[String: Any]] ?? []
      return items.compactMap { $0["label"] as? String }
    }
    // Decorations after "!fer", keys after "K:", fields at a line's start.
    #expect(try labels(5, 18).contains("fermata"))
    #expect(try labels(12, 3).contains("Dmix"))
    #expect(try labels(6, 0).contains("T:"))
    // Hover: a note under K:D (F is sharp), a field, a decoration.
    func hover(_ line: Int, _ character: Int) throws -> String {
      let answer = try client.request("textDocument/hover", position(line, character))
      return ((answer["result"] as? [String: Any])?["contents"] as? [String: Any])?["value"] as? String ?? ""
    }
    #expect(try hover(14, 0).contains("F♯4"))
    #expect(try hover(14, 0).contains("1/8"))
    #expect(try hover(3, 0).contains("meter"))
    #expect(try hover(5, 16).contains("hold"))
    // Go to definition: the part named in P:AB, and a macro's use.
    func definition(_ line: Int, _ character: Int) throws -> Int? {
      let answer = try client.request("textDocument/definition", position(line, character))
      let range = (answer["result"] as? [String: Any])?["range"] as? [String: Any]
      return (range?["start"] as? [String: Int])?["line"]
    }
    #expect(try definition(11, 3) == 15)  // B → P:B
    #expect(try definition(14, 5) == 10)  // ~g2 → m:
    // Formatting: the second tune's header in order, one space around bars.
    let answer = try client.request(
      "textDocument/formatting", ["textDocument": ["uri": Self.uri], "options": [:] as [String: Any]])
    let edits = try #require(answer["result"] as? [[String: Any]])
    var lines = Self.text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    for edit in edits {
      let line = try #require(((edit["range"] as? [String: Any])?["start"] as? [String: Int])?["line"])
      lines[line] = try #require(edit["newText"] as? String)
    }
    #expect(Array(lines[7...12]) == ["X:2", "T:Out of Order", "M:6/8", "P:AB", "m: ~g2 = {a}g{f}g", "K:D"])
    #expect(lines[16] == "d3 |]")
    #expect(lines[14] == "FAd ~g2 f |]")  // columns on a macro line point at the written bar
    #expect(lines[5] == "\"𝄞\"GAG GAB | !fermata!c2d e3 |]")  // already normal: untouched
    #expect(try client.close() == 0)
  }

  @Test func badMessagesAreAnsweredAndTheSessionGoesOn() throws {
    let client = try start()
    let unknown = try client.request("textDocument/rename", position(0, 0))
    #expect((unknown["error"] as? [String: Any])?["code"] as? Int == -32601)
    let closed = try client.request("textDocument/hover", position(0, 0))
    #expect((closed["error"] as? [String: Any])?["code"] as? Int == -32602)
    try client.input.fileHandleForWriting.write(contentsOf: Data("Content-Length: 5\r\n\r\nnope!".utf8))
    let parseError = try client.read()
    #expect((parseError["error"] as? [String: Any])?["code"] as? Int == -32700)
    #expect(try client.close() == 0)
  }

  @Test func hoverOnAnUnknownDecorationSaysSoAndSuggestsTheNearest() throws {
    let hover = { (line: String, defines: (String) -> Bool) in
      EditorAssist.hover(line: Substring(line), column: 4, notes: { [] }, lineNumber: 1, defines: defines)
        ?? ""
    }
    let typo = hover("A !trilll! B", { _ in false })
    #expect(typo.contains("not a decoration ABCPress knows") && typo.contains("!trill!"))
    #expect(!typo.contains("%%deco"))
    #expect(hover("A !zzqqxx! B", { _ in false }).contains("it is not drawn"))
    #expect(hover("A !trilll! B", { $0 == "trilll" }).contains("this file defines"))
    #expect(hover("A !trill! B", { _ in false }).contains("trill"))
    #expect(!hover("A !trill! B", { _ in false }).contains("not a decoration"))
    let text = "X:1\n%%deco mydeco 3 dmydeco 0 0 0\nU:T = !fancy!\nK:C\n!mydeco!C !fancy!D !other!E|\n"
    #expect(EditorAssist.defines("mydeco", in: text))
    #expect(EditorAssist.defines("fancy", in: text))
    #expect(!EditorAssist.defines("other", in: text))
  }
}
