/// The editor page of `abcpress serve`: plain HTML, CSS and JavaScript served from the
/// binary (no build step, nothing fetched from elsewhere).
///
/// The page's code lives in `Serve/Page` as the files it is (editor.html, editor.css,
/// editor.js, text.js, sound.js), each with its own essay; the package embeds their bytes in the
/// binary (`.embedInCode`, `PackageResources`), so an installed binary carries them and
/// nothing is copied by hand.
enum EditorPage {
  /// The page's files by name, with their content types.
  static let files: [String: (contentType: String, bytes: [UInt8])] = [
    "editor.html": ("text/html; charset=utf-8", PackageResources.editor_html),
    "editor.css": ("text/css; charset=utf-8", PackageResources.editor_css),
    "editor.js": ("text/javascript; charset=utf-8", PackageResources.editor_js),
    "sound.js": ("text/javascript; charset=utf-8", PackageResources.sound_js),
    "text.js": ("text/javascript; charset=utf-8", PackageResources.text_js),
  ]

  /// The page's file served at `path` (`/` is the page itself), or nil.
  static func file(at path: String) -> HTTPResponse? {
    let name = path == "/" || path == "/index.html" ? "editor.html" : String(path.dropFirst())
    guard !name.contains("/"), let file = files[name] else { return nil }
    return HTTPResponse(contentType: file.contentType, body: file.bytes)
  }
}
