import ABCParser
import Book
import Foundation
import ScoreModel

/// `%%format FILE` (abcm2ps): an abcm2ps format file's directives in place of the line,
/// in a tune or between tunes. The file is found next to the ABC file (or given by an
/// absolute path) and read under the same rules as `abc-include` (the input's folder and
/// `--include-path`, regular files, size limits), once per run and size (`FormatFiles`).
/// Its directives take the `%%format` line's place, so a problem in them is reported
/// there; a file that cannot be read is one warning there.
enum FormatInclude {
  static func expand(_ directives: [Directive], file: String?) -> (
    directives: [Directive], warnings: [Diagnostic]
  ) {
    guard directives.contains(where: { $0.name.lowercased() == "format" }) else { return (directives, []) }
    var out: [Directive] = []
    var warnings: [Diagnostic] = []
    let policy = IncludePolicy(input: file == "<stdin>" ? "-" : file)
    for directive in directives {
      guard directive.name.lowercased() == "format" else {
        out.append(directive)
        continue
      }
      let name = directive.arguments.trimmingCharacters(in: .whitespaces)
        .trimmingCharacters(in: CharacterSet(charactersIn: "\"'"))
      guard !name.isEmpty else {
        warnings.append(Diagnostic(.warning, "%%format needs a file name", at: directive.range, file: file))
        continue
      }
      switch FormatFiles.shared.directives(name, includingFile: file, policy: policy) {
      case .success(let directives):
        out.reserveCapacity(out.count + directives.count)
        for found in directives {
          out.append(Directive(name: found.name, arguments: found.arguments, range: directive.range))
        }
      case .failure(let refusal):
        warnings.append(
          Diagnostic(
            .warning, "cannot read the format file '\(Diagnostic.excerpt(name))': \(refusal.reason)",
            at: directive.range,
            file: file))
      }
    }
    return (out, warnings)
  }

  /// A tune with its `%%format` lines replaced by their files' directives.
  static func expand(_ tune: Tune, file: String?) -> (tune: Tune, warnings: [Diagnostic]) {
    let (directives, warnings) = expand(tune.directives, file: file)
    guard directives.count != tune.directives.count || !warnings.isEmpty else { return (tune, []) }
    var expanded = tune
    expanded.directives = directives
    return (expanded, warnings)
  }
}
