import Foundation
import Testing

@testable import ABCPressCLI

/// The editor's colours come from the parser (`/api/tokens`, each render's `tokens`), in the
/// document's lines wherever the tune is; CodeMirror is served from its installed files.
@Suite struct EditorTokensTests {
  let editor = EditorService(
    folder: URL(fileURLWithPath: NSTemporaryDirectory()), file: nil, token: "t",
    fonts: EditorServiceTests.fonts)

  func post(_ path: String, _ body: [String: Any]) throws -> [String: Any] {
    let data = try JSONSerialization.data(withJSONObject: body)
    let answer = editor.handle(
      HTTPRequest(method: "POST", path: path, name: nil, format: nil, body: [UInt8](data)))
    #expect(answer.status == 200)
    return try #require(try JSONSerialization.jsonObject(with: Data(answer.body)) as? [String: Any])
  }

  /// The kinds on `line` of the answer's token blocks, as "start-end:kind".
  func kinds(_ answer: [String: Any], line: Int) throws -> [String] {
    let blocks = try #require(answer["tokens"] as? [[String: Any]])
    for block in blocks {
      let from = try #require(block["from"] as? Int)
      let lines = try #require(block["lines"] as? [[Any]])
      guard line >= from, line < from + lines.count else { continue }
      let flat = lines[line - from]
      return stride(from: 0, to: flat.count, by: 3).map { "\(flat[$0])-\(flat[$0 + 1]):\(flat[$0 + 2])" }
    }
    return []
  }

  @Test func aRenderColoursItsTuneAndTheHeaderInTheDocumentsLines() throws {
    let header = "%%scale 0.8\n\n"
    let tunes = "X:1\nT:One\nK:C\nCDEF|\n\nX:2\nT:Two\nK:D\n|:d2 (fe)|[K:G] \"G\"g4:|\n"
    let first = try post("/api/render", ["text": header + tunes, "line": 9])
    #expect(try kinds(first, line: 1) == ["1-12:directive"])
    #expect(
      try kinds(first, line: 11)
        == [
          "1-3:bar", "3-5:note", "6-7:slur", "7-8:note", "8-9:note", "9-10:slur", "10-11:bar", "11-16:inline",
          "17-20:annotation", "20-22:note", "22-24:bar",
        ])
    let items = try #require(first["items"] as? [[Any]])
    #expect(items.allSatisfy { ($0[5] as? Int ?? 0) >= 8 })
    // Two lines written into the first tune: the second's engraving is the one kept, its
    // lines (tokens and drawn items) moved down with it.
    let moved = try post(
      "/api/render",
      ["text": header + tunes.replacingOccurrences(of: "CDEF|", with: "CDEF|\nGABc|\ncBAG|"), "line": 11])
    #expect(try kinds(moved, line: 13) == kinds(first, line: 11))
    let movedItems = try #require(moved["items"] as? [[Any]])
    #expect(movedItems.map { ($0[5] as? Int ?? 0) - 2 }.sorted() == items.map { $0[5] as? Int ?? 0 }.sorted())
  }

  @Test func theWholeTextsTokensComeInOneBlock() throws {
    let answer = try post("/api/tokens", ["text": "X:1\nK:C\n% the tune\nC2 z2|]\n"])
    let blocks = try #require(answer["tokens"] as? [[String: Any]])
    #expect(blocks.count == 1)
    #expect((blocks[0]["lines"] as? [[Any]])?.count == 5)
    let comment = try kinds(answer, line: 3)
    #expect(comment == ["1-11:comment"])
    #expect(try kinds(answer, line: 4) == ["1-3:note", "4-6:rest", "6-8:bar"])
  }

  @Test func codeMirrorIsServedOnlyFromItsInstalledFiles() throws {
    let folder = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    try FileManager.default.createDirectory(
      at: folder.appendingPathComponent("lib"), withIntermediateDirectories: true)
    try "var CodeMirror;".write(
      to: folder.appendingPathComponent("lib/codemirror.js"), atomically: true, encoding: .utf8)
    let served = try #require(EditorComponent.file(at: "/codemirror/lib/codemirror.js", in: folder))
    #expect(served.status == 200 && String(decoding: served.body, as: UTF8.self) == "var CodeMirror;")
    #expect(served.contentType.hasPrefix("text/javascript"))
    for path in [
      "/codemirror/../../etc/passwd", "/codemirror/mode/xml/xml.js", "/codemirror/lib/codemirror.css",
    ] {
      #expect(EditorComponent.file(at: path, in: folder)?.status == 404, "\(path)")
    }
    let missing = try #require(EditorComponent.file(at: "/codemirror/lib/codemirror.js", in: nil))
    #expect(
      missing.status == 404 && String(decoding: missing.body, as: UTF8.self).contains("libjs-codemirror"))
    #expect(EditorComponent.file(at: "/editor.js", in: folder) == nil)
  }
}
