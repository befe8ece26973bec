import Foundation
import ScoreModel

/// The requests `abcpress lsp` answers, each from the document's current text.
extension LanguageServer {
  func completion(_ params: [String: Any]) throws -> Any {
    let (document, analysis) = try current(params)
    guard let position = LSPPosition(params["position"]), position.line < document.lineCount else {
      return [Any]()
    }
    let line = document.lines[position.line]
    let prefix = line[line.startIndex..<document.index(of: position)]
    let items = EditorAssist.completions(
      prefix: prefix, voices: Self.voices(in: document, near: position.line + 1, analysis: analysis))
    return [
      "isIncomplete": false,
      "items": items.map { item in
        ["label": item.label, "kind": item.kind, "detail": item.detail, "insertText": item.insertText]
      },
    ] as [String: Any]
  }

  func hover(_ params: [String: Any]) throws -> Any {
    let (document, analysis) = try current(params)
    guard let position = LSPPosition(params["position"]), position.line < document.lineCount else {
      return NSNull()
    }
    let lineNumber = position.line + 1
    let column = document.column(of: position)
    let tune = analysis.tune(atLine: lineNumber)
    let notes = {
      guard let tune, let parsed = analysis.source(of: tune, in: document)?.parse().tune else {
        return [NoteEvent]()
      }
      return parsed.voices.flatMap { voice in
        voice.elements.compactMap { element -> NoteEvent? in
          if case .note(let note) = element, note.range.start.line == lineNumber { return note }
          return nil
        }
      }
    }
    guard
      let text = EditorAssist.hover(
        line: document.line(lineNumber), column: column, notes: notes, lineNumber: lineNumber,
        defines: { name in EditorAssist.defines(name, in: document.text) })
    else { return NSNull() }
    return ["contents": ["kind": "markdown", "value": text]]
  }

  func documentSymbols(_ params: [String: Any]) throws -> Any {
    let (document, analysis) = try current(params)
    return TuneOutline.symbols(analysis).map { symbol in
      let last = min(symbol.lines.upperBound, document.lineCount)
      let end = document.position(line: last, column: document.line(max(1, last)).unicodeScalars.count + 1)
      let start = LSPPosition(line: symbol.lines.lowerBound - 1, character: 0)
      let firstLine = document.position(
        line: symbol.lines.lowerBound, column: document.line(symbol.lines.lowerBound).unicodeScalars.count + 1
      )
      return [
        "name": symbol.name, "detail": symbol.detail, "kind": 2,
        "range": ["start": start.json, "end": end.json],
        "selectionRange": ["start": start.json, "end": firstLine.json],
      ] as [String: Any]
    }
  }

  func definition(_ params: [String: Any]) throws -> Any {
    let (document, analysis) = try current(params)
    guard let position = LSPPosition(params["position"]), position.line < document.lineCount,
      let uri = (params["textDocument"] as? [String: Any])?["uri"] as? String,
      let target = TuneOutline.definition(
        lines: document, lineNumber: position.line + 1, column: document.column(of: position),
        analysis: analysis)
    else { return NSNull() }
    let start = document.position(line: target.line, column: target.column)
    let end = document.position(
      line: target.line, column: document.line(target.line).unicodeScalars.count + 1)
    return ["uri": uri, "range": ["start": start.json, "end": end.json]]
  }

  /// The edits that format the document, as JSON written here (a large document's edits
  /// never become a tree of objects).
  func formatting(_ params: [String: Any]) throws -> RawJSON {
    let (document, analysis) = try current(params)
    var out = RawJSON("[")
    var first = true
    ABCFormatter.edits(document, analysis: analysis) { number, text in
      let end = document.line(number).utf16.count
      if !first { out.append(",") }
      first = false
      out.append(
        "{\"range\":{\"start\":{\"line\":\(number - 1),\"character\":0},\"end\":{\"line\":\(number - 1),\"character\":\(end)}},\"newText\":"
      )
      out.append(string: text)
      out.append("}")
    }
    out.append("]")
    return out
  }

  /// `abcpress.renderPDF [uri]`: engraves the document as it stands in the editor into a
  /// PDF beside its file (a child process, so a failure never takes the server down).
  func executeCommand(_ params: [String: Any]) throws -> Any {
    guard params["command"] as? String == Self.renderCommand else {
      throw RequestFailure(code: -32602, message: "unknown command; the server offers \(Self.renderCommand)")
    }
    guard let uri = (params["arguments"] as? [Any])?.first as? String,
      let path = Self.path(of: uri)
    else {
      throw RequestFailure(code: -32602, message: "\(Self.renderCommand) takes the document's file URI")
    }
    let (document, _) = try current(["textDocument": ["uri": uri]])
    let output = (path as NSString).deletingPathExtension + ".pdf"
    let folder = (path as NSString).deletingLastPathComponent
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = ["render", "-", "-o", output, "--quiet", "--no-excerpt", "--include-path", folder]
    process.currentDirectoryURL = URL(fileURLWithPath: folder)
    let input = Pipe()
    let errors = Pipe()
    process.standardInput = input
    process.standardError = errors
    process.standardOutput = FileHandle.nullDevice
    try process.run()
    input.fileHandleForWriting.write(Data(document.text.utf8))
    try? input.fileHandleForWriting.close()
    let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    guard process.terminationStatus <= 1, FileManager.default.fileExists(atPath: output) else {
      throw RequestFailure(
        code: -32603, message: "not rendered: " + message.trimmingCharacters(in: .whitespacesAndNewlines))
    }
    return ["output": output]
  }

  /// The voice ids defined (`V:` lines and `[V:` fields) in the tune around line `number`
  /// and in the file header, in order: a tune's voices are its own.
  static func voices(in document: some DocumentLines, near number: Int, analysis: DocumentAnalysis)
    -> [String]
  {
    var lines: [Substring] = []
    let headerEnd = min((analysis.firstTuneLine ?? document.lineCount + 1) - 1, document.lineCount)
    if headerEnd >= 1 { lines += (1...headerEnd).map(document.line) }
    if let tune = analysis.tune(before: number) {
      lines += (tune.startLine...min(tune.endLine, document.lineCount)).map(document.line)
    }
    return voices(in: lines)
  }

  /// The voice ids `lines` define (`V:` lines and `[V:` fields), in order.
  static func voices(in lines: [Substring]) -> [String] {
    var seen: [String] = []
    for line in lines {
      var rest = Substring(line)
      while let range = rest.range(of: "V:") {
        let before = rest[..<range.lowerBound]
        let atStart = before.isEmpty && rest.startIndex == line.startIndex
        if atStart || before.hasSuffix("[") {
          let id = String(
            rest[range.upperBound...].drop { $0 == " " }.prefix { !$0.isWhitespace && $0 != "]" })
          if !id.isEmpty, !seen.contains(id) { seen.append(id) }
        }
        rest = rest[range.upperBound...]
      }
    }
    return seen
  }
}
