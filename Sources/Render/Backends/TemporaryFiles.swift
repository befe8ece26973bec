import Foundation

/// Every temporary file the process has open for output, so an interrupted run (Ctrl-C,
/// SIGTERM, SIGHUP) can remove them before it exits: the old outputs stay as they were
/// and no half-written file is left behind.
///
/// Outputs are written under a temporary name beside their destination and renamed into
/// place when complete (`AtomicOutput`, `writeAtomically`); each temporary name is
/// registered here until it is renamed or deleted. The names carry the process's id —
/// `.NAME.abcpress-PID-RANDOM.tmp`, `.abcpress-PID-RANDOM…` — so that a later run that
/// writes into the same folder removes those a killed process (SIGKILL, a crash without
/// the supervisor) left: entries of processes that no longer exist, a minute old or more.
public enum TemporaryFiles {
  private static let lock = NSLock()
  nonisolated(unsafe) private static var paths: Set<String> = []
  /// Set once the process is being interrupted: no new temporary file may start.
  nonisolated(unsafe) private static var closing = false

  /// Whether the process is being interrupted (its outputs in flight are being removed).
  public static var isClosing: Bool { lock.withLock { closing } }

  /// Told of every temporary file made (true) and done with (false): a supervising
  /// process removes those a crashed run left.
  nonisolated(unsafe) public static var observer: ((String, Bool) -> Void)?

  public static func register(_ path: String) {
    observer?(path, true)
    lock.lock()
    if closing {
      // The process is exiting: this thread writes nothing more.
      lock.unlock()
      while true { sleep(60) }
    }
    paths.insert(path)
    lock.unlock()
  }

  public static func unregister(_ path: String) {
    observer?(path, false)
    lock.lock()
    paths.remove(path)
    lock.unlock()
  }

  /// Deletes every registered file or folder on an interrupt, and keeps new ones from
  /// starting; returns how many there were. Files a worker was about to create when the
  /// signal came are removed in a second pass a moment later.
  @discardableResult
  public static func removeAll() -> Int {
    lock.lock()
    closing = true
    let all = paths
    lock.unlock()
    func remove() {
      for path in all where unlink(path) != 0 && errno != ENOENT {
        try? FileManager.default.removeItem(atPath: path)
      }
    }
    remove()
    usleep(300_000)
    remove()
    return all.count
  }

  /// A temporary path beside `destination` for writing it: `.NAME.abcpress-PID-RANDOM.tmp`.
  public static func path(beside destination: URL) -> URL {
    let folder = destination.deletingLastPathComponent()
    sweep(folder.path)
    return folder.appendingPathComponent(".\(destination.lastPathComponent).\(tag()).tmp")
  }

  /// A temporary entry in `folder` for work on its way there: `.abcpress-PID-RANDOM` and
  /// `suffix` (`.png`, or nothing for a folder).
  public static func path(in folder: URL, suffix: String = "") -> URL {
    sweep(folder.path)
    return folder.appendingPathComponent(".\(tag())\(suffix)")
  }

  /// `abcpress-PID-RANDOM`: the process and a random part (a name is never reused).
  private static func tag() -> String {
    "abcpress-\(getpid())-" + String(UInt64.random(in: 0...UInt64.max), radix: 16)
  }

  nonisolated(unsafe) private static var swept: Set<String> = []

  /// Removes, once per folder and process, the temporary entries dead processes left there.
  static func sweep(_ folder: String) {
    let key = folder.isEmpty ? "." : folder
    guard lock.withLock({ swept.insert(key).inserted }) else { return }
    guard let names = try? FileManager.default.contentsOfDirectory(atPath: key) else { return }
    for name in names
    where name.hasPrefix(".abcpress-") || (name.hasPrefix(".") && name.contains(".abcpress-")) {
      guard let pid = processID(inTemporaryName: name), pid != getpid(), kill(pid, 0) != 0, errno == ESRCH
      else { continue }
      let path = key + "/" + name
      var info = stat()
      guard lstat(path, &info) == 0, Double(info.st_mtim.tv_sec) < Date().timeIntervalSince1970 - 60 else {
        continue
      }
      if unlink(path) != 0 { try? FileManager.default.removeItem(atPath: path) }
    }
  }

