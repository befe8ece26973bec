import Foundation
import Render

/*
 EditorFile — how the editor reads and saves a user's file: the text changes and nothing
 else does.

 Method. Reading opens the file non-blocking and reads it only when fstat(2) says it is a
 regular file (a FIFO or device named `*.abc` is never read), decodes it as the command
 line does (UTF-8, or Latin-1 when it is not valid UTF-8 or declares `abc-charset
 iso-8859-1`) and notes its line ends. Saving writes the text back in the file's own
 encoding and line ends (a character Latin-1 cannot hold is refused, and the page asks
 whether to save as UTF-8), through a symlink to its target, and:
 1. keeps the old text as `NAME.abc~`: written to a new file that is then renamed over the
    old backup, so a full disk leaves the previous backup whole; a folder, link or other
    non-regular file in the backup's place is refused, never deleted;
 2. writes the new text to a new file in the target's folder with the old file's mode,
    owner and group, and renames it over the target — or, when the file has other hard
    links or its owner and group cannot be given to a new file, writes in place after
    reserving the space (fallocate), so links and ownership stay.
 Every failure is a reason in the user's words, and the file is as it was (in place: as
 it was, or, past the reservation, its old text is in the backup).

     save "tune.abc" (0600, 2 links, Latin-1) → tune.abc~ (copy), tune.abc rewritten in place,
                                                 still 0600, 2 links, Latin-1

 Limits. Extended attributes and ACLs are not carried to a file made anew; a file another
 program changes between the backup and the rename loses that change (the page warns of
 changes on disk before saving).
 */

/// Reading and saving the editor's files without changing anything but their text.
enum EditorFile {
  /// How a file's bytes became text, so that saving gives the same kind of bytes.
  struct Form: Equatable {
    var latin1 = false
    var crlf = false
  }

  /// Why a file cannot be read or saved, in the user's words.
  struct Failure: Error, CustomStringConvertible {
    var description: String
    /// The text cannot be written in the file's encoding (the page may ask to convert).
    var unencodable = false
  }

  /// The largest file the editor opens (its text, sent back as JSON, fits the server's
  /// largest request).
  static let largest = 16 << 20

