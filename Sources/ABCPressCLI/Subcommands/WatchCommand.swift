import Foundation

/*
 WatchCommand — `abcpress watch IN… -o OUT`: render, then render again on every save.

 Method. After a first `render`, inotify watches the folders holding the inputs (editors
 save by writing a new file and renaming it over the old one, so the file itself is not
 watched). A change to an input (written and closed, moved in, created or deleted) starts
 a quiet period; when 250 ms pass without another, the inputs are rendered again with the
 same options, in-process, and the diagnostics printed, so a PDF viewer that reloads on
 change shows each save. Ctrl-C ends it (no output is left half written).

     abcpress watch book.abc -o book.pdf --template a4-book

 Limits. Linux only (inotify); files the inputs include (`abc-include`) are not watched.
 */

/// `abcpress watch`: the live-preview loop.
struct WatchCommand {
  static let help = """
    USAGE: abcpress watch <input.abc>... -o <output.pdf|.png|.svg> [render options]

    Renders the inputs as 'render' does, then watches them and renders again each time
    one is saved (changes within 250 ms are taken together), printing the diagnostics
    of each run. Any 'render' option may be given. Stop it with Ctrl-C.
    """

  static let spec = RenderCommand.spec

  let console: Console

  func run(_ arguments: ParsedArguments) throws -> ExitCode {
    guard !arguments.positionals.isEmpty, !arguments.positionals.contains("-") else {
      throw UsageError("watch needs input files (not standard input)")
    }
    guard arguments["--output"] != nil, arguments["--output"] != "-" else {
      throw UsageError("watch needs an output file: -o OUT.pdf")
    }
    let watcher = try FileWatcher(paths: arguments.positionals)
    var generation = 0
    while true {
      generation += 1
      let started = Date()
      let code: ExitCode
      do {
        code = try RenderCommand(console: console, cacheFallback: TuneCache.userFolder).run(arguments)
      } catch let error as UsageError {
        throw error
      } catch {
        console.error("abcpress: error: \(error)")
        code = .failure
      }
      let seconds = String(format: "%.2f", Date().timeIntervalSince(started))
      console.error(
        "abcpress: watch: run \(generation) \(code == .success ? "done" : "had problems") in \(seconds) s; waiting for changes"
      )
      watcher.waitForChange(quietFor: 0.25)
    }
  }
}

/// Waits for changes to files, through inotify on their folders.
final class FileWatcher {
  private let descriptor: Int32
  /// Watched folder descriptors → the names in them that count.
  private var names: [Int32: Set<String>] = [:]

  init(paths: [String]) throws {
    descriptor = inotify_init1(Int32(IN_CLOEXEC))
    guard descriptor >= 0 else {
      throw OutputError("cannot watch files: \(String(cString: strerror(errno)))")
    }
    var folders: [String: Set<String>] = [:]
    for path in paths {
      let url = URL(fileURLWithPath: path).standardizedFileURL
      var isDirectory: ObjCBool = false
      if FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), isDirectory.boolValue {
        folders[url.path, default: []].insert("*")
      } else {
        folders[url.deletingLastPathComponent().path, default: []].insert(url.lastPathComponent)
      }
    }
    let mask = UInt32(IN_CLOSE_WRITE | IN_MOVED_TO | IN_CREATE | IN_DELETE)
    for (folder, wanted) in folders {
      let watch = inotify_add_watch(descriptor, folder, mask)
      guard watch >= 0 else {
        throw OutputError("cannot watch \(folder): \(String(cString: strerror(errno)))")
      }
      names[watch] = wanted
    }
  }

  deinit { close(descriptor) }

  /// Returns once a watched file changed and then `quietFor` seconds passed with no other
  /// change.
  func waitForChange(quietFor quiet: Double) {
    while !readRelevant(timeout: -1) {}
    while readRelevant(timeout: Int32(quiet * 1000)) {}
  }

  /// Reads events for up to `timeout` ms (-1: until one comes); true when one concerned a
  /// watched file.
  private func readRelevant(timeout: Int32) -> Bool {
    var request = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
    guard poll(&request, 1, timeout) > 0 else { return false }
    var buffer = [UInt8](repeating: 0, count: 64 * 1024)
    let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
    guard count > 0 else { return false }
    var offset = 0
    var relevant = false
    let header = MemoryLayout<inotify_event>.size
    while offset + header <= count {
      let (watch, length) = buffer.withUnsafeBytes { raw -> (Int32, Int) in
        let event = raw.loadUnaligned(fromByteOffset: offset, as: inotify_event.self)
        return (event.wd, Int(event.len))
      }
      let nameBytes = buffer[(offset + header)..<min(offset + header + length, count)].prefix { $0 != 0 }
      let name = String(decoding: nameBytes, as: UTF8.self)
      if let wanted = names[watch], wanted.contains(name) || (wanted.contains("*") && name.hasSuffix(".abc"))
      {
        relevant = true
      }
      offset += header + length
    }
    return relevant
  }
}
