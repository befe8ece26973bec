import CABCPressFontconfig
import Foundation

/// The system's font configuration, loaded early.
public enum FontSystem {
  /// Whether a background load was started, and whether it is over.
  private static let state = NSCondition()
  nonisolated(unsafe) private static var started = false
  nonisolated(unsafe) private static var finished = false

  /// Starts loading fontconfig's configuration and font caches on a thread of its own (a
  /// few milliseconds of XML and cache files), so the work overlaps reading the music font
  /// and the input instead of following them. Whoever needs fontconfig first waits for it
  /// (`waitUntilReady`): fontconfig's lazy start is thread-safe, but two threads asking at
  /// once each build a whole configuration and one is thrown away.
  public static func prepareInBackground() {
    state.lock()
    defer { state.unlock() }
    guard !started else { return }
    started = true
    let thread = Thread {
      _ = FcInit()
      state.lock()
      finished = true
      state.broadcast()
      state.unlock()
    }
    thread.name = "abcpress-fonts"
    thread.start()
  }

  /// Waits for a load `prepareInBackground` started (returns at once when none was).
  public static func waitUntilReady() {
    state.lock()
    defer { state.unlock() }
    while started && !finished { state.wait() }
  }
}
