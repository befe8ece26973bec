import ABCParser
import Foundation
import Render
import ScoreModel

/// Writes one file per tune for the exporting subcommands (`midi`, `musicxml`): to one
/// output file (the input holds one tune, or `--tune X` picks it) or into a directory as
/// `<X>.<ext>`, `<X>-2.<ext>` for a repeated X.
struct TuneFileExport {
  /// The subcommand, for messages.
  let command: String
  /// File extensions an output file may have (lowercase); the first names directory files.
  let extensions: [String]
  let console: Console

  /// A tune converted on a worker.
  struct Converted: Sendable {
    var number: Int?
    var bytes: [UInt8]?
    var diagnostics: [Diagnostic]
  }

  /// Where the files go.
  struct Target {
    var path: String
    var isDirectory: Bool
    /// The extension the files get (from the output file, or the first for a directory).
    var pathExtension: String
  }

  /// Reads `-o`: a directory (a trailing `/` or an existing folder) or a file with one of
  /// the extensions.
  func target(_ arguments: ParsedArguments) throws -> Target {
    let names = extensions.map { ".\($0)" }.joined(separator: " or ")
    guard let output = arguments["--output"] else {
      throw UsageError(
        "\(command) needs an output: -o OUT\(names.split(separator: " ").first ?? "") or -o DIR/")
    }
    var isDirectory: ObjCBool = false
    let exists = FileManager.default.fileExists(atPath: output, isDirectory: &isDirectory)
    if output.hasSuffix("/") || (exists && isDirectory.boolValue) {
      return Target(path: output, isDirectory: true, pathExtension: extensions[0])
    }
    let pathExtension = URL(fileURLWithPath: output).pathExtension.lowercased()
    guard extensions.contains(pathExtension) else {
      throw UsageError("the output must be a \(names) file or a directory ending in '/', got '\(output)'")
    }
    return Target(path: output, isDirectory: false, pathExtension: pathExtension)
  }

  /// `--tune X`, when given.
  static func wantedTune(_ arguments: ParsedArguments) throws -> Int? {
    guard let text = arguments["--tune"] else { return nil }
    guard let number = Int(text) else { throw UsageError("--tune needs an X: number, got '\(text)'") }
    return number
  }

  /// Parses every input, converts each tune (`wanted` only, when given) with `convert` on
  /// the workers, and writes the results.
  func run(
    _ arguments: ParsedArguments, target: Target, wanted: Int?,
    convert: @escaping @Sendable (Tune, TuneSource) -> Converted
  ) throws -> ExitCode {
    let standardInput = arguments.positionals.contains("-") ? StandardInput.spool(from: console) : nil
    var stream = TuneStream(inputs: arguments.positionals, jobs: try EngravingSession.jobs(arguments))
    stream.standardInput = standardInput
    let directory = URL(fileURLWithPath: target.path, isDirectory: true)
    if target.isDirectory {
      do {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
      } catch {
        throw OutputError("cannot create \(target.path): \(FileErrorText.reason(error))")
      }
    }
    var numbers: [Int] = []
    var chosen: (number: Int, bytes: [UInt8])?
    var names = OutputNames()
    var warned = Set<Int>()
    let reporter = DiagnosticReporter(console: console)
    try stream.run { item, _ -> Converted in
      let parsed = item.source.parse()
      guard let tune = parsed.tune else { return Converted(diagnostics: parsed.diagnostics) }
      if let wanted, tune.referenceNumber != wanted { return Converted(diagnostics: parsed.diagnostics) }
      var converted = convert(tune, item.source)
      converted.diagnostics = parsed.diagnostics + converted.diagnostics
      return converted
    } report: {
      reporter.report($0)
    } consume: { converted in
      reporter.report(converted.diagnostics)
      guard let number = converted.number, let bytes = converted.bytes else { return }
      numbers.append(number)
      if target.isDirectory {
        try writeNumbered(
          number, bytes, into: directory, pathExtension: target.pathExtension, names: &names, warned: &warned)
      } else if chosen == nil {
        chosen = (number, bytes)
      }
    }
    if let wanted, numbers.isEmpty { throw UsageError("no tune X:\(wanted) in the input") }
    if numbers.isEmpty {
      console.error("abcpress: error: no tunes to write")
      return .inputErrors
    }
    if !target.isDirectory {
      guard numbers.count == 1, let chosen else {
        let list = numbers.prefix(8).map { "X:\($0)" }.joined(separator: ", ")
        throw UsageError(
          "the input holds \(numbers.count) tunes (\(list)\(numbers.count > 8 ? ", ..." : "")): "
            + "choose one with --tune X, or write them all with -o DIR/")
      }
      try Self.write(chosen.bytes, to: URL(fileURLWithPath: target.path))
      RunProgress.current?.add(files: 1)
    }
    reporter.finish()
    return reporter.hasErrors ? .inputErrors : .success
  }

  /// Writes `<X>.<ext>` in the directory, `<X>-2.<ext>` … for a repeated X (`OutputNames`).
  private func writeNumbered(
    _ number: Int, _ bytes: [UInt8], into directory: URL, pathExtension: String, names: inout OutputNames,
    warned: inout Set<Int>
  ) throws {
    let wanted = directory.appendingPathComponent("\(number).\(pathExtension)").path
    let name = names.claim(wanted)
    if name != wanted, warned.insert(number).inserted {
      console.error(
        "abcpress: warning: several tunes are X:\(number); later ones go to \(number)-N.\(pathExtension)")
    }
    try Self.write(bytes, to: URL(fileURLWithPath: name))
    RunProgress.current?.add(files: 1)
  }

  static func write(_ bytes: [UInt8], to url: URL) throws {
    do {
      try TemporaryFiles.writeAtomically(bytes, to: url)
    } catch RenderError.io(_, let reason) {
      throw OutputError("cannot write \(url.path): \(reason)")
    }
  }
}
