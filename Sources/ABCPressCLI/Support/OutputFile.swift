import Foundation
import Render

/// Writes text output atomically: a failed or interrupted run never leaves a truncated
/// file behind (`TemporaryFiles`).
enum OutputFile {
  static func write(_ text: String, to url: URL) throws {
    try TemporaryFiles.writeAtomically(Array(text.utf8), to: url)
  }
}
