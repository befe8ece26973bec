import ABCPress
import Foundation
import MIDIExport
import MusicXML

/// Downloads from the editor: the tune under the cursor or the whole document as a file.
///
/// A tune is engraved in the server (it is one tune: its memory is bounded). The whole
/// document goes to a child process — this program's `render`, reading the text from a
/// temporary file as standard input, in the served folder with includes limited to it —
/// whose engine streams pages in bounded memory; its output file is then streamed to the
/// browser from disk, so a 16 MB tune book never sits in the server's memory as pages.
/// MIDI and MusicXML are made from the tune under the cursor (or the first tune) alone.
extension EditorService {
  /// `POST /api/export?format=pdf|png|svg|midi|musicxml&name=…` with `{"scope": "tune" | "file"}`:
  /// the tune under the cursor or the whole document as it stands in the editor (PNG and
  /// SVG: the first page; MIDI and MusicXML: the tune under the cursor, or the first tune).
  func export(_ request: HTTPRequest) -> HTTPResponse {
    guard let edit = EditRequest(request) else { return .text(400, "expected {\"text\": …}") }
    let format = request.format ?? "pdf"
    let path = path(ofFile: request.name)
    let stem = ((path ?? "tune.abc") as NSString).lastPathComponent.replacingOccurrences(of: ".abc", with: "")
    let types = ["pdf": "application/pdf", "png": "image/png", "svg": "image/svg+xml"]
    if edit.scope == "file", let type = types[format] {
      do {
        _ = try lock.withLock {
          try engraver(template: edit.template, theme: edit.theme, pageSize: edit.pageSize)
        }
        let file = try renderInChild(edit, format: format, firstPageOnly: format != "pdf")
        var answer = HTTPResponse(
          contentType: type, body: [], disposition: Self.attachment(stem + "." + format))
        answer.file = file
        return answer
      } catch {
        return .text(500, "not made: \(error)")
      }
    }
    lock.lock()
    defer { lock.unlock() }
    analysis.analyse(edit.text, path: path)
    let tune = analysis.tune(atLine: edit.line) ?? analysis.tunes.first
    let text = tune.map { TunePiece(text: edit.text, tune: $0, analysis: analysis).text } ?? edit.text
    let book = parse(text, path: path, transpose: edit.transpose)
    let name = stem + "-" + String(tune?.referenceNumber ?? 1)
    do {
      switch format {
      case "pdf", "png", "svg":
        let engraver = try engraver(template: edit.template, theme: edit.theme, pageSize: edit.pageSize)
        let list = engraver.pages(book)
        let bytes: [UInt8]
        switch format {
        case "pdf": bytes = [UInt8](try engraver.pdf(list))
        case "png": bytes = [UInt8](try engraver.png(list).first ?? Data())
        default: bytes = Array((try engraver.svg(list).first ?? "").utf8)
        }
        return HTTPResponse(
          contentType: types[format]!, body: bytes, disposition: Self.attachment(name + "." + format))
      case "midi":
        guard let first = book.tunes.first else { return .text(422, "no tune to play") }
        return HTTPResponse(
          contentType: "audio/midi", body: MIDIExport.midiFile(for: first),
          disposition: Self.attachment(name + ".mid"))
      case "musicxml":
        guard let first = book.tunes.first else { return .text(422, "no tune to write") }
        return HTTPResponse(
          contentType: "application/vnd.recordare.musicxml+xml",
          body: Array(MusicXMLExporter.document(for: first).utf8),
          disposition: Self.attachment(name + ".musicxml"))
      default:
        return .text(400, "format is pdf, png, svg, midi or musicxml")
      }
    } catch {
      return .text(500, "not made: \(error)")
    }
  }

  /// The most tunes engraved for the first page of a whole document as PNG or SVG (a page
  /// holds far fewer).
  static let firstPageTunes = 32

  /// Engraves the edited text with this program's `render` in a child process; the output
  /// file, opened and already unlinked (it goes when the server closes it), and its size.
  private func renderInChild(_ edit: EditRequest, format: String, firstPageOnly: Bool) throws -> (
    descriptor: Int32, size: Int
  ) {
    let work = URL(fileURLWithPath: NSTemporaryDirectory())
      .appendingPathComponent("abcpress-export-\(getpid())-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(
      at: work, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    defer { try? FileManager.default.removeItem(at: work) }
    let input = work.appendingPathComponent("input.abc")
    let text = firstPageOnly ? Self.leadingTunes(of: edit.text, count: Self.firstPageTunes) : edit.text
    try Data(text.utf8).write(to: input)
    let output = work.appendingPathComponent("out." + format)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: IncludePolicy.realPath("/proc/self/exe") ?? "/proc/self/exe")
    var arguments = [
      "render", "-", "-o", output.path, "--quiet", "--theme", edit.theme, "--include-path", folder.path,
      "--fonts", fonts.path,
    ]
    // (The plain page is the command line's default, not a template it names.)
    if edit.template != "plain" { arguments += ["--template", edit.template] }
    if let size = edit.pageSize { arguments += ["--page-size", size] }
    if edit.transpose != 0 { arguments += ["--transpose", String(edit.transpose)] }
    process.arguments = arguments
    process.currentDirectoryURL = folder
    process.standardInput = try FileHandle(forReadingFrom: input)
    process.standardOutput = FileHandle.nullDevice
    let errors = work.appendingPathComponent("errors.txt")
    _ = FileManager.default.createFile(atPath: errors.path, contents: nil)
    process.standardError = try FileHandle(forWritingTo: errors)
    try process.run()
    process.waitUntilExit()
    // Several PNG or SVG pages are numbered files: the first page is the download.
    let first = work.appendingPathComponent("out-1." + format)
    let made = FileManager.default.fileExists(atPath: first.path) ? first : output
    let descriptor = open(made.path, O_RDONLY | O_CLOEXEC)
    guard process.terminationStatus <= 1, descriptor >= 0 else {
      if descriptor >= 0 { close(descriptor) }
      let message = (try? String(contentsOf: errors, encoding: .utf8)) ?? ""
      throw RequestFailure(
        code: 0, message: message.split(separator: "\n").suffix(3).joined(separator: "; "))
    }
    var info = stat()
    fstat(descriptor, &info)
    return (descriptor, Int(info.st_size))
  }

  /// The text up to the end of the `count`th tune (the file header and the first tunes).
  static func leadingTunes(of text: String, count: Int) -> String {
    let utf8 = text.utf8
    var seen = 0
    var atLineStart = true
    var index = utf8.startIndex
    while index < utf8.endIndex {
      let byte = utf8[index]
      let next = utf8.index(after: index)
      if atLineStart, byte == UInt8(ascii: "X"), next < utf8.endIndex, utf8[next] == UInt8(ascii: ":") {
        seen += 1
        if seen > count { return String(text[..<index]) }
      }
      atLineStart = byte == 0x0A
      index = next
    }
    return text
  }

  /// A Content-Disposition for a download named `name` (ASCII letters, digits, `-_.` kept).
  static func attachment(_ name: String) -> String {
    let safe = String(
      name.unicodeScalars.map {
        $0.isASCII
          && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "-_.".unicodeScalars.contains($0))
          ? Character($0) : "_"
      })
    return "attachment; filename=\"\(safe)\""
  }
}
