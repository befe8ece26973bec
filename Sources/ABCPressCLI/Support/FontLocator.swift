import Foundation
import Render

/// Finds the music fonts: the Fonts/ folder `scripts/fetch-fonts` fills in a checkout, or
/// `PREFIX/share/abcpress/fonts` where `make install` puts them.
///
/// Order: `--fonts DIR`, then `$ABCPRESS_FONTS`, then, from the executable's folder
/// (wherever it was called from, through PATH too) up through its parents, a
/// `share/abcpress/fonts` folder (an installed `PREFIX/bin/abcpress`) or a `Fonts/` folder
/// (so `.build/release/abcpress` finds the checkout's), then `./Fonts`.
enum FontLocator {
  static func locate(explicit: String?, environment: (String) -> String? = EnvironmentVariable.value)
    -> URL
  {
    if let explicit { return URL(fileURLWithPath: explicit, isDirectory: true) }
    if let fromEnvironment = environment("ABCPRESS_FONTS"), !fromEnvironment.isEmpty {
      return URL(fileURLWithPath: fromEnvironment, isDirectory: true)
    }
    let manager = FileManager.default
    // The executable's own path (/proc/self/exe), not argv[0]: a binary found through
    // PATH is called by its bare name.
    let executable =
      (try? manager.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments.first ?? "."
    var directory = URL(fileURLWithPath: executable).resolvingSymlinksInPath().deletingLastPathComponent()
    for _ in 0..<6 {
      for place in ["share/abcpress/fonts", "Fonts"] {
        let candidate = directory.appendingPathComponent(place, isDirectory: true)
        if manager.fileExists(atPath: candidate.appendingPathComponent("Bravura.json").path) {
          return candidate
        }
      }
      directory.deleteLastPathComponent()
    }
    return URL(fileURLWithPath: "Fonts", isDirectory: true)
  }
}
