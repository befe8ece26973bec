import Foundation

/// Output files written under temporary names beside their destinations and renamed into
/// place only when all of them are complete, so a failed run leaves no truncated file.
final class AtomicOutput {
  private var pending: [(temporary: URL, destination: URL)] = []

  /// A fresh temporary path in the destination's directory (rename stays on one file system).
  func temporaryURL(for destination: URL) -> URL {
    let temporary = TemporaryFiles.path(beside: destination)
    pending.append((temporary, destination))
    TemporaryFiles.register(temporary.path)
    return temporary
  }

  /// Renames every temporary file to its destination, replacing older files.
  func commit() throws {
    while let (temporary, destination) = pending.first {
      guard rename(temporary.path, destination.path) == 0 else {
        throw RenderError.io(path: destination.path, reason: TemporaryFiles.reason(errno))
      }
      TemporaryFiles.unregister(temporary.path)
      pending.removeFirst()
    }
  }

  /// Deletes temporary files not yet committed.
  func discard() {
    for (temporary, _) in pending {
      try? FileManager.default.removeItem(at: temporary)
      TemporaryFiles.unregister(temporary.path)
    }
    pending.removeAll()
  }

  deinit {
    discard()
  }
}
