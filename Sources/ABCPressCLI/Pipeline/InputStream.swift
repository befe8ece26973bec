import ABCParser
import Foundation
import Render
import ScoreModel

/*
 InputStream — the input files, read one after another in chunks, as tune-book events.

 Method. Each input is opened with open(2) and read 256 KiB at a time into a
 `TunebookReader`, whose events are handed out before the next chunk is read: memory holds
 one chunk and one tune, whatever the size of the files. `-` is standard input; it is
 first copied to a temporary file (`StandardInput.spool`), so that a run can read its
 inputs twice (a first pass that counts pages) and so that a closed or unreadable
 standard input becomes one clear diagnostic. An input that cannot be read (missing,
 a folder, a device that fails) or is plainly not ABC (`ContentSniffer`: a PDF, an image,
 a binary) is one error diagnostic at 1:1 and the next input is read. A MusicXML input
 (plain or `.mxl`) is read whole into the score model (`MusicXMLInput`): one tune,
 whose source is the model itself, not ABC text.

     inputs a.abc, b.abc → .start(a) .event… .end(a) .start(b) .event… .end(b)

 Limits. Inputs are read in the order given; `I:abc-include` files are read whole.
 */

/// One thing an input stream hands out.
enum InputItem {
  /// An input begins; `name` is how diagnostics name it.
  case start(name: String)
  /// A book's section begins (a subfolder): the files after it form it.
  case section(String)
  /// A book file's set heading, directives and page break.
  case set(String)
  case directives([Directive])
  case pageBreak
  case formatScope(FormatScope)
  /// The next input's tunes are only those `selection` takes (a book file's `tunes:` line).
  case selection(TuneSelection?)
  case event(TunebookEvent)
  /// The input ended (or could not be read: a diagnostic event came first).
  case end(name: String)
}

/// Reads the inputs of a run, in order, in bounded memory.
final class InputStream {
  static let chunkSize = 256 * 1024
  private let entries: [InputEntry]
  /// Whether `abc-include` lines are followed (under `IncludePolicy`).
  private let followsIncludes: Bool
  private let standardInput: StandardInput?
  private var index = 0
  /// Whether the last input opened had a selection of its own.
  private var selecting = false
  private var descriptor: Int32 = -1
  private var reader: TunebookReader?
  private var name = ""
  private var pending: [InputItem] = []
  private var head = 0
  private var buffer = [UInt8](repeating: 0, count: chunkSize)
  /// Bytes the current input may still give.
  private var remaining = Int.max
  /// The next chunk is the input's first: it is checked for being ABC at all.
  private var isFirstChunk = false

