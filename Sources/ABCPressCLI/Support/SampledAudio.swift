import CABCPressFluidSynth
import Foundation

/*
 SampledAudio — a performance rendered to sound through FluidSynth and a SoundFont.

 Method. The tune is played into a Standard MIDI File in memory (MIDIExport: repeats,
 parts, tempo, dynamics, accompaniment and drums, as `abcpress midi` writes it); a
 FluidSynth synthesiser loads the SoundFont (only the samples the performance uses:
 `synth.dynamic-sample-loading`), its MIDI player plays the file in memory timed by the
 samples rendered (`player.timing-source=sample`, so a slow machine renders the same
 sound), and the file renderer writes the audio block by block until the player is done,
 then one more second so the last notes ring out. WAV (16-bit), FLAC and Ogg Vorbis, by
 FluidSynth's libsndfile.

 Example: `X:1 L:1/4 Q:1/4=60 K:C A4|` renders 4 s of a piano's A4 at 440 Hz and 1 s of
 its release: 5 s at 44,100 samples a second.

 Known limits: no reverb or chorus (off: the same sound in every room); the SoundFont is
 searched in Debian's places (`/usr/share/sounds/sf2`) unless one is given.
 */

/// A performance rendered through FluidSynth into an audio file.
enum SampledAudio {
  /// Why audio could not be made.
  struct Failure: Error, CustomStringConvertible {
    var description: String
  }

  /// Audio formats by file extension, with FluidSynth's `audio.file.type` names.
  static let formats = ["wav": "wav", "flac": "flac", "ogg": "oga", "oga": "oga"]

  /// Where Debian's General MIDI SoundFonts are, best first.
  static let searched = [
    "/usr/share/sounds/sf2/default-GM.sf2", "/usr/share/sounds/sf2/FluidR3_GM.sf2",
    "/usr/share/sounds/sf2/TimGM6mb.sf2", "/usr/share/sounds/sf3/default-GM.sf3",
  ]

  /// The SoundFont to use: `explicit`, else `ABCPRESS_SOUNDFONT`, else the first of
  /// `searched` that is there; nil when there is none.
  static func soundFont(explicit: String? = nil) -> String? {
    if let explicit { return explicit }
    if let named = ProcessInfo.processInfo.environment["ABCPRESS_SOUNDFONT"], !named.isEmpty { return named }
    return searched.first { FileManager.default.isReadableFile(atPath: $0) }
  }

  /// Renders the Standard MIDI File `midi` through `soundFont` into `path` as `format`
  /// (a key of `formats`).
  static func render(midi: [UInt8], soundFont: String, to path: String, format: String) throws(Failure) {
    guard let type = formats[format] else { throw Failure(description: "no audio format '\(format)'") }
    silenceLog()
    let session = try Session(soundFont: soundFont, path: path, type: type)
    try session.play(midi)
  }

  /// FluidSynth's messages go nowhere: failures are reported by their results.
  private static func silenceLog() {
    for level in [FLUID_PANIC, FLUID_ERR, FLUID_WARN, FLUID_INFO, FLUID_DBG] {
      _ = abcpress_fluid_set_log_function(Int32(level.rawValue), nil, nil)
    }
  }

  /// One rendering's FluidSynth objects, freed together.
  private final class Session {
    let settings: OpaquePointer
    let synth: OpaquePointer
    let player: OpaquePointer
    let renderer: OpaquePointer

    init(soundFont: String, path: String, type: String) throws(Failure) {
      guard let settings = abcpress_new_fluid_settings() else {
        let reason = abcpress_fluidsynth_error().map { String(cString: $0) } ?? "it cannot start"
        throw Failure(description: "FluidSynth (Debian's libfluidsynth3) cannot be used: \(reason)")
      }
      self.settings = settings
      _ = abcpress_fluid_settings_setstr(settings, "audio.file.name", path)
      _ = abcpress_fluid_settings_setstr(settings, "audio.file.type", type)
      _ = abcpress_fluid_settings_setstr(settings, "audio.file.format", "s16")
      _ = abcpress_fluid_settings_setstr(settings, "player.timing-source", "sample")
      _ = abcpress_fluid_settings_setint(settings, "synth.lock-memory", 0)
      _ = abcpress_fluid_settings_setint(settings, "synth.dynamic-sample-loading", 1)
      _ = abcpress_fluid_settings_setint(settings, "synth.reverb.active", 0)
      _ = abcpress_fluid_settings_setint(settings, "synth.chorus.active", 0)
      _ = abcpress_fluid_settings_setnum(settings, "synth.sample-rate", 44_100)
      // Louder than FluidSynth's 0.2 (an organ's A4 at -34 dBFS), with room for chords.
      _ = abcpress_fluid_settings_setnum(settings, "synth.gain", 0.5)
      guard let synth = abcpress_new_fluid_synth(settings) else {
        abcpress_delete_fluid_settings(settings)
        throw Failure(description: "FluidSynth cannot make a synthesiser")
      }
      self.synth = synth
      guard let player = abcpress_new_fluid_player(synth) else {
        abcpress_delete_fluid_synth(synth)
        abcpress_delete_fluid_settings(settings)
        throw Failure(description: "FluidSynth cannot make a player")
      }
      self.player = player
      guard abcpress_fluid_synth_sfload(synth, soundFont, 1) != FLUID_FAILED else {
        abcpress_delete_fluid_player(player)
        abcpress_delete_fluid_synth(synth)
        abcpress_delete_fluid_settings(settings)
        throw Failure(description: "cannot load the SoundFont \(soundFont)")
      }
      guard let renderer = abcpress_new_fluid_file_renderer(synth) else {
        abcpress_delete_fluid_player(player)
        abcpress_delete_fluid_synth(synth)
        abcpress_delete_fluid_settings(settings)
        throw Failure(description: "cannot write \(path) as \(type) audio")
      }
      self.renderer = renderer
    }

    deinit {
      abcpress_delete_fluid_file_renderer(renderer)
      abcpress_delete_fluid_player(player)
      abcpress_delete_fluid_synth(synth)
      abcpress_delete_fluid_settings(settings)
    }

    func play(_ midi: [UInt8]) throws(Failure) {
      let added = midi.withUnsafeBytes { abcpress_fluid_player_add_mem(player, $0.baseAddress, $0.count) }
      guard added == FLUID_OK, abcpress_fluid_player_play(player) == FLUID_OK else {
        throw Failure(description: "FluidSynth cannot play the performance")
      }
      var blocks = 0
      // Until the last event has played (the player itself lingers a few seconds after it).
      while abcpress_fluid_player_get_status(player) == Int32(FLUID_PLAYER_PLAYING.rawValue) {
        let total = abcpress_fluid_player_get_total_ticks(player)
        if total > 0, abcpress_fluid_player_get_current_tick(player) >= total { break }
        guard abcpress_fluid_file_renderer_process_block(renderer) == FLUID_OK else {
          throw Failure(description: "writing the audio failed")
        }
        blocks += 1
        // A performance over 6 hours is not music (MIDIExport keeps tunes far shorter).
        guard blocks < 6 * 3600 * 44_100 / 64 else {
          throw Failure(description: "the performance is too long")
        }
      }
      _ = abcpress_fluid_player_stop(player)
      // The release: one more second, so the last notes die away as the instrument lets them.
      var period: Int32 = 64
      _ = abcpress_fluid_settings_getint(settings, "audio.period-size", &period)
      for _ in 0..<(44_100 / Int(max(1, period))) {
        guard abcpress_fluid_file_renderer_process_block(renderer) == FLUID_OK else {
          throw Failure(description: "writing the audio failed")
        }
      }
    }
  }
}
