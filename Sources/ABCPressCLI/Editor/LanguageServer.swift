import Foundation
import ScoreModel

/*
 LanguageServer — `abcpress lsp`: the Language Server Protocol over standard input and
 output, for Neovim, Helix, Emacs and VS Code.

 Method. A reader thread takes framed messages off standard input (LSPTransport); the
 server thread takes every message that has arrived, handles them in order, and only then
 checks the documents they changed and publishes their diagnostics — so a burst of edits is
 checked once, and a request in the middle of a burst sees the text as edited so far. A
 document is checked tune by tune with the problems of unchanged tunes kept
 (DocumentAnalysis). Requests: completion, hover, document symbols, go to definition,
 formatting, and the command `abcpress.renderPDF`.

     → initialize, didOpen(x.abc), didChange×20       ← publishDiagnostics(x.abc) once
     → completion at "!tr"                              ← trill, trill(, trill)

 An edit costs what it touches: the document is an array of lines (EditorDocument) and
 its analysis re-reads only the tunes an edit changed (DocumentAnalysis), the edits of a
 burst as one change; a message lists at most `diagnosticsPerMessage` problems, those
 nearest the last edit; formatting is written tune by tune as JSON text.

 Limits. Text positions are UTF-16 offsets (the protocol's default); documents are synced
 whole or by ranges; one document is not shared between workspaces.
 */

/// The Language Server Protocol session of `abcpress lsp`.
final class LanguageServer: @unchecked Sendable {
  private let transport: LSPTransport
  private var documents: [String: EditorDocument] = [:]
  private var analyses: [String: DocumentAnalysis] = [:]
  /// Documents edited since their diagnostics were last published.
  private var stale: [String] = []
  /// Documents edited since they were last checked (a request may check one before its
  /// diagnostics are published), with the lines the edits changed (nil: read it all).
  private var unchecked: [String: EditorDocument.LineChange?] = [:]
  /// The line last edited in each document: its diagnostics are listed first.
  private var lastEdited: [String: Int] = [:]
  /// The most diagnostics one message carries (a document may have tens of thousands);
  /// those of the tunes nearest the last edit are sent, and one more says how many are not.
  static let diagnosticsPerMessage = 1000
  private var shutdownRequested = false
  private let condition = NSCondition()
  private var inbox: [[UInt8]?] = []
  /// The path of this program (to render in a child process).
  let executable: String

  init(transport: LSPTransport, executable: String) {
    self.transport = transport
    self.executable = executable
  }

  /// Serves until `exit` or the end of input; the exit code the protocol asks for.
  func run() -> ExitCode {
    let reader = Thread { [transport, self] in
      while true {
        let batch = transport.readBatch()
        self.condition.lock()
        self.inbox += batch.isEmpty ? [nil] : batch.map { $0 }
        self.condition.signal()
        self.condition.unlock()
        if batch.isEmpty { return }
      }
    }
    reader.start()
    while true {
      condition.lock()
      while inbox.isEmpty { condition.wait() }
      let batch = inbox
      inbox.removeAll()
      condition.unlock()
      if let code = process(batch) { return code }
    }
  }

  /// Handles a batch of messages in order (nil: the end of input), then checks the
  /// documents they changed and publishes their diagnostics; the exit code when the batch
  /// ends the session.
  func process(_ batch: [[UInt8]?]) -> ExitCode? {
    for message in batch {
      guard let message else { return shutdownRequested ? .success : .inputErrors }
      if let code = handle(message) { return code }
    }
    publishStale()
    return nil
  }

  /// For each open document, whether its incremental analysis says what a fresh reading
  /// says (nil), or how it differs (the fuzz target's check).
  func inconsistency() -> String? {
    for (uri, document) in documents {
      guard let analysis = analyses[uri] else { continue }
      analyseIfEdited(uri, document, analysis)
      let fresh = DocumentAnalysis()
      fresh.analyse(document, path: Self.path(of: uri))
      if fresh.tunes != analysis.tunes { return "\(uri): tunes \(analysis.tunes) != \(fresh.tunes)" }
      let (kept, made) = (analysis.diagnostics.map(\.description), fresh.diagnostics.map(\.description))
      if kept != made {
        if let file = ProcessInfo.processInfo.environment["ABCPRESS_FUZZ_SHOW_TEXT"] {
          try? Data(document.text.utf8).write(to: URL(fileURLWithPath: file))
        }
        return "\(uri): problems \(kept) != \(made)"
      }
    }
    return nil
  }

