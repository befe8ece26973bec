import Foundation

/// Writes text output atomically: a failed run never leaves a truncated file behind.
enum OutputFile {
  static func write(_ text: String, to url: URL) throws {
    try Data(text.utf8).write(to: url, options: .atomic)
  }
}
