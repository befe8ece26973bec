import Glibc

/// Plain writes to a file descriptor, for the places that avoid FileHandle (the cache's
/// records, standard output, the language server's messages, spooled input).
enum Descriptor {
  /// Writes all of `bytes`, again after interruptions; false when a write fails.
  @discardableResult
  static func writeAll(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) -> Bool {
    var done = 0
    while done < bytes.count {
      let written = Glibc.write(descriptor, bytes.baseAddress! + done, bytes.count - done)
      if written < 0 && errno == EINTR { continue }
      guard written > 0 else { return false }
      done += written
    }
    return true
  }
}