  /// A stream over `paths`, reading `-` from the spooled `standardInput`; each input's
  /// includes are read under its own `IncludePolicy`. `sections`: folders are read as a
  /// book reads them, each subfolder a section (`InputPaths.bookEntries`).
  init(
    paths: [String], standardInput: StandardInput?, followsIncludes: Bool = true, sections: Bool = false,
    entries: [InputEntry]? = nil
  ) {
    self.entries =
      entries
      ?? (sections
        ? InputPaths.bookEntries(paths)
        : InputPaths.expand(paths, recursive: RunOptions.current.recursive).map(InputEntry.file))
    self.standardInput = standardInput
    self.followsIncludes = followsIncludes
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
      guard index < entries.count else { return false }
      let entry = entries[index]
      index += 1
      switch entry {
      case .file(let path):
        if selecting { pending.append(.selection(nil)) }
        selecting = false
        open(path)
      case .selected(let path, let selection):
        pending.append(.selection(selection))
        selecting = true
        open(path)
      case .section(let title): pending.append(.section(title))
      case .set(let title): pending.append(.set(title))
      case .directives(let directives): pending.append(.directives(directives))
      case .pageBreak: pending.append(.pageBreak)
      case .formatScope(let edge): pending.append(.formatScope(edge))
      }
      return true
    }
    let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
    if count > remaining {
      pending.append(
        .event(
          .diagnostics([
            Self.error(
              "input larger than \(Limits.standardInputSize >> 20) MB from a pipe; the rest is not read",
              file: name)
          ])))
      remaining = 0
      return finishInput()
    }
    if count > 0 && isFirstChunk {
      isFirstChunk = false
      let verdict = buffer.withUnsafeBytes {
        ContentSniffer.notABC(UnsafeRawBufferPointer(rebasing: $0[0..<count]))
      }
      if let verdict {
        close(descriptor)
        descriptor = -1
        reader = nil
        fail(verdict)
        return true
      }
      if buffer.withUnsafeBytes({ ContentSniffer.isMusicXML(UnsafeRawBufferPointer(rebasing: $0[0..<count])) }
      ) {
        return convertMusicXML(first: Array(buffer[0..<count]))
      }
    }
    if count > 0 {
      remaining -= count
      buffer.withUnsafeBytes { reader?.feed(UnsafeRawBufferPointer(rebasing: $0[0..<count])) }
      pending += (reader?.takeEvents() ?? []).map { .event($0) }
      return true
    }
    if count < 0 && errno == EINTR { return true }
    if count < 0 {
      pending.append(
        .event(.diagnostics([Self.error("cannot read file: \(Self.reason(errno))", file: name)])))
    }
    return finishInput()
  }

  /// Ends the current input: the reader's last events, then `.end`.
  private func finishInput() -> Bool {
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
    if path == "-", let failure = standardInput?.failure {
      fail("cannot read file: \(failure)")
      return
    }
    let fd = Glibc.open(path == "-" ? standardInput?.path ?? "/dev/null" : path, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else {
      fail("cannot read file: \(Self.reason(errno))")
      return
    }
    var status = stat()
    let kind = fstat(fd, &status) == 0 ? status.st_mode & S_IFMT : S_IFREG
    if kind == S_IFDIR || kind == S_IFCHR || kind == S_IFBLK || kind == S_IFSOCK {
      close(fd)
      fail(
        kind == S_IFDIR
          ? "cannot read folder: it holds no .abc files\(RunOptions.current.recursive ? "" : " (--recursive reads its subfolders)")"
          : "cannot read file: it is a device, not a file")
      return
    }
    // A regular file is read to its end whatever its size (memory stays bounded); a pipe
    // stops at the standard-input limit, so an endless one cannot run forever.
    remaining = kind == S_IFREG ? Int.max : Limits.standardInputSize
    descriptor = fd
    isFirstChunk = true
    reader = TunebookReader(
      file: name, includeResolver: followsIncludes ? IncludePolicy(input: path).resolver() : nil)
  }

  /// Reads the rest of a MusicXML input and hands on its score as one tune.
  private func convertMusicXML(first: [UInt8]) -> Bool {
    var bytes = first
    while bytes.count <= Limits.musicXMLSize {
      let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      if count > 0 {
        bytes += buffer[0..<count]
      } else if count < 0 && errno == EINTR {
        continue
      } else {
        break
      }
    }
    let failure: Diagnostic
    // Supervised runs name the input while it is converted: should the importer crash, the
    // next attempt skips this input and makes the others.
    let identity = CrashReporter.identity(line: 0, file: name)
    if bytes.count > Limits.musicXMLSize {
      failure = Self.error("MusicXML input larger than \(Limits.musicXMLSize >> 20) MB; not read", file: name)
    } else if CrashReporter.failedTunes.contains(identity) {
      failure = Self.error(
        "internal error while reading this MusicXML input (it stopped the program); skipped", file: name)
    } else {
      CrashReporter.begin(identity)
      let imported = MusicXMLInput.read(bytes, file: name)
      CrashReporter.end()
      switch imported {
      case .success(let imported):
        if !imported.warnings.isEmpty { pending.append(.event(.diagnostics(imported.warnings))) }
        pending.append(.event(.header(TunebookHeader(file: name))))
        pending.append(.event(.tune(imported.source)))
        reader = nil
        return finishInput()
      case .failure(let problem):
        failure = MusicXMLInput.diagnostic(problem, file: name)
      }
    }
    close(descriptor)
    descriptor = -1
    reader = nil
    pending.append(.event(.diagnostics([failure])))
    pending.append(.end(name: name))
    return true
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
  /// The run's copy, for quoting its lines in diagnostics.
  nonisolated(unsafe) static weak var latest: StandardInput?
  /// Why standard input could not be read (closed, a folder, too large), if it could not.
  let failure: String?

  private init(path: String, failure: String?) {
    self.path = path
    self.failure = failure
    Self.latest = self
  }

  deinit {
    unlink(path)
    TemporaryFiles.unregister(path)
  }

  /// Copies the console's standard input to a temporary file; a standard input that
  /// cannot be read gives an object with a `failure` (reported as the input's error).
  static func spool(from console: Console) -> StandardInput {
    let path = NSTemporaryDirectory() + "abcpress-stdin-\(getpid())-\(UUID().uuidString).abc"
    TemporaryFiles.register(path)
    let out = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
    guard out >= 0 else {
      return StandardInput(
        path: path, failure: "cannot copy standard input to \(path): \(InputStream.reason(errno))")
    }
    defer { close(out) }
    if let data = console.capturedInput {
      _ = data.withUnsafeBytes { write(out, $0.baseAddress, $0.count) }
      return StandardInput(path: path, failure: nil)
    }
    if InterruptCleanup.standardInputWasClosed {
      return StandardInput(path: path, failure: "standard input is closed")
    }
    return StandardInput(path: path, failure: copy(to: out, path: path))
  }

  /// Copies standard input to `out`; returns why it failed, if it did.
  private static func copy(to out: Int32, path: String) -> String? {
    var total = 0
    var buffer = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let count = buffer.withUnsafeMutableBytes { read(STDIN_FILENO, $0.baseAddress, $0.count) }
      if count == 0 { return nil }
      if count > 0 {
        total += count
        guard total <= Limits.standardInputSize else {
          return "standard input is larger than \(Limits.standardInputSize >> 20) MB"
        }
        guard buffer.withUnsafeBytes({ write(out, $0.baseAddress, count) }) == count else {
          return "cannot copy standard input to \(path): \(InputStream.reason(errno))"
        }
        continue
      }
      switch errno {
      case EINTR: continue
      case EAGAIN:
        var request = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
        _ = poll(&request, 1, -1)
      case EBADF: return "standard input is closed"
      case EISDIR: return "standard input is a folder"
      case let code: return "cannot read standard input: \(InputStream.reason(code))"
      }
    }
  }
}

/// Inputs that cannot be read at all (exit code 1 with a one-line message).
struct InputError: Error, CustomStringConvertible {
  var description: String
  init(_ description: String) { self.description = description }
}
