import Book
import Foundation

/// Finds templates and themes: a built-in name, or a path to a user file.
enum StyleLoader {
  /// The template named or stored at `reference` (a path when it contains `/` or ends in `.abcstyle`).
  static func template(_ reference: String) throws -> PageTemplate {
    if let builtin = PageTemplate.builtin(reference) { return builtin }
    let file = try styleFile(reference, kind: "template", names: PageTemplate.builtinSources.map(\.name))
    do {
      return try PageTemplate(file: file, base: .plain)
    } catch {
      throw Self.usageError(error, reference: reference)
    }
  }

  /// The theme named or stored at `reference`.
  static func theme(_ reference: String) throws -> Theme {
    if let builtin = Theme.builtin(reference) { return builtin }
    let file = try styleFile(reference, kind: "theme", names: Theme.builtinSources.map(\.name))
    do {
      var base = Theme.classic
      if let name = file["base"], let builtin = Theme.builtin(name) { base = builtin }
      return try Theme(file: file, base: base)
    } catch {
      throw Self.usageError(error, reference: reference)
    }
  }

  private static func styleFile(_ reference: String, kind: String, names: [String]) throws -> StyleFile {
    guard FileManager.default.fileExists(atPath: reference) else {
      throw UsageError(
        "unknown \(kind) '\(reference)' (built-ins: \(names.joined(separator: ", ")); or give a file path)")
    }
    let text: String
    do {
      text = String(decoding: try Data(contentsOf: URL(fileURLWithPath: reference)), as: UTF8.self)
    } catch {
      throw UsageError("cannot read \(kind) file '\(reference)': \(FileErrorText.reason(error))")
    }
    // Malformed lines are reported with the reader's own problems, all at once.
    return StyleFile(reading: text)
  }

  /// Every problem of a style file, one line each, the file named on each.
  static func usageError(_ error: StyleFileError, reference: String) -> UsageError {
    UsageError(
      error.all.map { "\(reference):\($0.line): \($0.message)" }.joined(separator: "\nabcpress: error: "))
  }
}
