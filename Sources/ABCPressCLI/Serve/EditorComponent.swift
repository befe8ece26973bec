import Foundation

/// The text editor component the page uses: CodeMirror 5 as Debian installs it
/// (`libjs-codemirror`, a dependency of the package), served from its installed files —
/// never a copy in the project or the binary.
///
/// Only the files the page loads are served (the library, the addons it uses, their
/// styles), read from the folder when asked: `/codemirror/lib/codemirror.js`, … The folder
/// is `$ABCPRESS_CODEMIRROR` or `/usr/share/javascript/codemirror`. Without it the page
/// falls back to a plain text box (no colours, no search) and `serve` says so at start.
enum EditorComponent {
  /// The files the page loads, by their path under the CodeMirror folder.
  static let files: [String] = [
    "lib/codemirror.js", "lib/codemirror.css",
    "addon/search/search.js", "addon/search/searchcursor.js", "addon/search/jump-to-line.js",
    "addon/dialog/dialog.js", "addon/dialog/dialog.css",
    "addon/edit/matchbrackets.js", "addon/edit/closebrackets.js",
    "addon/hint/show-hint.js", "addon/hint/show-hint.css",
    "addon/lint/lint.js", "addon/lint/lint.css",
    "addon/comment/comment.js", "addon/selection/active-line.js",
  ]

  /// The installed CodeMirror folder, or nil when it is not there.
  static var folder: URL? {
    let path =
      ProcessInfo.processInfo.environment["ABCPRESS_CODEMIRROR"] ?? "/usr/share/javascript/codemirror"
    let url = URL(fileURLWithPath: path)
    return FileManager.default.fileExists(atPath: url.appendingPathComponent(files[0]).path) ? url : nil
  }

  /// The component's file at `path` (`/codemirror/…`), or nil when `path` is not one; a
  /// 404 when CodeMirror is not installed.
  static func file(at path: String) -> HTTPResponse? {
    file(at: path, in: folder)
  }

  /// The component's file at `path`, read from `folder` (nil: not installed).
  static func file(at path: String, in folder: URL?) -> HTTPResponse? {
    guard path.hasPrefix("/codemirror/") else { return nil }
    let name = String(path.dropFirst("/codemirror/".count))
    guard files.contains(name) else { return .text(404, "not found") }
    guard let folder,
      let data = FileManager.default.contents(atPath: folder.appendingPathComponent(name).path)
    else { return .text(404, "CodeMirror is not installed (apt install libjs-codemirror)") }
    let type = name.hasSuffix(".css") ? "text/css; charset=utf-8" : "text/javascript; charset=utf-8"
    return HTTPResponse(contentType: type, body: [UInt8](data))
  }
}
