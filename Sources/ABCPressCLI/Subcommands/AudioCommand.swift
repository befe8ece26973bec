import Foundation
import MIDIExport
import Render
import ScoreModel
import Transposition

/// `abcpress audio IN.abc -o OUT.wav|.flac|.ogg | DIR/`: tunes performed through a
/// SoundFont (FluidSynth) into audio files.
struct AudioCommand {
  static let help = """
    USAGE: abcpress audio <input.abc>... -o <output.wav|.flac|.ogg | directory/> [--tune X]
                          [--soundfont FILE.sf2] [--transpose n] [--tempo BPM] [--program N]
                          [--accompaniment]

    Renders the performance abcpress midi writes (repeats, endings and parts unfolded,
    tempo, dynamics, each voice's %%MIDI program, drums) through a General MIDI SoundFont
    with FluidSynth: WAV (16-bit, 44.1 kHz), FLAC or Ogg Vorbis, by the output's extension.
    With an output file the input must hold one tune, or --tune picks one by its X: number;
    with a directory every tune is written as <X>.wav.

    The SoundFont is --soundfont, else $ABCPRESS_SOUNDFONT, else Debian's
    /usr/share/sounds/sf2/default-GM.sf2 (apt install fluid-soundfont-gm).

    OPTIONS:
      -o, --output <path>     Output .wav, .flac or .ogg file, or a directory. Required.
      --tune <X>              Only the tune with this X: reference number.
      --soundfont <file>      The SoundFont (.sf2 or .sf3) to play with.
      --tempo <bpm>           Crotchets per minute for every tune, over its Q: (1 to 1000).
      --program <n>           General MIDI instrument (0 to 127) of voices no
                              %%MIDI program names (default 0, piano).
      --accompaniment         Play bass and chords from the chord symbols.
      -j, --jobs <n>          Threads that parse and render (default: every core).
    \(TransposeOption.help)
    \(IncludePolicy.help)
      -h, --help              Show this help.
    """

  static let spec = ArgumentSpec(
    flags: ["--accompaniment"],
    options: [
      "--output", "--tune", "--jobs", "--tempo", "--program", "--soundfont", TransposeOption.name,
      TransposeOption.editionName,
      IncludePolicy.optionName,
    ],
    aliases: EngravingSession.aliases)

  let console: Console

  func run(_ arguments: ParsedArguments) throws -> ExitCode {
    guard !arguments.positionals.isEmpty else { throw UsageError("audio needs an input file") }
    let export = TuneFileExport(command: "audio", extensions: ["wav", "flac", "ogg"], console: console)
    let target = try export.target(arguments)
    let wanted = try TuneFileExport.wantedTune(arguments)
    let edition = try TransposeOption.edition(arguments)
    let playback = try MIDICommand.playback(arguments)
    guard let soundFont = SampledAudio.soundFont(explicit: arguments["--soundfont"]) else {
      throw InputError(
        "no SoundFont: install Debian's fluid-soundfont-gm, or give one with --soundfont FILE.sf2")
    }
    guard FileManager.default.isReadableFile(atPath: soundFont) else {
      throw InputError("\(soundFont): no such SoundFont (or it cannot be read)")
    }
    let format = target.isDirectory ? "wav" : target.pathExtension
    return try export.run(arguments, target: target, wanted: wanted) { tune, source in
      var tune = tune
      tune = edition.apply(tune)
      let (midi, warnings) = MIDIExport.export(tune, options: playback)
      var diagnostics = warnings.map { warning -> Diagnostic in
        var warning = warning
        warning.file = warning.file ?? source.file
        return warning
      }
      do {
        let bytes = try Self.render(midi, soundFont: soundFont, format: format)
        return TuneFileExport.Converted(number: tune.referenceNumber, bytes: bytes, diagnostics: diagnostics)
      } catch {
        diagnostics.append(
          Diagnostic(
            .error, "no audio: \(error)", at: SourceRange(SourceLocation(line: 1, column: 1)),
            file: source.file))
        return TuneFileExport.Converted(number: nil, bytes: nil, diagnostics: diagnostics)
      }
    }
  }

  /// The audio file's bytes: rendered into a temporary file (removed if the run is
  /// interrupted), read back and removed.
  static func render(_ midi: [UInt8], soundFont: String, format: String) throws(SampledAudio.Failure)
    -> [UInt8]
  {
    let scratch = TemporaryFiles.path(in: FileManager.default.temporaryDirectory, suffix: "." + format)
    TemporaryFiles.register(scratch.path)
    defer {
      unlink(scratch.path)
      TemporaryFiles.unregister(scratch.path)
    }
    try SampledAudio.render(midi: midi, soundFont: soundFont, to: scratch.path, format: format)
    guard let data = FileManager.default.contents(atPath: scratch.path), !data.isEmpty else {
      throw SampledAudio.Failure(description: "FluidSynth wrote no audio")
    }
    return [UInt8](data)
  }
}