  /// The process id in a temporary name (`….abcpress-PID-RANDOM…`), nil for other names.
  public static func processID(inTemporaryName name: String) -> pid_t? {
    guard let range = name.range(of: "abcpress-") else { return nil }
    let rest = name[range.upperBound...]
    let digits = rest.prefix { $0.isASCII && $0.isNumber }
    guard !digits.isEmpty, rest.dropFirst(digits.count).first == "-" else { return nil }
    return pid_t(digits)
  }

  /// Writes `bytes` to a temporary file beside `url` and renames it into place; a failure
  /// leaves the old file (if any) untouched and names the cause in the user's words.
  public static func writeAtomically(_ bytes: [UInt8], to url: URL) throws {
    let temporary = path(beside: url).path
    register(temporary)
    defer { unregister(temporary) }
    let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
    guard descriptor >= 0 else { throw RenderError.io(path: url.path, reason: reason(errno)) }
    var written = 0
    var failure: Int32 = 0
    bytes.withUnsafeBytes { buffer in
      while written < buffer.count {
        let count = write(descriptor, buffer.baseAddress! + written, buffer.count - written)
        if count < 0 {
          if errno == EINTR { continue }
          failure = errno
          return
        }
        written += count
      }
    }
    close(descriptor)
    guard failure == 0, rename(temporary, url.path) == 0 else {
      let code = failure != 0 ? failure : errno
      unlink(temporary)
      throw RenderError.io(path: url.path, reason: reason(code))
    }
  }

  /// The output a temporary file stands for (`dir/.out.pdf.abcpress-PID-RANDOM.tmp` →
  /// `dir/out.pdf`), so messages name the user's file, never a temporary one; other paths
  /// as they are.
  public static func destination(of path: String) -> String {
    let url = URL(fileURLWithPath: path)
    let name = url.lastPathComponent
    guard name.hasPrefix("."), name.hasSuffix(".tmp") else { return path }
    var parts = name.dropFirst().dropLast(4).split(separator: ".", omittingEmptySubsequences: false)
    guard parts.count >= 2, let last = parts.popLast(), last.hasPrefix("abcpress-"),
      processID(inTemporaryName: String(last)) != nil
    else { return path }
    let directory = (path as NSString).deletingLastPathComponent
    let original = parts.joined(separator: ".")
    return directory.isEmpty ? original : directory + "/" + original
  }

  /// Creates the folder an output goes into when it does not exist yet.
  public static func createFolder(for url: URL) throws {
    let folder = url.deletingLastPathComponent()
    var isDirectory: ObjCBool = false
    if FileManager.default.fileExists(atPath: folder.path, isDirectory: &isDirectory) {
      guard isDirectory.boolValue else {
        throw RenderError.io(path: url.path, reason: "\(folder.path) is a file, not a folder")
      }
      return
    }
    do {
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    } catch {
      let underlying = (error as NSError).userInfo[NSUnderlyingErrorKey] as? NSError
      let code = underlying.map { Int32($0.code) } ?? EIO
      let reason = code == EEXIST ? "a file is in the way of the folder \(folder.path)" : Self.reason(code)
      throw RenderError.io(path: url.path, reason: reason)
    }
  }

  /// A system error as a user reads it: a full disk and a read-only folder by name.
  public static func reason(_ code: Int32) -> String {
    switch code {
    case ENOSPC, EDQUOT: "the disk is full"
    case EROFS: "the folder is on a read-only file system"
    case EACCES, EPERM: "permission denied (the folder is not writable)"
    case ENOENT: "the folder does not exist"
    case ENOTDIR: "a file is in the way of its folder"
    default: String(cString: strerror(code)).lowercased()
    }
  }
}
