import ABCParser
import ABCPress
import DisplayList
import Foundation
import ScoreModel
import Transposition

/*
 EditorService — what `abcpress serve` answers: the editor page, the served files, and the
 engraving of the tune being edited.

 Method. The page sends the whole text and the cursor's line as soon as no render of its
 own is in flight (keys typed meanwhile go with the next); the service checks the text tune by tune (DocumentAnalysis: unchanged tunes keep
 their problems) and engraves only the tune under the cursor (with the file header before
 the first tune), keeping the last engravings by their text, so moving between tunes or
 undoing costs nothing. The answer carries the SVG pages and, for each drawn item that
 came from the source, its box and source position: the page maps clicks to the cursor and
 the cursor to the score with it. Renders are taken one at a time; a render request that a
 newer one from the same page has overtaken while it waited is answered "superseded"
 without engraving, so a flood of edits costs one engraving.

     POST /api/render {"text": …, "line": 12, "client": "k3"} →
       {"svg": ["<svg…"], "items": [[page, x, y, w, h, line, column], …], "diagnostics": […]}

 Every /api request needs the session token (`X-ABCPress-Token`) and every request a Host
 header naming this machine, both checked by the server before a body is read; file names
 are plain names of regular `.abc` files in the served folder (at most 16 MB); bodies over
 24 MB (the JSON of the largest file) are refused. Files are read and saved by `EditorFile`: the text changes, nothing else.
 */

/// The editor's files, checks and engravings, shared by the server's connection threads.
final class EditorService: @unchecked Sendable {
  let folder: URL
  /// The one file served (`serve FILE.abc`), or nil for every `.abc` in `folder`.
  let file: String?
  let token: String
  let fonts: URL
  let lock = NSLock()
  let analysis = DocumentAnalysis()
  private var engravers: [String: ABCPress] = [:]
  private var engraved: [String: Engraving] = [:]
  private var engravedOrder: [String] = []
  let indexLock = NSLock()
  /// The tune list of each served file, by path, with the size and date it was read at.
  var indexed: [String: (stamp: String, entries: [TuneIndex.Entry])] = [:]
  private let tickets = NSLock()
  private var latestTicket: [String: Int] = [:]
  private var ticketCount = 0
  /// Engravings kept (the tunes last visited).
  static let keptEngravings = 32

  init(folder: URL, file: String?, token: String, fonts: URL) {
    self.folder = folder
    self.file = file
    self.token = token
    self.fonts = fonts
  }

  /// An edit request's JSON: the text, the cursor's line and the engraving options.
  struct EditRequest {
    var text: String
    var line: Int
    var theme: String
    var template: String
    var pageSize: String?
    var transpose: Int
    /// `tune` (the tune under the cursor) or `file` (downloads).
    var scope: String
    /// The page that asks (a render it overtakes is answered "superseded").
    var client: String

    init?(_ request: HTTPRequest) {
      guard let object = try? JSONSerialization.jsonObject(with: Data(request.body)) as? [String: Any],
        let text = object["text"] as? String
      else { return nil }
      self.text = text
      line = object["line"] as? Int ?? 1
      theme = object["theme"] as? String ?? "classic"
      template = object["template"] as? String ?? "plain"
      pageSize = (object["pageSize"] as? String).flatMap { $0.isEmpty ? nil : $0 }
      transpose = max(-24, min(24, object["transpose"] as? Int ?? 0))
      scope = object["scope"] as? String ?? "tune"
      client = object["client"] as? String ?? ""
    }
  }

  func handle(_ request: HTTPRequest) -> HTTPResponse {
    // Each request is a run of its own for the format files' budget.
    FormatFiles.shared.beginRun()
    let path = request.path.split(separator: "?").first.map(String.init) ?? "/"
    if let page = EditorPage.file(at: path) ?? EditorComponent.file(at: path) {
      guard request.method == "GET" else { return .text(405, "method not allowed") }
      return page
    }
    // (The server checked the Host header, the session token and the body's size.)
    guard path.hasPrefix("/api/") else { return .text(404, "not found") }
    switch (request.method, path) {
    case ("GET", "/api/files"): return .json(["files": files(), "workspace": workspace])
    case ("GET", "/api/tunes"): return tunes()
    case ("GET", "/api/document"): return document(request)
    case ("GET", "/api/modified"):
      guard let served = self.path(ofFile: request.name) else { return .text(400, "not a served .abc file") }
      return .json(["modified": Self.modified(served)])
    case ("POST", "/api/render"): return render(request)
    case ("POST", "/api/save"): return save(request)
    case ("POST", "/api/play"): return play(request)
    case ("POST", "/api/audio"): return audio(request)
    case ("POST", "/api/edit"): return edit(request)
    case ("POST", "/api/export"): return export(request)
    case ("POST", "/api/complete"): return complete(request)
    case ("POST", "/api/tokens"): return tokens(request)
    case (_, "/api/files"), (_, "/api/tunes"), (_, "/api/document"), (_, "/api/modified"), (_, "/api/render"),
      (_, "/api/save"),
      (_, "/api/play"), (_, "/api/audio"), (_, "/api/edit"),
      (_, "/api/export"), (_, "/api/complete"), (_, "/api/tokens"):
      return .text(405, "method not allowed")
    default: return .text(404, "not found")
    }
  }

