import Book
import Foundation
import Render
import ScoreModel

/// Whether the text fonts that format directives name are installed (`%%titlefont
/// Palatino 18`): a family that is not is a warning at its directive, naming the font
/// fontconfig sets the text in instead, as for templates and themes.
enum FontCheck {
  private static let lock = NSLock()
  /// Families looked up so far: their substitute, or nil when installed.
  nonisolated(unsafe) private static var looked: [String: String?] = [:]

  /// The family fontconfig uses for `family` when it is not installed (nil when it is, or
  /// when the family comes with the package); looked up once per run.
  static func substitute(for family: String) -> String? {
    guard !EngravingSession.packagedFamilies.contains(family) else { return nil }
    lock.lock()
    if let known = looked[family] {
      lock.unlock()
      return known
    }
    lock.unlock()
    let found = FontLibrary.substitute(for: family)
    lock.lock()
    looked[family] = found
    lock.unlock()
    return found
  }

  /// A warning for each named family that is not installed.
  static func warnings(
    _ named: some Sequence<(family: String, directive: String, range: SourceRange)>, file: String?
  ) -> [Diagnostic] {
    named.compactMap { font in
      substitute(for: font.family).map { used in
        Diagnostic(
          .warning,
          "font '\(font.family)' (%%\(font.directive)) is not installed; its text is set in '\(used)' instead",
          at: font.range, file: file)
      }
    }
  }
}
