import Foundation

/// Finds the Fonts/ directory that `scripts/fetch-fonts` fills.
///
/// Order: `--fonts DIR`, then `$ABCPRESS_FONTS`, then a `Fonts/` folder beside the
/// executable (wherever it was called from, through PATH too) or in any of its parent
/// folders (so `.build/release/abcpress` finds the checkout's Fonts/), then `./Fonts`.
enum FontLocator {
  static func locate(explicit: String?, environment: [String: String] = ProcessInfo.processInfo.environment)
    -> URL
  {
    if let explicit { return URL(fileURLWithPath: explicit, isDirectory: true) }
    if let fromEnvironment = environment["ABCPRESS_FONTS"], !fromEnvironment.isEmpty {
      return URL(fileURLWithPath: fromEnvironment, isDirectory: true)
    }
    let manager = FileManager.default
    // The executable's own path (/proc/self/exe), not argv[0]: a binary found through
    // PATH is called by its bare name.
    let executable =
      (try? manager.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments.first ?? "."
    var directory = URL(fileURLWithPath: executable).resolvingSymlinksInPath().deletingLastPathComponent()
    for _ in 0..<6 {
      let candidate = directory.appendingPathComponent("Fonts", isDirectory: true)
      if manager.fileExists(atPath: candidate.appendingPathComponent("Bravura.json").path) {
        return candidate
      }
      directory.deleteLastPathComponent()
    }
    return URL(fileURLWithPath: "Fonts", isDirectory: true)
  }
}
