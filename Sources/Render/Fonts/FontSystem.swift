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
      loadConfiguration()
      state.lock()
      finished = true
      state.broadcast()
      state.unlock()
    }
    thread.name = "abcpress-fonts"
    thread.start()
  }

  /// Makes fontconfig's current configuration as `FcInit` does, less one step: `FcInit`
  /// also parses every file of fontconfig's template folder (`conf.avail`, some 140 KB of
  /// XML on Debian) only to describe them to `fc-conflist`, which loads no rule, font
  /// folder or alias from them (a third of fontconfig's start, about 10 million
  /// instructions). The configuration is otherwise the same: the same `fonts.conf` (or
  /// `FONTCONFIG_FILE`) with what it includes, then the font caches. Whatever this path
  /// cannot do as `FcInit` would (no configuration file, no cache folder named) is left
  /// to `FcInit` itself, with its fallbacks and warnings.
  static func loadConfiguration() {
    guard let config = FcConfigCreate() else {
      _ = FcInit()
      return
    }
    guard FcConfigParseAndLoad(config, nil, FcTrue) != 0, namesCacheFolder(config),
      FcConfigBuildFonts(config) != 0, FcConfigSetCurrent(config) != 0
    else {
      FcConfigDestroy(config)
      _ = FcInit()
      return
    }
    // The current configuration holds its own reference (fontconfig 2.13.1 and later);
    // this one is kept for the process either way.
  }

  /// Whether the configuration names a cache folder (`FcInit` adds the default one, with
  /// a warning, when none is named).
  private static func namesCacheFolder(_ config: OpaquePointer) -> Bool {
    guard let folders = FcConfigGetCacheDirs(config) else { return false }
    defer { FcStrListDone(folders) }
    return FcStrListNext(folders) != nil
  }

  /// Waits for a load `prepareInBackground` started (returns at once when none was).
  public static func waitUntilReady() {
    state.lock()
    defer { state.unlock() }
    while started && !finished { state.wait() }
  }
}
