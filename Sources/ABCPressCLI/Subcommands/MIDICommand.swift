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
      "--output", "--tune", "--jobs", "--tempo", "--program", TransposeOption.name,
      TransposeOption.editionName, IncludePolicy.optionName,
    ],
    aliases: EngravingSession.aliases)

  let console: Console

  func run(_ arguments: ParsedArguments) throws -> ExitCode {
    guard !arguments.positionals.isEmpty else { throw UsageError("midi needs an input file") }
    let export = TuneFileExport(command: "midi", extensions: ["mid", "midi"], console: console)
    let target = try export.target(arguments)
    let wanted = try TuneFileExport.wantedTune(arguments)
    let edition = try TransposeOption.edition(arguments)
    let options = try Self.playback(arguments)
    return try export.run(arguments, target: target, wanted: wanted) { tune, source in
      var tune = tune
      tune = edition.apply(tune)
      // What was cut to stay within the limits is reported with the tune.
      let (bytes, warnings) = MIDIExport.export(tune, options: options)
      let stamped = warnings.map { warning -> Diagnostic in
        var warning = warning
        warning.file = warning.file ?? source.file
        return warning
      }
      return TuneFileExport.Converted(number: tune.referenceNumber, bytes: bytes, diagnostics: stamped)
    }
  }

  /// The performance options `--tempo`, `--program` and `--accompaniment` ask for (midi
  /// and audio).
  static func playback(_ arguments: ParsedArguments) throws -> PlaybackOptions {
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
    return playback
  }
}

/// A file that could not be written (exit code 3).
struct OutputError: Error, CustomStringConvertible {
  var description: String
  init(_ description: String) { self.description = description }
}