  /// What the page keeps unsaved text under in the browser's storage: the same folder
  /// (or file) served again, on any port, finds its drafts (FNV-1a of the path, in hex).
  var workspace: String {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in (folder.path + "/" + (file ?? "")).utf8 {
      hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
    }
    return String(hash, radix: 16)
  }

  /// The `.abc` files served, by name: regular files only (a FIFO or device named `*.abc`
  /// is never listed, so never opened).
  func files() -> [String] {
    if let file { return [file] }
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    // (A link to a file outside the folder is not served, so not listed either.)
    return names.filter { name in
      var info = stat()
      return (name.hasSuffix(".abc") || Self.isImported(name)) && !name.hasPrefix(".")
        && stat(folder.appendingPathComponent(name).path, &info) == 0 && info.st_mode & S_IFMT == S_IFREG
        && path(ofFile: name) != nil
    }.sorted()
  }

  /// The path of a served file named `name` (the only file when serving one), or nil for
  /// a name that is not a plain name of a served `.abc` or MusicXML file. The `.abc` twin
  /// of a served MusicXML file is served too, before it exists (saves make it).
  func path(ofFile name: String?) -> String? {
    let chosen = name ?? file ?? files().first
    guard let chosen, !chosen.contains("/"), !chosen.hasPrefix("."),
      chosen.hasSuffix(".abc") || Self.isImported(chosen)
    else { return nil }
    let path = folder.appendingPathComponent(chosen).path
    if let file {
      // The one file served is the file named, wherever a link takes it (saved to its
      // target); or the `.abc` beside it when it is MusicXML.
      return chosen == file || (Self.isImported(file) && chosen == Self.twin(of: file)) ? path : nil
    }
    guard let root = IncludePolicy.realPath(folder.path) else { return nil }
    guard let real = IncludePolicy.realPath(path) else {
      // Not there: only the twin of a MusicXML file that is, made in the folder itself.
      var info = stat()
      let isTwin = files().contains { Self.isImported($0) && Self.twin(of: $0) == chosen }
      return isTwin && lstat(path, &info) != 0 && errno == ENOENT ? root + "/" + chosen : nil
    }
    return real.hasPrefix(root + "/") ? real : nil
  }

  /// `GET /api/document?name=…`: the file's text as the command line reads it (UTF-8 or
  /// Latin-1), or why it cannot be opened — never an empty editor for a file that is not.
  private func document(_ request: HTTPRequest) -> HTTPResponse {
    guard let path = path(ofFile: request.name) else { return .text(400, "not a served file") }
    let name = (path as NSString).lastPathComponent
    if Self.isImported(name) { return importedDocument(path, name: name) }
    var info = stat()
    if file != nil, stat(path, &info) != 0, errno == ENOENT {
      // `serve new.abc`: a file that is not there yet starts empty and is made on saving.
      return .json(["name": name, "text": "", "modified": 0, "encoding": "utf-8"])
    }
    do {
      let (text, form) = try EditorFile.read(path)
      return .json([
        "name": name, "text": text, "modified": Self.modified(path),
        "encoding": form.latin1 ? "iso-8859-1" : "utf-8", "lineEnds": form.crlf ? "crlf" : "lf",
      ])
    } catch {
      return .text(422, "\(name) cannot be opened: \(error.description)")
    }
  }

  static func modified(_ path: String) -> Double {
    var info = stat()
    guard stat(path, &info) == 0 else { return 0 }
    return Double(info.st_mtim.tv_sec) + Double(info.st_mtim.tv_nsec) / 1e9
  }

  /// `POST /api/save?name=…` with `{"text": …, "base": MODIFIED}` (and `"encoding":
  /// "utf-8"` to convert a Latin-1 file): the text written back as `EditorFile` saves, the
  /// old one kept as `NAME.abc~`. A text the file's encoding cannot hold is answered 409
  /// (the page asks). So is a save over a file that changed on disk since `base` (the date
  /// the text was loaded or last saved), with the text on disk and its date: the page
  /// shows both and the user chooses; nothing is overwritten unseen.
  private func save(_ request: HTTPRequest) -> HTTPResponse {
    guard let path = path(ofFile: request.name) else { return .text(400, "not a served file") }
    guard !Self.isImported(path) else {
      return .json(
        ["error": "a MusicXML file is never written over: save as \(Self.twin(of: request.name ?? ""))"],
        status: 400)
    }
    guard let object = try? JSONSerialization.jsonObject(with: Data(request.body)) as? [String: Any],
      let text = object["text"] as? String
    else { return .text(400, "expected {\"text\": …}") }
    lock.lock()
    defer { lock.unlock() }
    if let base = (object["base"] as? NSNumber)?.doubleValue {
      let now = Self.modified(path)
      if now != 0, abs(now - base) > 0.0005, let (disk, _) = try? EditorFile.read(path), disk != text {
        return .json(
          ["conflict": true, "text": disk, "modified": now, "error": "changed on disk"], status: 409)
      }
    }
    do {
      let modified = try EditorFile.save(
        text, to: path, convertToUTF8: object["encoding"] as? String == "utf-8")
      return .json(["saved": true, "modified": modified])
    } catch {
      return .json(
        ["error": error.description, "unencodable": error.unencodable], status: error.unencodable ? 409 : 500)
    }
  }

