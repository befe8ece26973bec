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
  /// diagnostics are published).
  private var unchecked: Set<String> = []
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
      for message in batch {
        guard let message else { return shutdownRequested ? .success : .inputErrors }
        if let code = handle(message) { return code }
      }
      publishStale()
    }
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
        reply(id: id, result: try request(method, params))
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
    markStale(uri)
  }

  private func didChange(_ params: [String: Any]) {
    guard let item = params["textDocument"] as? [String: Any], let uri = item["uri"] as? String,
      var document = documents[uri], let changes = params["contentChanges"] as? [[String: Any]]
    else { return }
    let version = item["version"] as? Int ?? document.version + 1
    for change in changes {
      guard let text = change["text"] as? String else { continue }
      let range = (change["range"] as? [String: Any]).flatMap { range -> (LSPPosition, LSPPosition)? in
        guard let start = LSPPosition(range["start"]), let end = LSPPosition(range["end"]) else { return nil }
        return (start, end)
      }
      document.apply(range: range, newText: text, version: version)
    }
    documents[uri] = document
    markStale(uri)
  }

  private func didClose(_ params: [String: Any]) {
    guard let item = params["textDocument"] as? [String: Any], let uri = item["uri"] as? String else {
      return
    }
    documents[uri] = nil
    analyses[uri] = nil
    unchecked.remove(uri)
    stale.removeAll { $0 == uri }
    notify("textDocument/publishDiagnostics", ["uri": uri, "diagnostics": [Any]()])
  }

  private func markStale(_ uri: String) {
    unchecked.insert(uri)
    if !stale.contains(uri) { stale.append(uri) }
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
    guard unchecked.remove(uri) != nil else { return }
    analysis.analyse(document.text, path: Self.path(of: uri))
  }

  private func publishStale() {
    for uri in stale {
      guard let document = documents[uri], let analysis = analyses[uri] else { continue }
      analyseIfEdited(uri, document, analysis)
      let path = Self.path(of: uri)
      let diagnostics = analysis.diagnostics.filter { $0.file == nil || $0.file == path }.map { diagnostic in
        let range = document.range(diagnostic.range)
        return [
          "range": ["start": range.start.json, "end": range.end.json],
          "severity": diagnostic.severity == .error ? 1 : diagnostic.severity == .warning ? 2 : 3,
          "source": "abcpress", "message": diagnostic.message,
        ] as [String: Any]
      }
      notify(
        "textDocument/publishDiagnostics",
        ["uri": uri, "version": document.version, "diagnostics": diagnostics])
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
