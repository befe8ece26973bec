import Foundation
import MIDIExport
import ScoreModel

/// `abcpress midi IN.abc -o OUT.mid | DIR/`: play tunes into Standard MIDI Files.
struct MIDICommand {
  static let help = """
    USAGE: abcpress midi <input.abc>... -o <output.mid | directory/> [--tune X] [--transpose n]

    Writes a Standard MIDI File (format 1: a tempo track, then one track per voice) with
    repeats, endings and the P: play order unfolded. With an output file the input must
    hold one tune, or --tune picks one by its X: number. With a directory (a trailing '/'
    or an existing folder; created if missing) every tune is written as <X>.mid.
    Use '-' as an input to read ABC from standard input.

    OPTIONS:
      -o, --output <path>     Output .mid file or directory. Required.
      --tune <X>              Only the tune with this X: reference number.
    \(TransposeOption.help)
    \(IncludePolicy.help)
      -h, --help              Show this help.
    """

  static let spec = ArgumentSpec(
    options: ["--output", "--tune", TransposeOption.name, IncludePolicy.optionName],
    aliases: ["-o": "--output"])

  let console: Console

  func run(_ arguments: ParsedArguments) throws -> ExitCode {
    guard !arguments.positionals.isEmpty else { throw UsageError("midi needs an input file") }
    guard let output = arguments["--output"] else {
      throw UsageError("midi needs an output: -o OUT.mid or -o DIR/")
    }
    var wanted: Int?
    if let text = arguments["--tune"] {
      guard let number = Int(text) else { throw UsageError("--tune needs an X: number, got '\(text)'") }
      wanted = number
    }
    var isDirectory: ObjCBool = false
    let exists = FileManager.default.fileExists(atPath: output, isDirectory: &isDirectory)
    let toDirectory = output.hasSuffix("/") || (exists && isDirectory.boolValue)
    if !toDirectory {
      let pathExtension = URL(fileURLWithPath: output).pathExtension.lowercased()
      guard pathExtension == "mid" || pathExtension == "midi" else {
        throw UsageError("the output must be a .mid file or a directory ending in '/', got '\(output)'")
      }
    }
    let loader = InputLoader(console: console, transpose: try TransposeOption.semitones(arguments))
    let loaded = loader.load(arguments.positionals)
    loader.report(loaded.diagnostics)
    var tunes = zip(loaded.tunebooks, loaded.names).flatMap { book, name in book.tunes.map { ($0, name) } }
    if let wanted {
      tunes = tunes.filter { $0.0.referenceNumber == wanted }
      guard !tunes.isEmpty else { throw UsageError("no tune X:\(wanted) in the input") }
    }
    if tunes.isEmpty {
      console.error("abcpress: error: no tunes to play")
      return .inputErrors
    }
    if toDirectory {
      try writeDirectory(tunes, to: URL(fileURLWithPath: output, isDirectory: true))
    } else {
      guard tunes.count == 1 else {
        let numbers = tunes.prefix(8).map { "X:\($0.0.referenceNumber)" }.joined(separator: ", ")
        throw UsageError(
          "the input holds \(tunes.count) tunes (\(numbers)\(tunes.count > 8 ? ", ..." : "")): "
            + "choose one with --tune X, or write them all with -o DIR/")
      }
      try write(tunes[0].0, file: tunes[0].1, to: URL(fileURLWithPath: output))
    }
    return loaded.hasErrors ? .inputErrors : .success
  }

  private func writeDirectory(_ tunes: [(Tune, String)], to directory: URL) throws {
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    var used: [String: Int] = [:]
    for (tune, file) in tunes {
      let stem = "\(tune.referenceNumber)"
      used[stem, default: 0] += 1
      let count = used[stem] ?? 1
      let name = count == 1 ? "\(stem).mid" : "\(stem)-\(count).mid"
      if count == 2 {
        console.error("abcpress: warning: several tunes are X:\(stem); later ones go to \(stem)-N.mid")
      }
      try write(tune, file: file, to: directory.appendingPathComponent(name))
    }
  }

  /// Writes one tune's MIDI file, reporting what was cut to stay within `Limits`.
  private func write(_ tune: Tune, file: String, to url: URL) throws {
    let (bytes, warnings) = MIDIExport.export(tune)
    for warning in warnings {
      var warning = warning
      warning.file = file
      console.error(warning.description)
    }
    do {
      try Data(bytes).write(to: url, options: .atomic)
    } catch {
      throw OutputError("cannot write \(url.path): \(InputLoader.reason(error))")
    }
  }
}

/// A file that could not be written (exit code 3).
struct OutputError: Error, CustomStringConvertible {
  var description: String
  init(_ description: String) { self.description = description }
}