  /// The bytes of the regular file at `path` (at most `largest`), never blocking.
  static func bytes(_ path: String) throws(Failure) -> [UInt8] {
    let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
    guard descriptor >= 0 else { throw Failure(description: TemporaryFiles.reason(errno)) }
    defer { close(descriptor) }
    var info = stat()
    guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
      throw Failure(description: "not a regular file")
    }
    guard info.st_size <= largest else {
      throw Failure(description: "larger than \(largest >> 20) MB, more than the editor opens")
    }
    var bytes = [UInt8](repeating: 0, count: Int(info.st_size))
    var done = 0
    while done < bytes.count {
      let got = bytes.withUnsafeMutableBytes {
        Glibc.read(descriptor, $0.baseAddress! + done, $0.count - done)
      }
      if got < 0 && errno == EINTR { continue }
      guard got > 0 else { break }
      done += got
    }
    return Array(bytes.prefix(done))
  }

  /// The text of a file and its form, decoded as the command line decodes it; refused when
  /// it is plainly not text.
  static func read(_ path: String) throws(Failure) -> (text: String, form: Form) {
    let data = try bytes(path)
    if let verdict = ContentSniffer.notABC(data.prefix(ContentSniffer.window)),
      !ContentSniffer.isMusicXML(data.prefix(ContentSniffer.window))
    {
      throw Failure(description: verdict)
    }
    return decode(data)
  }

  static func decode(_ data: [UInt8]) -> (text: String, form: Form) {
    let raw = Data(data)
    let text = SourceDecoder.decode(raw)
    var form = Form()
    form.latin1 = SourceDecoder.declaresLatin1(raw) || String(validating: raw, as: UTF8.self) == nil
    var crlf = 0
    var lf = 0
    for (index, byte) in data.enumerated() where byte == 0x0A {
      if index > 0 && data[index - 1] == 0x0D { crlf += 1 } else { lf += 1 }
    }
    form.crlf = crlf > lf
    return (text, form)
  }

  /// `text` as the bytes of a file of `form` (line ends as LF or CR LF); refused when a
  /// character has no Latin-1 byte.
  static func encode(_ text: String, _ form: Form) throws(Failure) -> [UInt8] {
    var lines = text
    if form.crlf {
      lines = text.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\n", with: "\r\n")
    }
    guard form.latin1 else { return Array(lines.utf8) }
    var bytes: [UInt8] = []
    bytes.reserveCapacity(lines.utf8.count)
    var line = 1
    for scalar in lines.unicodeScalars {
      guard scalar.value <= 0xFF else {
        throw Failure(
          description:
            "line \(line) has '\(Character(scalar))', which the file's encoding (Latin-1, ISO-8859-1) cannot hold",
          unencodable: true)
      }
      if scalar == "\n" { line += 1 }
      bytes.append(UInt8(scalar.value))
    }
    return bytes
  }

  /// Saves `text` to the file at `path` as described above (`convertToUTF8`: a Latin-1
  /// file becomes UTF-8, unless it declares Latin-1). Returns its new modification time.
  static func save(_ text: String, to path: String, convertToUTF8: Bool = false) throws(Failure) -> Double {
    // The file a symlink names is the one saved; the backup stays beside the served name.
    let target = IncludePolicy.realPath(path) ?? path
    var info = stat()
    let exists = lstat(target, &info) == 0
    if exists && info.st_mode & S_IFMT != S_IFREG {
      throw Failure(description: "\((path as NSString).lastPathComponent) is not a regular file")
    }
    let old = exists ? try bytes(target) : []
    var form = exists ? decode(old).form : Form()
    if convertToUTF8 && form.latin1 {
      guard !SourceDecoder.declaresLatin1(Data(old)) else {
        throw Failure(
          description:
            "the file declares abc-charset iso-8859-1: remove that line to save it as UTF-8")
      }
      form.latin1 = false
    }
    let new = try encode(text, form)
    if exists { try backup(old, of: path, mode: info.st_mode & 0o7777) }
    if exists && (info.st_nlink > 1 || !canGiveOwnership(info)) {
      try writeInPlace(new, to: target, backup: (path as NSString).lastPathComponent + "~")
    } else {
      try replace(target, with: new, like: exists ? info : nil)
    }
    return EditorService.modified(target)
  }

  /// Whether a new file can be given `info`'s owner and group.
  private static func canGiveOwnership(_ info: stat) -> Bool {
    geteuid() == 0 || (info.st_uid == geteuid() && (info.st_gid == getegid() || isMember(of: info.st_gid)))
  }

  private static func isMember(of group: gid_t) -> Bool {
    let count = getgroups(0, nil)
    guard count > 0 else { return false }
    var groups = [gid_t](repeating: 0, count: Int(count))
    return getgroups(count, &groups) >= 0 && groups.contains(group)
  }

  /// The old text kept as `NAME.abc~`, by a new file renamed over the old backup.
  private static func backup(_ bytes: [UInt8], of path: String, mode: mode_t) throws(Failure) {
    let backup = path + "~"
    let name = (backup as NSString).lastPathComponent
    var info = stat()
    if lstat(backup, &info) == 0 && info.st_mode & S_IFMT != S_IFREG {
      let kind =
        info.st_mode & S_IFMT == S_IFDIR
        ? "a folder" : info.st_mode & S_IFMT == S_IFLNK ? "a link" : "not a file"
      throw Failure(
        description: "not saved: \(name), where the old text is kept, is \(kind); move it away and save again"
      )
    }
    do {
      try write(bytes, beside: backup, mode: mode, owner: nil)
    } catch {
      throw Failure(
        description: "not saved: the old text could not be kept as \(name) (\(error.description))")
    }
  }

  /// Replaces `target` by a new file holding `bytes`, with the old file's mode and owners.
  private static func replace(_ target: String, with bytes: [UInt8], like old: stat?) throws(Failure) {
    do {
      try write(bytes, beside: target, mode: old.map { $0.st_mode & 0o7777 } ?? 0o644, owner: old)
    } catch {
      throw Failure(description: "not saved: \(error.description); the file is as it was")
    }
  }

  /// Writes `bytes` to a new file in `destination`'s folder and renames it to `destination`.
  private static func write(_ bytes: [UInt8], beside destination: String, mode: mode_t, owner: stat?)
    throws(Failure)
  {
    let temporary = TemporaryFiles.path(beside: URL(fileURLWithPath: destination)).path
    let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else { throw Failure(description: TemporaryFiles.reason(errno)) }
    var failure: Int32 = 0
    if let owner, fchown(descriptor, owner.st_uid, owner.st_gid) != 0 { failure = errno }
    if failure == 0, fchmod(descriptor, mode) != 0 { failure = errno }
    if failure == 0, !bytes.withUnsafeBytes({ Descriptor.writeAll(descriptor, $0) }) { failure = errno }
    if failure == 0, fsync(descriptor) != 0 { failure = errno }
    close(descriptor)
    if failure == 0, rename(temporary, destination) != 0 { failure = errno }
    guard failure == 0 else {
      unlink(temporary)
      throw Failure(description: TemporaryFiles.reason(failure))
    }
  }

  /// Rewrites a file in place: its space reserved first, so a full disk fails before any
  /// byte changes.
  private static func writeInPlace(_ bytes: [UInt8], to target: String, backup: String) throws(Failure) {
    let descriptor = open(target, O_WRONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
    guard descriptor >= 0 else {
      throw Failure(description: "not saved: \(TemporaryFiles.reason(errno)); the file is as it was")
    }
    defer { close(descriptor) }
    let reserved = posix_fallocate(descriptor, 0, off_t(max(bytes.count, 1)))
    if reserved != 0 && reserved != EOPNOTSUPP && reserved != EINVAL {
      throw Failure(description: "not saved: \(TemporaryFiles.reason(reserved)); the file is as it was")
    }
    var done = 0
    while done < bytes.count {
      let count = bytes.withUnsafeBytes {
        pwrite(descriptor, $0.baseAddress! + done, $0.count - done, off_t(done))
      }
      if count < 0 && errno == EINTR { continue }
      guard count > 0 else {
        throw Failure(
          description: "not saved: \(TemporaryFiles.reason(errno)); the old text is in \(backup)")
      }
      done += count
    }
    guard ftruncate(descriptor, off_t(bytes.count)) == 0, fsync(descriptor) == 0 else {
      throw Failure(description: "not saved: \(TemporaryFiles.reason(errno))")
    }
  }
}
