import ABCParser
import Foundation
import ScoreModel

/*
 IncludePolicy — which files `I:abc-include` may read, and how much.

 Method. The resolver turns a name into a path next to the including file (or the
 current folder for standard input), resolves symlinks and `..` with realpath(3), and
 reads it only when
 - the real path lies under an allowed root: the input file's own folder, plus each
   folder given with `--include-path DIR[:DIR…]` (itself resolved the same way);
 - it is a regular file (never a folder, FIFO, socket or device such as /dev/zero or
   /dev/stdin) and not under /proc, /sys or /dev;
 - it is at most `Limits.includeFileSize` bytes, and all files read for one input stay
   within `Limits.includeTotalSize` bytes.
 The file is opened non-blocking and checked again with fstat(2) before it is read, and
 at most one byte past the size limit is ever read, so a file swapped for a FIFO or a
 growing file cannot hang or flood the engine. Cycles, repeats, nesting depth and the
 number of includes are the parser's (`IncludeExpander`).

     /music/set.abc:  I:abc-include tunes/reel.abc   → /music/tunes/reel.abc, read
                      I:abc-include ../etc/passwd    → refused: outside /music
                      I:abc-include /dev/zero        → refused: not a regular file

 Limits. A root is fixed per input file: an included file in a sub-folder may include
 its siblings' files anywhere under the input's folder, not only under its own.
 */

/// Where `abc-include` may read from, and the resolver that enforces it.
struct IncludePolicy: Sendable {
  /// Allowed folders, as real paths.
  let roots: [String]

  /// The option that adds allowed folders, and its help line.
  static let optionName = "--include-path"
  static let help =
    "  --include-path <dirs>   Folders abc-include may also read from (colon-separated; by default only\n"
    + "                          the input file's folder)."

  /// The extra roots the current command was given with `--include-path` (bound by
  /// `CommandLineTool.dispatch` while a command runs).
  @TaskLocal static var extraRoots: [String] = []

  /// The policy for one input: its folder (the current folder for standard input, `-`)
  /// and `extraRoots`.
  init(input: String?, extraRoots: [String] = IncludePolicy.extraRoots) {
    let folder =
      input.flatMap { $0 == "-" ? nil : URL(fileURLWithPath: $0).deletingLastPathComponent().path }
      ?? FileManager.default.currentDirectoryPath
    roots = ([Self.realPath(folder)].compactMap { $0 }) + extraRoots
  }

  init(roots: [String]) {
    self.roots = roots.compactMap(Self.realPath)
  }

  /// A policy over roots that are real paths already.
  init(realRoots: [String]) {
    roots = realRoots
  }

  /// The real paths of `--include-path`'s colon-separated folders; a missing or
  /// non-folder entry is a usage error.
  static func roots(fromOption value: String?) throws(UsageError) -> [String] {
    guard let value else { return [] }
    var roots: [String] = []
    for entry in value.split(separator: ":").map(String.init) where !entry.isEmpty {
      var isFolder: ObjCBool = false
      guard FileManager.default.fileExists(atPath: entry, isDirectory: &isFolder), isFolder.boolValue,
        let real = realPath(entry)
      else {
        throw UsageError("--include-path: '\(entry)' is not a folder")
      }
      roots.append(real)
    }
    return roots
  }

  /// A resolver for one input file's includes (it counts the bytes it reads).
  func resolver() -> ABCParser.IncludeResolver {
    let reader = IncludeReader(roots: roots)
    return { name, includingFile in reader.resolve(name, includingFile: includingFile) }
  }

  /// `path` with symlinks, `.` and `..` resolved; nil when it does not exist.
  static func realPath(_ path: String) -> String? {
    guard let resolved = realpath(path, nil) else { return nil }
    defer { free(resolved) }
    return String(cString: resolved)
  }
}

