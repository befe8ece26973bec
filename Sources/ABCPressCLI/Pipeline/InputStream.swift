import ABCParser
import Foundation
import ScoreModel

/*
 InputStream — the input files, read one after another in chunks, as tune-book events.

 Method. Each input is opened with open(2) and read 256 KiB at a time into a
 `TunebookReader`, whose events are handed out before the next chunk is read: memory holds
 one chunk and one tune, whatever the size of the files. `-` is standard input; it is
 first copied to a temporary file (`StandardInput.spool`), so that a run can read its
 inputs twice (a first pass that counts pages) and so that a closed or unreadable
 standard input becomes one clear diagnostic. An input that cannot be read (missing,
 a folder, a device that fails) is an error diagnostic at 1:1 and the next input is read.

     inputs a.abc, b.abc → .start(a) .event… .end(a) .start(b) .event… .end(b)

 Limits. Inputs are read in the order given; `I:abc-include` files are read whole.
 */

/// One thing an input stream hands out.
enum InputItem {
  /// An input begins; `name` is how diagnostics name it.
  case start(name: String)
  case event(TunebookEvent)
  /// The input ended (or could not be read: a diagnostic event came first).
  case end(name: String)
}

/// Reads the inputs of a run, in order, in bounded memory.
final class InputStream {
  static let chunkSize = 256 * 1024
  private let paths: [String]
  private let includeResolver: ABCParser.IncludeResolver?
  private let standardInput: StandardInput?
  private var index = 0
  private var descriptor: Int32 = -1
  private var reader: TunebookReader?
  private var name = ""
  private var pending: [InputItem] = []
  private var head = 0
  private var buffer = [UInt8](repeating: 0, count: chunkSize)

  /// A stream over `paths`, reading `-` from the spooled `standardInput`.
  init(paths: [String], standardInput: StandardInput?, includeResolver: ABCParser.IncludeResolver?) {
    self.paths = paths
    self.standardInput = standardInput
    self.includeResolver = includeResolver
  }

  deinit {
    if descriptor >= 0 { close(descriptor) }
  }

  /// The next item, or nil when every input has been read.
  func next() -> InputItem? {
    while head == pending.count {
      pending.removeAll(keepingCapacity: true)
      head = 0
      guard fill() else { return nil }
    }
    defer { head += 1 }
    return pending[head]
  }

  /// Reads the next chunk (or opens the next input); false when nothing is left.
  private func fill() -> Bool {
    if reader == nil {
      guard index < paths.count else { return false }
      let path = paths[index]
      index += 1
      open(path)
      return true
    }
    let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
    if count > 0 {
      buffer.withUnsafeBytes { reader?.feed(UnsafeRawBufferPointer(rebasing: $0[0..<count])) }
      pending += (reader?.takeEvents() ?? []).map { .event($0) }
      return true
    }
    if count < 0 && errno == EINTR { return true }
    if count < 0 {
      pending.append(
        .event(.diagnostics([Self.error("cannot read file: \(Self.reason(errno))", file: name)])))
    }
    reader?.finish()
    pending += (reader?.takeEvents() ?? []).map { .event($0) }
    pending.append(.end(name: name))
    close(descriptor)
    descriptor = -1
    reader = nil
    return true
  }

  private func open(_ path: String) {
    name = path == "-" ? "<stdin>" : path
    pending.append(.start(name: name))
    let fd = Glibc.open(path == "-" ? standardInput?.path ?? "/dev/null" : path, O_RDONLY | O_CLOEXEC)
    var status = stat()
    if fd >= 0, fstat(fd, &status) == 0, status.st_mode & S_IFMT == S_IFDIR {
      close(fd)
      fail("cannot read file: it is a folder, not a file")
      return
    }
    guard fd >= 0 else {
      fail("cannot read file: \(Self.reason(errno))")
      return
    }
    descriptor = fd
    reader = TunebookReader(file: name, includeResolver: includeResolver)
  }

  private func fail(_ message: String) {
    pending.append(.event(.diagnostics([Self.error(message, file: name)])))
    pending.append(.end(name: name))
  }

  static func error(_ message: String, file: String) -> Diagnostic {
    Diagnostic(.error, message, at: SourceRange(SourceLocation(line: 1, column: 1)), file: file)
  }

  static func reason(_ code: Int32) -> String {
    String(cString: strerror(code)).lowercased()
  }
}

/// Standard input copied to a temporary file, so that it can be read more than once.
final class StandardInput {
  /// The copy; removed when the object goes away.
  let path: String

  private init(path: String) {
    self.path = path
  }

  deinit {
    unlink(path)
  }

  /// Copies the console's standard input to a temporary file; throws a one-line reason
  /// when standard input cannot be read (closed, a folder).
  static func spool(from console: Console) throws(InputError) -> StandardInput {
    let path = NSTemporaryDirectory() + "abcpress-stdin-\(getpid())-\(UUID().uuidString).abc"
    let out = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
    guard out >= 0 else {
      throw InputError("cannot copy standard input to \(path): \(InputStream.reason(errno))")
    }
    defer { close(out) }
    let spooled = StandardInput(path: path)
    if let data = console.capturedInput {
      _ = data.withUnsafeBytes { write(out, $0.baseAddress, $0.count) }
      return spooled
    }
    var status = stat()
    guard fstat(0, &status) == 0 else {
      throw InputError("cannot read standard input: \(InputStream.reason(errno))")
    }
    if status.st_mode & S_IFMT == S_IFDIR { throw InputError("cannot read standard input: it is a folder") }
    var buffer = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let count = buffer.withUnsafeMutableBytes { read(0, $0.baseAddress, $0.count) }
      if count == 0 { break }
      if count < 0 {
        if errno == EINTR { continue }
        throw InputError("cannot read standard input: \(InputStream.reason(errno))")
      }
      guard buffer.withUnsafeBytes({ write(out, $0.baseAddress, count) }) == count else {
        throw InputError("cannot copy standard input to \(path): \(InputStream.reason(errno))")
      }
    }
    return spooled
  }
}

/// Inputs that cannot be read at all (exit code 1 with a one-line message).
struct InputError: Error, CustomStringConvertible {
  var description: String
  init(_ description: String) { self.description = description }
}
