import CABCPressSodium
import Foundation

/*
 CacheFolder — the folder of a cache (`--cache DIR`, watch's ~/.cache/abcpress), opened so
 that nobody else can steer what a run reads from it or writes through it.

 Method. The folder is made (mode 0700) if missing and checked as ssh checks ~/.ssh: it
 must be a real folder owned by the user and not writable by group or others, and every
 folder above it must be owned by the user or root and not writable by others unless it
 is sticky (as /tmp is). It is then held open, and everything inside is reached from that
 descriptor with openat(2) and O_NOFOLLOW: a symlink planted at a record or a shard
 folder is never followed, and O_NONBLOCK with an fstat(2) check refuses FIFOs, devices
 and anything not a regular file (or folder) owned by the user — a FIFO cannot hang a run.
 Each record is sealed with a keyed BLAKE2b tag (libsodium) over its name and bytes; the
 32-byte key is the folder's `key` file, made once (0600) from the system's random
 source. A record that is torn, damaged, moved to another name or written by anyone
 without the key reads as missing: the work is done again and the record replaced.
 Writing unlinks the old record and creates the new one with O_EXCL (no rename: on ext4 a
 rename per record made filling the cache ten times slower, and the tag makes a torn
 record harmless), so a hard link or a planted file is never written through.

     DIR/key        32 random bytes, 0600
     DIR/ab/ab12….layout   [16-byte tag][record]

 Limits. A folder refused (loose permissions, another owner, a symlink in its place) is a
 warning and the run goes on without the cache; a cache copied from another account or
 machine is unreadable there (its key stays behind) and simply fills anew.
 */

/// A cache folder checked, held open, with its records sealed by a key only its owner reads.
final class CacheFolder: @unchecked Sendable {
  let path: String
  private let descriptor: Int32
  private let key: [UInt8]
  private let lock = NSLock()
  /// Open shard folders by name (`ab`), -1 for one that cannot be used.
  private var shards: [String: Int32] = [:]
  /// Bytes of the tag in front of each record.
  static let tagSize = 16
  /// The largest record read (a tune's layout or an image).
  static let largestRecord = 1 << 30
  /// The user records must belong to: the process's, asked once (a warm book reads tens
  /// of thousands of records, and each asked the kernel again).
  private let owner = geteuid()

  /// Why a folder is not used as a cache.
  struct Refusal: Error, CustomStringConvertible {
    var description: String
  }

  private init(path: String, descriptor: Int32, key: [UInt8]) {
    self.path = path
    self.descriptor = descriptor
    self.key = key
  }

  deinit {
    close(descriptor)
    for shard in shards.values where shard >= 0 { close(shard) }
  }