  // MARK: Rendering

  private func render(_ request: HTTPRequest) -> HTTPResponse {
    guard let edit = EditRequest(request) else { return .text(400, "expected {\"text\": …, \"line\": N}") }
    let (text, line, client) = (edit.text, edit.line, edit.client)
    let ticket = take(ticketFor: client)
    lock.lock()
    defer { lock.unlock() }
    guard isLatest(ticket, client: client) else { return .json(["superseded": true]) }
    let path = path(ofFile: request.name)
    analysis.analyse(text, path: path)
    var answer: [String: Any] = [
      "diagnostics": analysis.diagnostics.filter { $0.file == path }.map(Self.json),
      "tunes": TuneIndex.entries(text).map(\.json),
    ]
    guard
      let tune = analysis.tune(atLine: line) ?? analysis.tune(before: line) ?? analysis.tunes.first
    else {
      answer["svg"] = [String]()
      answer["items"] = [Any]()
      return .json(answer)
    }
    let piece = TunePiece(text: text, tune: tune, analysis: analysis)
    let key =
      "\(edit.template)\u{0}\(edit.theme)\u{0}\(edit.pageSize ?? "")\u{0}\(edit.transpose)\u{0}\(piece.text)"
    var engraving = engraved[key]
    if engraving == nil {
      do {
        engraving = try engrave(
          piece, path: path, style: (edit.template, edit.theme, edit.pageSize), transpose: edit.transpose)
      } catch {
        return .json(["error": "\(error)"], status: 500)
      }
      keep(engraving!, as: key)
    }
    // The engraving is kept by the piece's text, which is the same wherever the tune is in
    // the file: its lines are the document's only once shifted.
    answer.merge(engraving!.json(in: piece)) { $1 }
    answer["tune"] = ["start": tune.startLine, "end": tune.endLine]
    return .json(answer)
  }

  private func engrave(
    _ piece: TunePiece, path: String?, style: (template: String, theme: String, pageSize: String?),
    transpose: Int
  ) throws -> Engraving {
    let engraver = try engraver(template: style.template, theme: style.theme, pageSize: style.pageSize)
    let book = parse(piece.text, path: path, transpose: transpose)
    let list = engraver.pages(book)
    var items: [Engraving.Item] = []
    for (index, page) in list.pages.enumerated() {
      for item in page.items {
        guard let source = item.source, source.line >= piece.tuneStartInPiece else { continue }
        items.append(Engraving.Item(page: index, box: item.box, line: source.line, column: source.column))
      }
    }
    return Engraving(
      svg: try engraver.svg(list), items: items, sizes: list.pages.map { [$0.width, $0.height] },
      tokens: ABCParser.syntaxTokens(piece.text))
  }

  /// `text` parsed with includes read only inside the served folder, and transposed.
  func parse(_ text: String, path: String?, transpose: Int) -> Tunebook {
    let resolver = IncludePolicy(roots: [folder.path]).resolver()
    var book = ABCParser.parse(text, file: path, includeResolver: resolver).tunebook
    if transpose != 0 { book.tunes = book.tunes.map { Transposer(semitones: transpose).transpose($0) } }
    return book
  }

  func engraver(template: String, theme: String, pageSize: String?) throws -> ABCPress {
    let key = template + "\u{0}" + theme + "\u{0}" + (pageSize ?? "")
    if let known = engravers[key] { return known }
    let made = try ABCPress(fonts: fonts, template: template, theme: theme, pageSize: pageSize)
    if engravers.count > 8 { engravers.removeAll() }
    engravers[key] = made
    return made
  }

  private func keep(_ engraving: Engraving, as key: String) {
    engraved[key] = engraving
    engravedOrder.append(key)
    if engravedOrder.count > Self.keptEngravings {
      engraved[engravedOrder.removeFirst()] = nil
    }
  }

  private func take(ticketFor client: String) -> Int {
    tickets.lock()
    defer { tickets.unlock() }
    ticketCount += 1
    latestTicket[client] = ticketCount
    if latestTicket.count > 1024 { latestTicket = [client: ticketCount] }
    return ticketCount
  }

  private func isLatest(_ ticket: Int, client: String) -> Bool {
    tickets.lock()
    defer { tickets.unlock() }
    return latestTicket[client].map { $0 == ticket } ?? true
  }

  static func json(_ diagnostic: Diagnostic) -> [String: Any] {
    [
      "line": diagnostic.range.start.line, "column": diagnostic.range.start.column,
      "endLine": diagnostic.range.end.line, "endColumn": diagnostic.range.end.column,
      "severity": diagnostic.severity.rawValue, "message": diagnostic.message,
    ]
  }
}