  /// Handles one message; an exit code when it ends the session.
  private func handle(_ bytes: [UInt8]) -> ExitCode? {
    guard let object = try? JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any] else {
      reply(id: NSNull(), error: (-32700, "parse error: the message is not a JSON object"))
      return nil
    }
    let id = object["id"]
    let params = object["params"] as? [String: Any] ?? [:]
    guard let method = object["method"] as? String else { return nil }  // a response to us: none expected
    switch method {
    case "initialize": reply(id: id, result: Self.capabilities)
    case "initialized", "textDocument/didSave", "$/cancelRequest", "$/setTrace": break
    case "shutdown":
      shutdownRequested = true
      reply(id: id, result: NSNull())
    case "exit": return shutdownRequested ? .success : .inputErrors
    case "textDocument/didOpen": didOpen(params)
    case "textDocument/didChange": didChange(params)
    case "textDocument/didClose": didClose(params)
    default:
      guard let id else { return nil }  // an unknown notification
      guard !shutdownRequested else {
        reply(id: id, error: (-32600, "the server is shutting down"))
        return nil
      }
      do {
        let result = try request(method, params)
        if let raw = result as? RawJSON {
          reply(id: id, raw: raw)
        } else {
          reply(id: id, result: result)
        }
      } catch let failure as RequestFailure {
        reply(id: id, error: (failure.code, failure.message))
      } catch {
        reply(id: id, error: (-32603, String(describing: error)))
      }
    }
    return nil
  }

  private func request(_ method: String, _ params: [String: Any]) throws -> Any {
    switch method {
    case "textDocument/completion": return try completion(params)
    case "textDocument/hover": return try hover(params)
    case "textDocument/documentSymbol": return try documentSymbols(params)
    case "textDocument/definition": return try definition(params)
    case "textDocument/formatting": return try formatting(params)
    case "workspace/executeCommand": return try executeCommand(params)
    default: throw RequestFailure(code: -32601, message: "unknown method '\(method)'")
    }
  }

  static let renderCommand = "abcpress.renderPDF"

  static var capabilities: [String: Any] {
    [
      "capabilities": [
        "positionEncoding": "utf-16",
        "textDocumentSync": ["openClose": true, "change": 2],
        "completionProvider": ["triggerCharacters": ["!", "%", ":"]],
        "hoverProvider": true,
        "documentSymbolProvider": true,
        "definitionProvider": true,
        "documentFormattingProvider": true,
        "executeCommandProvider": ["commands": [renderCommand]],
      ] as [String: Any],
      "serverInfo": ["name": "abcpress", "version": CommandLineTool.version],
    ]
  }

  // MARK: Documents

  private func didOpen(_ params: [String: Any]) {
    guard let item = params["textDocument"] as? [String: Any], let uri = item["uri"] as? String,
      let text = item["text"] as? String
    else { return }
    documents[uri] = EditorDocument(uri: uri, version: item["version"] as? Int ?? 0, text: text)
    if analyses[uri] == nil { analyses[uri] = DocumentAnalysis() }
    markStale(uri, change: nil)
  }

  private func didChange(_ params: [String: Any]) {
    // Taken out of the table while it is edited: a copy left there would make the edit
    // copy every line (copy on write).
    guard let item = params["textDocument"] as? [String: Any], let uri = item["uri"] as? String,
      documents[uri] != nil, var document = documents.removeValue(forKey: uri),
      let changes = params["contentChanges"] as? [[String: Any]]
    else { return }
    defer { documents[uri] = document }
    let version = item["version"] as? Int ?? document.version + 1
    for change in changes {
      guard let text = change["text"] as? String else { continue }
      let range = (change["range"] as? [String: Any]).flatMap { range -> (LSPPosition, LSPPosition)? in
        guard let start = LSPPosition(range["start"]), let end = LSPPosition(range["end"]) else { return nil }
        return (start, end)
      }
      let lines = document.apply(range: range, newText: text, version: version)
      if let lines { lastEdited[uri] = lines.first }
      markStale(uri, change: lines)
    }
  }

  private func didClose(_ params: [String: Any]) {
    guard let item = params["textDocument"] as? [String: Any], let uri = item["uri"] as? String else {
      return
    }
    documents[uri] = nil
    analyses[uri] = nil
    unchecked[uri] = nil
    lastEdited[uri] = nil
    stale.removeAll { $0 == uri }
    notify("textDocument/publishDiagnostics", ["uri": uri, "diagnostics": [Any]()])
  }

  /// Notes an edit (`change`: the lines it replaced; nil for a new text): the document is
  /// checked before its next request or diagnostics, the edits of a burst together.
  private func markStale(_ uri: String, change: EditorDocument.LineChange?) {
    var merged = change
    if let pending = unchecked[uri] {
      // Edits since the last check: one change for them all, or the whole text.
      if let earlier = pending, let change { merged = Self.combined(earlier, change) } else { merged = nil }
    }
    unchecked.updateValue(merged, forKey: uri)
    if !stale.contains(uri) { stale.append(uri) }
  }

  /// One change for two in a row: the lines `first` (from the text before both) replaced
  /// through to the text after both.
  static func combined(_ first: EditorDocument.LineChange, _ second: EditorDocument.LineChange)
    -> EditorDocument.LineChange
  {
    let start = min(first.first, second.first)
    // The last line either touched, in the text between the two edits.
    let middle = max(first.newLast, second.oldLast)
    return EditorDocument.LineChange(
      first: start, oldLast: middle - (first.newLast - first.oldLast),
      newLast: middle + (second.newLast - second.oldLast))
  }

  /// The document and its analysis, checked now if it was edited since.
  func current(_ params: [String: Any]) throws -> (EditorDocument, DocumentAnalysis) {
    guard let item = params["textDocument"] as? [String: Any], let uri = item["uri"] as? String,
      let document = documents[uri], let analysis = analyses[uri]
    else { throw RequestFailure(code: -32602, message: "the document is not open") }
    analyseIfEdited(uri, document, analysis)
    return (document, analysis)
  }

  /// Checks the document if it was edited since it was last checked (a request in a burst
  /// of edits checks it; publishing afterwards does not check it twice).
  private func analyseIfEdited(_ uri: String, _ document: EditorDocument, _ analysis: DocumentAnalysis) {
    guard let pending = unchecked.removeValue(forKey: uri) else { return }
    // Each check is a run of its own for the format files' budget.
    FormatFiles.shared.beginRun()
    if let change = pending, analysis.firstTuneLine != nil {
      analysis.update(document, change: change)
    } else {
      analysis.analyse(document, path: Self.path(of: uri))
    }
  }

  private func publishStale() {
    for uri in stale {
      guard let document = documents[uri], let analysis = analyses[uri] else { continue }
      analyseIfEdited(uri, document, analysis)
      let path = Self.path(of: uri)
      let limit = Self.diagnosticsPerMessage
      let near = analysis.diagnostics(near: lastEdited[uri] ?? 1, limit: limit)
      // Written as JSON text: a thousand diagnostics through JSONSerialization (its key
      // sorting goes through ICU) cost a keystroke tens of milliseconds.
      var message = RawJSON(#"{"jsonrpc":"2.0","method":"textDocument/publishDiagnostics","params":{"uri":"#)
      message.append(string: uri)
      message.append(#","version":\#(document.version),"diagnostics":["#)
      var first = true
      func add(_ range: (start: LSPPosition, end: LSPPosition), severity: Int, text: String) {
        if !first { message.append(",") }
        first = false
        message.append(
          #"{"range":{"start":{"line":\#(range.start.line),"character":\#(range.start.character)},"#
            + #""end":{"line":\#(range.end.line),"character":\#(range.end.character)}},"#
            + #""severity":\#(severity),"source":"abcpress","message":"#)
        message.append(string: text)
        message.append("}")
      }
      for diagnostic in near where diagnostic.file == nil || diagnostic.file == path {
        add(
          document.range(diagnostic.range),
          severity: diagnostic.severity == .error ? 1 : diagnostic.severity == .warning ? 2 : 3,
          text: diagnostic.message)
      }
      let total = analysis.problemCount
      if total > near.count {
        add(
          (LSPPosition(line: 0, character: 0), LSPPosition(line: 0, character: 1)), severity: 3,
          text:
            "\(total - near.count) more problems in this document are not listed (the \(limit) nearest the last edit are)"
        )
      }
      message.append("]}}")
      transport.send(message.bytes)
    }
    stale.removeAll()
  }

  /// The file path of a `file:` URI (nil for other schemes).
  static func path(of uri: String) -> String? {
    guard let url = URL(string: uri), url.isFileURL else { return nil }
    return url.path
  }

  // MARK: Messages

  func reply(id: Any?, result: Any) {
    send(["jsonrpc": "2.0", "id": id ?? NSNull(), "result": result])
  }

  /// A reply whose result is JSON already written.
  func reply(id: Any?, raw: RawJSON) {
    let identifier =
      (try? JSONSerialization.data(withJSONObject: id ?? NSNull(), options: [.fragmentsAllowed])).map {
        [UInt8]($0)
      } ?? Array("null".utf8)
    transport.send(
      Array(#"{"id":"#.utf8) + identifier + Array(#","jsonrpc":"2.0","result":"#.utf8) + raw.bytes + [0x7D])
  }

  func reply(id: Any?, error: (code: Int, message: String)) {
    send(["jsonrpc": "2.0", "id": id ?? NSNull(), "error": ["code": error.code, "message": error.message]])
  }

  func notify(_ method: String, _ params: [String: Any]) {
    send(["jsonrpc": "2.0", "method": method, "params": params])
  }

  private func send(_ object: [String: Any]) {
    guard let data = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]) else {
      return
    }
    transport.send([UInt8](data))
  }
}

/// A request the server answers with an error.
struct RequestFailure: Error {
  var code: Int
  var message: String
}
