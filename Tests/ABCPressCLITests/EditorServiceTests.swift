import Foundation
import Testing

@testable import ABCPressCLI

/// What `abcpress serve` answers, called directly: the page's own files, and saves that
/// never overwrite a file changed on disk since the page loaded it.
@Suite struct EditorServiceTests {
  static let pageFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("../../Sources/ABCPressCLI/Serve/Page").standardized
  static let fonts = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("../../Fonts").standardized

  func service(_ folder: URL) -> EditorService {
    EditorService(folder: folder, file: nil, token: "t", fonts: Self.fonts)
  }

  func json(_ response: HTTPResponse) throws -> [String: Any] {
    try #require(try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any])
  }

  func save(_ service: EditorService, _ name: String, _ body: [String: Any]) throws -> HTTPResponse {
    let data = try JSONSerialization.data(withJSONObject: body)
    return service.handle(
      HTTPRequest(method: "POST", path: "/api/save", name: name, format: nil, body: [UInt8](data)))
  }

  @Test(arguments: ["editor.html", "editor.css", "editor.js", "text.js", "sound.js"])
  func thePageServedIsThePagesOwnFile(name: String) throws {
    let onDisk = try String(contentsOf: Self.pageFolder.appendingPathComponent(name), encoding: .utf8)
    let served = try #require(EditorPage.file(at: "/" + name))
    #expect(String(decoding: served.body, as: UTF8.self) == onDisk)
    #expect(
      served.contentType.hasPrefix(
        name.hasSuffix(".js") ? "text/javascript" : name.hasSuffix(".css") ? "text/css" : "text/html"))
  }

  @Test func thePageNamesOnlyFilesThatAreServed() throws {
    let html = try #require(EditorPage.file(at: "/")).body
    let page = String(decoding: html, as: UTF8.self)
    let referenced = page.matches(of: /(?:src|href)="([^"]+)"/).map { String($0.output.1) }
    #expect(referenced.filter { !$0.hasPrefix("codemirror/") }.count == 4)
    #expect(referenced.filter { $0.hasPrefix("codemirror/") }.count == 14)
    for name in referenced {
      if name.hasPrefix("codemirror/") {
        #expect(
          EditorComponent.files.contains(String(name.dropFirst("codemirror/".count))), "\(name) is not served"
        )
      } else {
        #expect(EditorPage.file(at: "/" + name) != nil, "\(name) is not served")
      }
    }
    #expect(EditorPage.file(at: "/../Package.swift") == nil)
  }

  @Test func aSaveOverAFileChangedOnDiskIsRefusedWithBothVersions() throws {
    let folder = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("tune.abc").path
    try "X:1\nK:C\nC|\n".write(toFile: path, atomically: true, encoding: .utf8)
    let editor = service(folder)
    let loaded = EditorService.modified(path)
    // Another program changes the file after the page loaded it.
    Thread.sleep(forTimeInterval: 0.01)
    try "X:1\nK:C\nE|\n".write(toFile: path, atomically: true, encoding: .utf8)
    let refused = try save(editor, "tune.abc", ["text": "X:1\nK:C\nD|\n", "base": loaded])
    #expect(refused.status == 409)
    let answer = try json(refused)
    #expect(answer["conflict"] as? Bool == true)
    #expect(answer["text"] as? String == "X:1\nK:C\nE|\n")
    #expect(try String(contentsOfFile: path, encoding: .utf8) == "X:1\nK:C\nE|\n")
    // Having seen the disk's version (its date as the base), the user's choice is saved.
    let now = try #require(answer["modified"] as? Double)
    let saved = try save(editor, "tune.abc", ["text": "X:1\nK:C\nD|\n", "base": now])
    #expect(saved.status == 200)
    #expect(try String(contentsOfFile: path, encoding: .utf8) == "X:1\nK:C\nD|\n")
    // Saving again from the date of that save needs no question.
    let again = try save(
      editor, "tune.abc", ["text": "X:1\nK:C\nF|\n", "base": try json(saved)["modified"] as Any])
    #expect(again.status == 200)
  }

  @Test func theWorkspaceIsTheSameForTheSameFolderOnly() throws {
    let one = URL(fileURLWithPath: "/tmp/tunes")
    let two = URL(fileURLWithPath: "/tmp/songs")
    #expect(service(one).workspace == service(one).workspace)
    #expect(service(one).workspace != service(two).workspace)
    let files = try json(
      service(one).handle(HTTPRequest(method: "GET", path: "/api/files", name: nil, format: nil, body: [])))
    #expect(files["workspace"] as? String == service(one).workspace)
  }

  @Test func aMusicXMLFileOpensAsABCAndSavesBesideItNeverOverIt() throws {
    let folder = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let abc = folder.appendingPathComponent("source.abc")
    try "X:1\nT:Imported Song\nM:3/4\nL:1/4\nK:F\nF G A|c2 z|\n".write(
      to: abc, atomically: true, encoding: .utf8)
    let mxl = folder.appendingPathComponent("song.mxl")
    #expect(ToolRun(["musicxml", abc.path, "-o", mxl.path]).exitCode == .success)
    try FileManager.default.removeItem(at: abc)
    let original = try Data(contentsOf: mxl)
    let editor = service(folder)
    #expect(editor.files() == ["song.mxl"])
    let get = { (name: String) in
      editor.handle(HTTPRequest(method: "GET", path: "/api/document", name: name, format: nil, body: []))
    }
    let opened = try json(get("song.mxl"))
    let text = try #require(opened["text"] as? String)
    #expect(text.contains("T:Imported Song") && text.contains("K:F"))
    #expect(opened["saveAs"] as? String == "song.abc")
    #expect(opened["modified"] as? Double == 0)
    #expect(opened["notes"] is [String])
    // Never written over; the ABC goes beside it, and only there.
    #expect(try save(editor, "song.mxl", ["text": text, "base": 0]).status == 400)
    #expect(try save(editor, "other.abc", ["text": text, "base": 0]).status == 400)
    #expect(try save(editor, "song.abc", ["text": text, "base": 0]).status == 200)
    #expect(try Data(contentsOf: mxl) == original)
    #expect(try String(contentsOf: folder.appendingPathComponent("song.abc"), encoding: .utf8) == text)
    #expect(editor.files() == ["song.abc", "song.mxl"])
    // Opening the MusicXML again and saving a different text must not replace that .abc unseen.
    #expect(try json(get("song.mxl"))["modified"] as? Double != 0)
    #expect(try save(editor, "song.abc", ["text": text + "%edited\n", "base": 0]).status == 409)
    // Serving the one file: its twin is served too, nothing else.
    let single = EditorService(folder: folder, file: "song.mxl", token: "t", fonts: Self.fonts)
    #expect(single.path(ofFile: "song.abc") != nil)
    #expect(single.path(ofFile: "other.abc") == nil)
  }

  @Test func theTuneListReadsEachTunesHeader() throws {
    let text =
      "%abc-2.1\nX:1\nT:The Kesh\nT:Kesh Jig\nR:jig\nM:6/8\nK:G\nGAG GAB|\nT:Not a title\n\nX:2\nT:Morrison's\nK:Edor clef=treble\nE2B|\n"
    #expect(
      TuneIndex.entries(text) == [
        TuneIndex.Entry(line: 2, number: "1", title: "The Kesh", key: "G", meter: "6/8", rhythm: "jig"),
        TuneIndex.Entry(line: 11, number: "2", title: "Morrison's", key: "Edor"),
      ])
    let folder = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    try text.write(to: folder.appendingPathComponent("jigs.abc"), atomically: true, encoding: .utf8)
    let editor = service(folder)
    let listed = { () throws -> [[String: Any]] in
      let answer = editor.handle(
        HTTPRequest(method: "GET", path: "/api/tunes", name: nil, format: nil, body: []))
      return try #require(try json(answer)["files"] as? [[String: Any]])
    }
    let first = try listed()
    #expect(first.first?["name"] as? String == "jigs.abc")
    #expect((first.first?["tunes"] as? [[Any]])?.map { $0[2] as? String } == ["The Kesh", "Morrison's"])
    // A changed file is read again.
    Thread.sleep(forTimeInterval: 0.01)
    try "X:7\nT:Swallowtail\nK:Ador\n".write(
      to: folder.appendingPathComponent("jigs.abc"), atomically: true, encoding: .utf8)
    #expect((try listed().first?["tunes"] as? [[Any]])?.map { $0[2] as? String } == ["Swallowtail"])
  }

  @Test func aRangeSelectedOnTheScoreIsEditedNoteByNoteFromTheSameText() throws {
    let folder = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let editor = service(folder)
    let text = "%%scale 0.8\n\nX:1\nK:G\nGABc !trill!d2|\ne|\n"
    // G (5:1) with A, B, c, the trilled d (its decoration kept), the e on the next line of
    // the tune; the trill's own column, a bar line and a line outside the tune edit nothing.
    let body: [String: Any] = [
      "text": text, "line": 5, "column": 1, "action": "sharp",
      "also": [[5, 2], [5, 3], [5, 4], [5, 6], [5, 13], [5, 15], [6, 1], [5, 1], [99, 1]],
    ]
    let data = try JSONSerialization.data(withJSONObject: body)
    let answer = try json(
      editor.handle(
        HTTPRequest(method: "POST", path: "/api/edit", name: nil, format: nil, body: [UInt8](data))))
    #expect(answer["replacement"] as? String == "^G")
    let more = try #require(answer["more"] as? [[String: Any]])
    #expect(more.map { $0["replacement"] as? String ?? "" } == ["^A", "^B", "^c", "^d2", "^e"])
    #expect(more.map { $0["line"] as? Int ?? 0 } == [5, 5, 5, 5, 6])
    // A drag or an inserted note is for the one note only.
    var one = body
    one["action"] = "insert"
    one["value"] = "a"
    let inserted = try json(
      editor.handle(
        HTTPRequest(
          method: "POST", path: "/api/edit", name: nil, format: nil,
          body: [UInt8](try JSONSerialization.data(withJSONObject: one)))))
    #expect(inserted["more"] == nil && inserted["replacement"] as? String == "GA")
  }
}