  /// The folder at `path`, made if missing, checked and opened; or why it is refused.
  static func open(_ path: String) -> Result<CacheFolder, Refusal> {
    guard sodium_init() >= 0 else { return .failure(Refusal(description: "libsodium cannot start")) }
    do {
      try FileManager.default.createDirectory(
        atPath: path, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    } catch {
      return .failure(Refusal(description: "the folder cannot be made (\(FileErrorText.reason(error)))"))
    }
    guard let real = IncludePolicy.realPath(path) else {
      return .failure(Refusal(description: "the folder cannot be found"))
    }
    if let problem = Self.ancestorProblem(real) { return .failure(Refusal(description: problem)) }
    let folder = Glibc.open(real, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
    guard folder >= 0 else {
      return .failure(Refusal(description: "the folder cannot be opened (\(InputStream.reason(errno)))"))
    }
    if let problem = Self.problem(folder, folder: true, name: real) {
      close(folder)
      return .failure(Refusal(description: problem))
    }
    switch Self.key(in: folder) {
    case .success(let key): return .success(CacheFolder(path: real, descriptor: folder, key: key))
    case .failure(let refusal):
      close(folder)
      return .failure(refusal)
    }
  }

  /// What is wrong with an open file or folder for a cache (nil: nothing): it must be a
  /// regular file (or folder), owned by this user, not writable by group or others.
  private static func problem(_ descriptor: Int32, folder: Bool, name: String) -> String? {
    var info = stat()
    guard fstat(descriptor, &info) == 0 else { return "\(name) cannot be read" }
    let kind = info.st_mode & S_IFMT
    if folder && kind != S_IFDIR { return "\(name) is not a folder" }
    if !folder && kind != S_IFREG { return "\(name) is not a regular file" }
    if info.st_uid != geteuid() { return "\(name) belongs to another user" }
    if info.st_mode & 0o022 != 0 {
      let mode = String(info.st_mode & 0o777, radix: 8)
      return "\(name) is writable by other users (mode \(mode); chmod go-w it)"
    }
    return nil
  }

  /// A folder above the cache that another user could change (rename the cache away and
  /// put their own in its place), or nil.
  private static func ancestorProblem(_ real: String) -> String? {
    var path = real
    while path != "/" {
      path = (path as NSString).deletingLastPathComponent
      var info = stat()
      guard lstat(path, &info) == 0 else { return "\(path) cannot be read" }
      let owned = info.st_uid == 0 || info.st_uid == geteuid()
      let sticky = info.st_mode & UInt32(S_ISVTX) != 0
      if !owned || (info.st_mode & 0o002 != 0 && !sticky) {
        return "\(path), a folder above the cache, can be changed by other users"
      }
    }
    return nil
  }

  /// The folder's key: read, or made when there is none yet.
  private static func key(in folder: Int32) -> Result<[UInt8], Refusal> {
    for _ in 0..<2 {
      let descriptor = openat(folder, "key", O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
      if descriptor >= 0 {
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG, info.st_uid == geteuid(),
          info.st_mode & 0o077 == 0, info.st_size == 32
        else {
          return .failure(
            Refusal(description: "its key file is not a 32-byte file only its owner can read (delete it)"))
        }
        guard let bytes = readAll(descriptor, count: 32) else {
          return .failure(Refusal(description: "its key file cannot be read"))
        }
        return .success(bytes)
      }
      guard errno == ENOENT else {
        return .failure(Refusal(description: "its key file cannot be opened (\(InputStream.reason(errno)))"))
      }
      // Made under a temporary name and linked into place: of two runs making it at once,
      // both use the one linked first.
      var fresh = [UInt8](repeating: 0, count: 32)
      fresh.withUnsafeMutableBytes { randombytes_buf($0.baseAddress!, 32) }
      let temporary = "key.\(getpid()).\(UInt32.random(in: 0...UInt32.max))"
      let made = openat(folder, temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
      guard made >= 0 else {
        return .failure(Refusal(description: "its key file cannot be made (\(InputStream.reason(errno)))"))
      }
      let written = fresh.withUnsafeBytes { Descriptor.writeAll(made, $0) }
      close(made)
      let linked = written && linkat(folder, temporary, folder, "key", 0) == 0
      unlinkat(folder, temporary, 0)
      if linked { return .success(fresh) }
      guard errno == EEXIST else {
        return .failure(Refusal(description: "its key file cannot be made (\(InputStream.reason(errno)))"))
      }
    }
    return .failure(Refusal(description: "its key file keeps changing"))
  }

  private static func readAll(_ descriptor: Int32, count: Int) -> [UInt8]? {
    var bytes = [UInt8](repeating: 0, count: count)
    var done = 0
    while done < count {
      let got = bytes.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress! + done, count - done) }
      if got < 0 && errno == EINTR { continue }
      guard got > 0 else { return nil }
      done += got
    }
    return bytes
  }

  /// The shard folder `name`, opened (and made when `create`), or -1.
  private func shard(_ name: String, create: Bool) -> Int32 {
    lock.lock()
    defer { lock.unlock() }
    if let known = shards[name], known >= 0 || !create { return known }
    var opened = openat(descriptor, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
    if opened < 0 && errno == ENOENT {
      guard create else { return -1 }
      mkdirat(descriptor, name, 0o700)
      opened = openat(descriptor, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
    }
    if opened >= 0, Self.problem(opened, folder: true, name: name) != nil {
      close(opened)
      opened = -1
    }
    shards[name] = opened
    return opened
  }

  /// The record `name` in shard `shardName`, when it is a regular file of this user's whose
  /// tag is right; nil otherwise (missing, planted, damaged: the work is done again).
  func read(_ name: String, shard shardName: String) -> [UInt8]? {
    let folder = shard(shardName, create: false)
    guard folder >= 0 else { return nil }
    let descriptor = openat(folder, name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    var info = stat()
    guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG, info.st_uid == owner,
      info.st_size > Self.tagSize, info.st_size < Self.largestRecord,
      let sealed = Self.readAll(descriptor, count: Int(info.st_size))
    else { return nil }
    let body = Array(sealed[Self.tagSize...])
    guard sodium_memcmp(tag(of: body, name: name), sealed, Self.tagSize) == 0 else { return nil }
    return body
  }

  /// Stores `bytes` as record `name` of shard `shardName`; a failure only means the work is
  /// done again on the next run.
  func write(_ bytes: [UInt8], name: String, shard shardName: String) {
    let folder = shard(shardName, create: true)
    guard folder >= 0 else { return }
    // Whatever is there (a record, a planted link or FIFO) goes; a folder in its place stays.
    if unlinkat(folder, name, 0) != 0 && errno != ENOENT { return }
    let descriptor = openat(folder, name, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else { return }
    defer { close(descriptor) }
    let tag = tag(of: bytes, name: name)
    guard tag.withUnsafeBytes({ Descriptor.writeAll(descriptor, $0) }) else { return }
    bytes.withUnsafeBytes { _ = Descriptor.writeAll(descriptor, $0) }
  }

  /// The tag of a record: BLAKE2b-128 of its bytes under a key made from the folder's key
  /// and the record's name, so a record moved to another name is refused too.
  private func tag(of bytes: [UInt8], name: String) -> [UInt8] {
    var recordKey = [UInt8](repeating: 0, count: 32)
    let nameBytes = Array(name.utf8)
    _ = crypto_generichash(&recordKey, 32, nameBytes, UInt64(nameBytes.count), key, 32)
    var tag = [UInt8](repeating: 0, count: Self.tagSize)
    _ = bytes.withUnsafeBufferPointer {
      crypto_generichash(&tag, Self.tagSize, $0.baseAddress, UInt64($0.count), recordKey, 32)
    }
    return tag
  }
}