extension IncludePolicy {
  /// The path a name given in `includingFile` stands for (before symlinks are resolved).
  static func candidate(_ name: String, includingFile: String?) -> String {
    var folder = FileManager.default.currentDirectoryPath
    if let includingFile, includingFile != "<stdin>" {
      folder = URL(fileURLWithPath: includingFile).deletingLastPathComponent().path
    }
    return name.hasPrefix("/") ? name : folder + "/" + name
  }

  /// Why the file at `path` (a real path) may not be read under this policy; nil when it may.
  func refusal(ofRealPath path: String) -> String? {
    for system in ["/proc", "/sys", "/dev"] where path == system || path.hasPrefix(system + "/") {
      return "not a regular file"
    }
    guard roots.contains(where: { path == $0 || path.hasPrefix($0 == "/" ? "/" : $0 + "/") }) else {
      return "outside the input's folder (allow more folders with --include-path)"
    }
    return nil
  }

  /// The bytes of the regular file at `path`, at most `Limits.includeFileSize` of them:
  /// opened non-blocking and checked with fstat(2), so a FIFO or device cannot hang the
  /// run, and never more than one byte past the limit read.
  static func readRegularFile(_ path: String) -> Result<[UInt8], IncludeRefusal> {
    let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
    guard descriptor >= 0 else {
      return .failure(IncludeRefusal(String(cString: strerror(errno)).lowercased()))
    }
    defer { close(descriptor) }
    var status = stat()
    guard fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else {
      return .failure(IncludeRefusal("not a regular file"))
    }
    let limit = Limits.includeFileSize
    guard Int(status.st_size) <= limit else {
      return .failure(IncludeRefusal("larger than \(limit >> 20) MB"))
    }
    var bytes = [UInt8](repeating: 0, count: Int(status.st_size) + 1)
    var count = 0
    while count < bytes.count {
      let got = bytes.withUnsafeMutableBytes { buffer in
        Foundation.read(descriptor, buffer.baseAddress.map { $0 + count }, buffer.count - count)
      }
      if got < 0 && errno == EINTR { continue }
      guard got > 0 else { break }
      count += got
    }
    guard count <= limit, count < bytes.count else {
      return .failure(IncludeRefusal("larger than \(limit >> 20) MB"))
    }
    return .success(Array(bytes[0..<count]))
  }
}

/// A number of bytes that reads may take from, shared by threads (the includes of one
/// input, the format files of one run).
final class ByteBudget: @unchecked Sendable {
  let limit: Int
  private let lock = NSLock()
  private var taken = 0

  init(limit: Int = Limits.includeTotalSize) { self.limit = limit }

  /// Takes `count` bytes; false (nothing taken) when they would pass the limit.
  func take(_ count: Int) -> Bool {
    lock.withLock {
      guard taken + count <= limit else { return false }
      taken += count
      return true
    }
  }

  /// The whole budget again.
  func refill() { lock.withLock { taken = 0 } }
}

/// Why an included file was not read, in the user's words.
struct IncludeRefusal: Error {
  var reason: String
  init(_ reason: String) { self.reason = reason }
}

/// Reads included files for one input under an `IncludePolicy`, keeping the byte budget.
private final class IncludeReader: @unchecked Sendable {
  let policy: IncludePolicy
  private let budget = ByteBudget()

  init(roots: [String]) { policy = IncludePolicy(realRoots: roots) }

  func resolve(_ name: String, includingFile: String?) -> ABCParser.IncludeResolution {
    guard let path = IncludePolicy.realPath(IncludePolicy.candidate(name, includingFile: includingFile))
    else {
      return .refused(String(cString: strerror(errno)).lowercased())
    }
    if let refusal = policy.refusal(ofRealPath: path) { return .refused(refusal) }
    switch IncludePolicy.readRegularFile(path) {
    case .failure(let refusal): return .refused(refusal.reason)
    case .success(let bytes):
      guard budget.take(bytes.count) else {
        return .refused("the includes of this input would read more than \(Limits.includeTotalSize >> 20) MB")
      }
      return .file(path: path, text: SourceDecoder.decode(Data(bytes)))
    }
  }
}
