import CABCPressFontconfig
import Foundation

/// The system's font configuration, loaded early.
public enum FontSystem {
  /// Starts loading fontconfig's configuration and font caches on a thread of its own (a
  /// few milliseconds of XML and cache files), so the work overlaps reading the music font
  /// and the input instead of following them. Fontconfig's lazy initialisation is
  /// thread-safe: whoever asks first makes the configuration, the other uses it.
  public static func prepareInBackground() {
    let thread = Thread { _ = FcInit() }
    thread.name = "abcpress-fonts"
    thread.start()
  }
}
