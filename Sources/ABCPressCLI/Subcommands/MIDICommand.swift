import Foundation
import MIDIExport
import ScoreModel
import Transposition

/// `abcpress midi IN.abc -o OUT.mid | DIR/`: play tunes into Standard MIDI Files.
struct MIDICommand {
  static let help = """
    USAGE: abcpress midi <input.abc>... -o <output.mid | directory/> [--tune X] [--transpose n]
                         [--tempo BPM] [--program N] [--accompaniment]

    Writes a Standard MIDI File (format 1: a tempo track, then one track per voice) with
    repeats, endings and the P: play order unfolded. With an output file the input must
    hold one tune, or --tune picks one by its X: number. With a directory (a trailing '/'
    or an existing folder; created if missing) every tune is written as <X>.mid.
    Use '-' as an input to read ABC from standard input.

    OPTIONS:
      -o, --output <path>     Output .mid file or directory. Required.
      --tune <X>              Only the tune with this X: reference number.
      --tempo <bpm>           Crotchets per minute for every tune, over its Q: (1 to 1000).
      --program <n>           General MIDI instrument (0 to 127) of voices no
                              %%MIDI program names (default 0, piano).
      --accompaniment         Play bass and chords from the chord symbols (as a tune's
                              %%MIDI gchordon asks), on two more tracks.
      -j, --jobs <n>          Threads that parse and play (default: every core).
    \(TransposeOption.help)
    \(IncludePolicy.help)
      -h, --help              Show this help.
    """

  static let spec = ArgumentSpec(
    flags: ["--accompaniment"],
    options: [
      "--output", "--tune", "--jobs", "--tempo", "--program", TransposeOption.name, IncludePolicy.optionName,
    ],
    aliases: EngravingSession.aliases)

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
    let transpose = try TransposeOption.semitones(arguments)
    var playback = PlaybackOptions()
    if let text = arguments["--tempo"] {
      guard let bpm = Int(text), (1...1000).contains(bpm) else {
        throw UsageError("--tempo needs crotchets per minute from 1 to 1000, got '\(text)'")
      }
      playback.tempo = Rational(bpm)
    }
    if let text = arguments["--program"] {
      guard let program = Int(text), (0...127).contains(program) else {
        throw UsageError("--program needs a General MIDI program from 0 to 127, got '\(text)'")
      }
      playback.program = program
    }
    playback.accompaniment = arguments.has("--accompaniment")
    let options = playback
    let standardInput = arguments.positionals.contains("-") ? StandardInput.spool(from: console) : nil
    var stream = TuneStream(inputs: arguments.positionals, jobs: try EngravingSession.jobs(arguments))
    stream.standardInput = standardInput
    let directory = URL(fileURLWithPath: output, isDirectory: true)
    if toDirectory {
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }
    var numbers: [Int] = []
    var chosen: (number: Int, bytes: [UInt8])?
    var used: [String: Int] = [:]
    let console = self.console
    let reporter = DiagnosticReporter(console: console)
    func report(_ found: [Diagnostic]) { reporter.report(found) }
    let only = wanted
    try stream.run { item, _ -> Played in
      let parsed = item.source.parse()
      guard var tune = parsed.tune else { return Played(diagnostics: parsed.diagnostics) }
      if let only, tune.referenceNumber != only { return Played(diagnostics: parsed.diagnostics) }
      if transpose != 0 { tune = Transposer(semitones: transpose).transpose(tune) }
      // What was cut to stay within the limits is reported with the tune.
      let (bytes, warnings) = MIDIExport.export(tune, options: options)
      let stamped = warnings.map { warning -> Diagnostic in
        var warning = warning
        warning.file = warning.file ?? item.source.file
        return warning
      }
      return Played(number: tune.referenceNumber, bytes: bytes, diagnostics: parsed.diagnostics + stamped)
    } report: {
      report($0)
    } consume: { played in
      report(played.diagnostics)
      guard let number = played.number, let bytes = played.bytes else { return }
      numbers.append(number)
      if toDirectory {
        try writeNumbered(number, bytes, into: directory, used: &used)
      } else if chosen == nil {
        chosen = (number, bytes)
      }
    }
    if let wanted, numbers.isEmpty { throw UsageError("no tune X:\(wanted) in the input") }
    if numbers.isEmpty {
      console.error("abcpress: error: no tunes to play")
      return .inputErrors
    }
    if !toDirectory {
      guard numbers.count == 1, let chosen else {
        let list = numbers.prefix(8).map { "X:\($0)" }.joined(separator: ", ")
        throw UsageError(
          "the input holds \(numbers.count) tunes (\(list)\(numbers.count > 8 ? ", ..." : "")): "
            + "choose one with --tune X, or write them all with -o DIR/")
      }
      try write(chosen.bytes, to: URL(fileURLWithPath: output))
    }
    reporter.finish()
    return reporter.hasErrors ? .inputErrors : .success
  }

  /// A tune played on a worker.
  struct Played: Sendable {
    var number: Int?
    var bytes: [UInt8]?
    var diagnostics: [Diagnostic]
  }

  private func writeNumbered(_ number: Int, _ bytes: [UInt8], into directory: URL, used: inout [String: Int])
    throws
  {
    let stem = "\(number)"
    used[stem, default: 0] += 1
    let count = used[stem] ?? 1
    let name = count == 1 ? "\(stem).mid" : "\(stem)-\(count).mid"
    if count == 2 {
      console.error("abcpress: warning: several tunes are X:\(stem); later ones go to \(stem)-N.mid")
    }
    try write(bytes, to: directory.appendingPathComponent(name))
  }

  private func write(_ bytes: [UInt8], to url: URL) throws {
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
