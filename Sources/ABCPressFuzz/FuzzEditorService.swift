import ABCPressCLI
import Foundation

/// The editor-service target: each input is one request to the code behind `serve`'s
/// endpoints, over a folder of its own (two files, one Latin-1). The first byte picks the
/// endpoint, the second the file and format, and the rest is the body — as it is, or
/// (one input in two) as the text of a well-formed edit request, so the engraving, playing,
/// saving and export paths run on fuzzed ABC. A whole-file PDF, PNG or SVG download (a
/// child process) is asked for the tune instead. The Host check of the HTTP layer gets the
/// start of the body.
enum FuzzEditorService {
  static let folder: URL = {
    let folder = URL(fileURLWithPath: NSTemporaryDirectory())
      .appendingPathComponent("abcpress-fuzz-serve-\(getpid())", isDirectory: true)
    try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder
  }()

  static let session = FuzzHooks.EditorSession(folder: folder, fonts: FuzzPipeline.fontsDirectory)

  static let endpoints: [(String, String)] = [
    ("GET", "/api/files"), ("GET", "/api/document"), ("GET", "/api/modified"), ("POST", "/api/render"),
    ("POST", "/api/save"), ("POST", "/api/play"), ("POST", "/api/export"), ("POST", "/api/complete"),
    ("GET", "/"), ("PUT", "/api/render"), ("GET", "/api/nothing"), ("GET", "/api/tunes"),
    ("POST", "/api/edit"), ("POST", "/api/tokens"),
    ("GET", "/editor.js"), ("GET", "/text.js"), ("GET", "/../Package.swift"),
    ("GET", "/codemirror/lib/codemirror.js"), ("GET", "/codemirror/../../etc/passwd"),
  ]
  static let actions = [
    "up", "down", "octaveUp", "octaveDown", "length", "sharp", "flat", "natural", "delete", "?",
  ]
  static let names: [String?] = [
    nil, "a.abc", "b.abc", "../a.abc", "missing.abc", ".hidden.abc", "a.txt", "song.mxl", "song.abc",
  ]
  static let formats: [String?] = [nil, "pdf", "png", "svg", "midi", "musicxml", "wav"]
  static let themes = ["classic", "dark", "nope"]
  static let templates = ["plain", "card", "a4-book", "/etc/passwd"]

  /// Puts the folder's two files back as they were (saves change them).
  static func reset() {
    try? Data("X:1\nT:One\nK:G\nGABc|dedB|\n\nX:2\nT:Two\nK:D\nd2fd|\n".utf8).write(
      to: folder.appendingPathComponent("a.abc"))
    try? Data([
      0x58, 0x3A, 0x31, 0x0A, 0x54, 0x3A, 0x43, 0x61, 0x66, 0xE9, 0x0A, 0x4B, 0x3A, 0x43, 0x0A, 0x43, 0x7C,
      0x0A,
    ])
    .write(to: folder.appendingPathComponent("b.abc"))
  }

  static func run(_ bytes: UnsafeBufferPointer<UInt8>) {
    guard bytes.count >= 2 else { return }
    reset()
    let (method, path) = endpoints[Int(bytes[0]) % endpoints.count]
    let name = names[Int(bytes[1]) % names.count]
    var format = formats[Int(bytes[1] >> 3) % formats.count]
    let payload = Array(bytes[2...])
    var body = payload
    if bytes[0] & 0x80 != 0 {
      let text = String(decoding: payload, as: UTF8.self)
      var scope = bytes[1] & 0x40 != 0 ? "file" : "tune"
      if path == "/api/export", scope == "file", ["pdf", "png", "svg", nil].contains(format) {
        scope = "tune"
        format = format ?? "pdf"
      }
      let request: [String: Any] = [
        "text": text, "line": Int(payload.first ?? 1) % 40, "client": "fuzz", "scope": scope,
        "transpose": Int(Int8(bitPattern: payload.last ?? 0)), "theme": themes[payload.count % themes.count],
        "template": templates[Int(bytes[1]) % templates.count], "encoding": bytes[1] & 1 == 0 ? "utf-8" : "",
        "prefix": String(text.prefix(12)), "voices": ["1", "T"],
        "column": Int(payload.dropFirst().first ?? 1) % 60, "action": actions[payload.count % actions.count],
        "value": String(text.suffix(2)), "base": Double(bytes[1]),
      ]
      body = (try? JSONSerialization.data(withJSONObject: request)).map { [UInt8]($0) } ?? []
    }
    _ = session.handle(method: method, path: path, name: name, format: format, body: body)
    _ = FuzzHooks.hostIsOurs(String(decoding: payload.prefix(64), as: UTF8.self), port: 8080)
  }
}
