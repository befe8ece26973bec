import Book
import Foundation
import ScoreModel

/// The abcm2ps format files `%%format` names, each read once: kept by real path, size and
/// date (the last `kept` of them), so a file named in the header of a book of thousands of
/// tunes, or by every tune, is read and split into directives once, not once a tune. All
/// the files a run reads together stay within `Limits.includeTotalSize`: the budget is the
/// run's (a command's; for the editor's servers, one check or render), not a tune's.
final class FormatFiles: @unchecked Sendable {
  static let shared = FormatFiles()
  static let kept = 32
  private let lock = NSLock()
  private var memo: [String: (size: Int, modified: timespec, directives: [Directive])] = [:]
  private var order: [String] = []
  private let budget = ByteBudget()

  /// Starts a run: its budget is whole again (the files kept stay kept).
  func beginRun() {
    budget.refill()
  }

  /// The directives of the format file `name`, as `includingFile` names it, read under
  /// `policy`'s rules; or why it cannot be read.
  func directives(_ name: String, includingFile: String?, policy: IncludePolicy) -> Result<
    [Directive], IncludeRefusal
  > {
    guard let path = IncludePolicy.realPath(IncludePolicy.candidate(name, includingFile: includingFile))
    else {
      return .failure(IncludeRefusal(String(cString: strerror(errno)).lowercased()))
    }
    if let refusal = policy.refusal(ofRealPath: path) { return .failure(IncludeRefusal(refusal)) }
    var info = stat()
    if stat(path, &info) == 0, let known = lock.withLock({ memo[path] }), known.size == Int(info.st_size),
      known.modified.tv_sec == info.st_mtim.tv_sec, known.modified.tv_nsec == info.st_mtim.tv_nsec
    {
      return .success(known.directives)
    }
    switch IncludePolicy.readRegularFile(path) {
    case .failure(let refusal): return .failure(refusal)
    case .success(let bytes):
      guard budget.take(bytes.count) else {
        return .failure(
          IncludeRefusal(
            "the format files of this run would read more than \(Limits.includeTotalSize >> 20) MB"))
      }
      let directives = FormatFile.directives(in: SourceDecoder.decode(Data(bytes)))
      lock.withLock {
        if memo[path] == nil { order.append(path) }
        memo[path] = (bytes.count, info.st_mtim, directives)
        while order.count > Self.kept { memo[order.removeFirst()] = nil }
      }
      return .success(directives)
    }
  }
}
