import CABCPressHTTP
import Foundation

/// `abcpress serve [FILE.abc|SONG.mxl|FOLDER]`: the live editor in a browser.
struct ServeCommand {
  static let help = """
    USAGE: abcpress serve [<file.abc>|<song.mxl>|<folder>] [--port <n>] [--host <address>]

    Serves a local editor page: the ABC text on the left (line numbers, colouring, undo),
    the tune under the cursor engraved on the right, re-engraved as you type, problems
    listed and marked where they are; click a symbol in the score to put the cursor on its
    source. Save writes the file back (the old version kept as FILE.abc~). Unsaved text is
    kept in the browser as you type: another file chosen, a reload or a crashed tab brings
    it back. A file changed on disk is reloaded, or, when you have unsaved text, shown
    beside yours for you to choose; a save never overwrites a change it has not shown.
    With a folder, every .abc file in it can be opened. A MusicXML file (.mxl, .musicxml)
    opens as ABC, with a note of what ABC cannot keep, and saves as the .abc beside it.

    The URL printed carries a session token; requests without it are refused.

    OPTIONS:
      --port <n>         Port to listen on (default 8080; 0 picks a free one).
      --host <address>   Address to listen on (default 127.0.0.1: this machine only).
      --fonts <dir>      Music fonts (as for render).
      -h, --help         Show this help.
    """

  static let spec = ArgumentSpec(flags: [], options: ["--port", "--host", "--fonts"], aliases: [:])

  let console: Console

  func run(_ arguments: ParsedArguments) throws -> ExitCode {
    guard arguments.positionals.count <= 1 else { throw UsageError("serve takes one file or folder") }
    let target = URL(fileURLWithPath: arguments.positionals.first ?? ".")
    var isFolder: ObjCBool = false
    let exists = FileManager.default.fileExists(atPath: target.path, isDirectory: &isFolder)
    if !exists && target.pathExtension != "abc" {
      throw InputError("\(target.path): no such file or folder")
    }
    let folder = isFolder.boolValue ? target : target.deletingLastPathComponent()
    let file = isFolder.boolValue ? nil : target.lastPathComponent
    guard let port = UInt16(arguments["--port"] ?? "8080") else {
      throw UsageError("--port is a number from 0 to 65535")
    }
    let host = arguments["--host"] ?? "127.0.0.1"
    // 128 random bits as 32 hexadecimal digits.
    var generator = SystemRandomNumberGenerator()
    let token = (0..<4).map { _ in
      let digits = String(generator.next() as UInt32, radix: 16)
      return String(repeating: "0", count: 8 - digits.count) + digits
    }.joined()
    // A download's child process or a browser that goes away must not end the server.
    signal(SIGPIPE, SIG_IGN)
    let service = EditorService(
      folder: folder, file: file, token: token, fonts: FontLocator.locate(explicit: arguments["--fonts"]))
    let server = HTTPServer { service.handle($0) }
    guard let bound = server.start(address: host, port: port, token: token) else {
      if let reason = abcpress_http_load_error() {
        throw InputError(
          "the server needs libmicrohttpd (Debian's libmicrohttpd12): \(String(cString: reason))")
      }
      throw InputError("cannot listen on \(host):\(port) (in use, or not an address of this machine)")
    }
    let shown = host == "0.0.0.0" ? "127.0.0.1" : host
    console.write("ABCPress editor: http://\(shown):\(bound)/?token=\(token)\n")
    if EditorComponent.folder == nil {
      console.write(
        "abcpress serve: CodeMirror is not installed (apt install libjs-codemirror): the editor is a plain text box\n"
      )
    }
    while true { sleep(3600) }
  }
}
