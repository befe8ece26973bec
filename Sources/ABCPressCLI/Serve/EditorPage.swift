/// The editor page of `abcpress serve`: plain HTML, CSS and JavaScript served from the
/// binary (no build step, nothing fetched from elsewhere).
///
/// The page's code lives in `Serve/Page` as the files it is (editor.html, editor.css,
/// editor.js, sound.js), each with its own essay; `scripts/embed-page` copies them into
/// `EditorPage+Files.swift` so that an installed binary carries them, and a test checks
/// that the two agree.
enum EditorPage {
  /// The page's file served at `path` (`/` is the page itself), or nil.
  static func file(at path: String) -> HTTPResponse? {
    let name = path == "/" || path == "/index.html" ? "editor.html" : String(path.dropFirst())
    guard !name.contains("/"), let file = files[name] else { return nil }
    return HTTPResponse(contentType: file.contentType, body: Array(file.text.utf8))
  }
}
