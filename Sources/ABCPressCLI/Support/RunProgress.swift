import Foundation

/*
 RunProgress — how far a run has got, on standard error, and its summary at the end.

 Method. The pipelines count each tune as its result is taken in book order (`tuneDone`),
 the outputs count pages and files, the diagnostic reporters count warnings and errors.
 On a terminal one line is redrawn at most five times a second: tunes done, the rate and,
 when the total is known (the `X:` lines of the input files, counted before the run), the
 time left. When standard error is not a terminal (a log, CI), a plain line every ten
 seconds instead, so short runs print none. At the end one summary line, e.g.

     abcpress: 9602 tunes, 6438 pages, 155 warnings, 129 errors in 4.8 s

 `--quiet` turns both off (diagnostics still print).

 Limits. The total counts `X:` lines (on a terminal only), so `--select` and `--shard` runs
 show no time left.
 */

/// Counts a run's tunes, pages, files and problems, and reports them.
final class RunProgress: @unchecked Sendable {
  private let lock = NSLock()
  private let console: Console
  private let live: Bool
  /// Whether the progress line is drawn on a terminal (only then is the total counted).
  var isLive: Bool { live }
  private let quiet: Bool
  private let started = Date()
  private var lastDrawn = Date.distantPast
  private var drewLine = false
  private(set) var tunes = 0
  private(set) var pages = 0
  private(set) var files = 0
  private(set) var warnings = 0
  private(set) var errors = 0
  /// The tunes the inputs hold, when counted.
  var total: Int?

  init(console: Console, quiet: Bool) {
    self.console = console
    self.quiet = quiet
    live = !quiet && console.isTerminal(STDERR_FILENO)
  }

  @TaskLocal static var current: RunProgress?

  func tuneDone() {
    lock.withLock { tunes += 1 }
    draw()
  }

  func add(pages count: Int) { lock.withLock { pages += count } }
  func add(files count: Int) { lock.withLock { files += count } }

  func counted(warnings: Int, errors: Int) {
    lock.withLock {
      self.warnings += warnings
      self.errors += errors
    }
  }

  private func draw() {
    guard !quiet else { return }
    let now = Date()
    let interval = live ? 0.2 : 10
    let (done, total) = lock.withLock { (tunes, self.total) }
    guard now.timeIntervalSince(lastDrawn) >= interval, now.timeIntervalSince(started) >= (live ? 0.5 : 10)
    else { return }
    lastDrawn = now
    let elapsed = now.timeIntervalSince(started)
    let rate = Double(done) / max(elapsed, 0.001)
    var text = "abcpress: \(done)\(total.map { " of \($0)" } ?? "") tunes, \(Int(rate.rounded()))/s"
    if let total, total > done, rate > 0 { text += ", \(Self.clock(Double(total - done) / rate)) left" }
    if live {
      console.error("\r\u{1B}[K" + text, newline: false)
      drewLine = true
    } else {
      console.error(text)
    }
  }

  /// Clears the live line, so a diagnostic printed next starts at the line's start.
  func clearLine() {
    guard drewLine else { return }
    console.error("\r\u{1B}[K", newline: false)
    drewLine = false
  }

  /// Clears the live line and prints the summary.
  func finish() {
    clearLine()
    guard !quiet else { return }
    let seconds = Date().timeIntervalSince(started)
    var parts = ["\(tunes) tune\(tunes == 1 ? "" : "s")"]
    if pages > 0 { parts.append("\(pages) page\(pages == 1 ? "" : "s")") }
    if files > 0 { parts.append("\(files) file\(files == 1 ? "" : "s")") }
    parts.append("\(warnings) warning\(warnings == 1 ? "" : "s")")
    parts.append("\(errors) error\(errors == 1 ? "" : "s")")
    console.error("abcpress: " + parts.joined(separator: ", ") + " in " + String(format: "%.1f s", seconds))
  }

  /// `m:ss` or `h:mm:ss`.
  static func clock(_ seconds: Double) -> String {
    let total = Int(seconds.rounded())
    let (hours, minutes, rest) = (total / 3600, total / 60 % 60, total % 60)
    return hours > 0
      ? String(format: "%d:%02d:%02d", hours, minutes, rest) : String(format: "%d:%02d", minutes, rest)
  }

  /// The `X:` lines of the regular files among `paths` (nil when one is standard input).
  static func countTunes(in paths: [String]) -> Int? {
    var count = 0
    for path in paths {
      guard path != "-", let found = tuneLines(in: path, atMost: .max) else { return nil }
      count += found
    }
    return count
  }

  /// The lines of a file that start with `X:`, counted up to `limit` (read in chunks, so a
  /// caller that needs only to know "more than one" reads no further); nil when the file
  /// cannot be read.
  static func tuneLines(in path: String, atMost limit: Int) -> Int? {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    var buffer = [UInt8](repeating: 0, count: 1 << 16)
    var count = 0
    var previous: UInt8 = 10
    var lineStartsWithX = false
    while count < limit {
      let read = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
      if read < 0 && errno == EINTR { continue }
      guard read > 0 else { return read == 0 ? count : nil }
      for byte in buffer[..<read] {
        if lineStartsWithX && byte == UInt8(ascii: ":") { count += 1 }
        lineStartsWithX = previous == 10 && byte == UInt8(ascii: "X")
        previous = byte
      }
    }
    return count
  }

}
