import ScoreModel

/*
 MIDIDirectives — what a tune's `%%MIDI` lines ask of each voice: instrument, channel and
 transposition (abc2midi's `program`, `channel`, `transpose`).

 Method. Each `%%MIDI` directive belongs to the voice whose music comes next after it in
 the source (a `V:2` line, then `%%MIDI program 73`, then voice 2's notes); one in the
 tune header (before `K:`) sets every voice. Later lines for a voice override earlier
 ones. `program N` or `program CHANNEL N` (channel 1–16), `channel N`, `transpose N`.

     %%MIDI program 40        (header: every voice a violin)
     V:2
     %%MIDI program 2 73      (voice 2 on channel 2, a flute)

 The whole tune's lines (`gchordon`, `gchord`, `chordprog`, `drum`, `drumon`, `beat`,
 `nobarlines` …) are read here too, over the playback options (`settings(of:over:)`).

 Limits. A setting takes effect for the whole voice or tune (abc2midi can switch
 mid-voice); `ratio` (the broken-rhythm ratio) and other `%%MIDI` commands are ignored.
 */

/// The instrument, channel and transposition `%%MIDI` lines give one voice.
public struct VoiceInstrument: Hashable, Sendable {
  /// General MIDI program, 0-based (abc2midi numbers them so too).
  public var program: Int?
  /// MIDI channel, 0-based.
  public var channel: Int?
  /// Semitones added to every note.
  public var transpose: Int?

  public init(program: Int? = nil, channel: Int? = nil, transpose: Int? = nil) {
    self.program = program
    self.channel = channel
    self.transpose = transpose
  }

  /// This instrument with `other`'s settings over it.
  func overridden(by other: VoiceInstrument) -> VoiceInstrument {
    VoiceInstrument(
      program: other.program ?? program, channel: other.channel ?? channel,
      transpose: other.transpose ?? transpose)
  }
}

/// Reads the `%%MIDI` instrument lines of a tune.
public enum MIDIDirectives {
  /// One instrument per voice of `tune`, in voice order.
  public static func instruments(of tune: Tune) -> [VoiceInstrument] {
    var shared = VoiceInstrument()
    var own = [VoiceInstrument](repeating: VoiceInstrument(), count: tune.voices.count)
    let bodyLine = tune.metadata.fields.first { $0.label == "K" }?.range.start.line ?? 0
    for directive in midiLines(of: tune) {
      guard let setting = parse(directive.arguments) else { continue }
      let line = directive.range.start.line
      if line <= bodyLine {
        shared = shared.overridden(by: setting)
      } else if let voice = voice(after: line, in: tune) {
        own[voice] = own[voice].overridden(by: setting)
      }
    }
    return own.map { shared.overridden(by: $0) }
  }

  /// The tune's `%%MIDI` lines, in source order.
  static func midiLines(of tune: Tune) -> some Sequence<Directive> {
    tune.directives.lazy.filter { $0.name.lowercased() == "midi" }
  }

  /// What a tune's `%%MIDI` lines set for the whole performance.
  struct Settings {
    var options: PlaybackOptions
    var gchord: [Accompaniment.Step]?
    var drum: DrumPattern?
  }

  /// `options` with the tune's performance lines over them: the accompaniment's
  /// (`gchordon`/`gchordoff`, `chordprog`, `bassprog`, `chordvol`, `bassvol`, `gchord`),
  /// the drum's (`drum`, `drumon`/`drumoff`), `beat` velocities and `nobarlines`.
  static func settings(of tune: Tune, over options: PlaybackOptions) -> Settings {
    var settings = options
    var pattern: [Accompaniment.Step]?
    var drum: DrumPattern?
    for directive in midiLines(of: tune) {
      let words = directive.arguments.split(whereSeparator: \.isWhitespace)
      let argument = words.dropFirst().first
      let value = argument.flatMap { Int($0) }
      switch words.first?.lowercased() {
      case "gchordon": settings.accompaniment = true
      case "gchordoff": settings.accompaniment = false
      case "gchord": pattern = argument.flatMap { Accompaniment.pattern(String($0)) } ?? pattern
      case "chordprog": if let value, (0...127).contains(value) { settings.chordProgram = value }
      case "bassprog": if let value, (0...127).contains(value) { settings.bassProgram = value }
      case "chordvol": if let value, (1...127).contains(value) { settings.chordVelocity = value }
      case "bassvol": if let value, (1...127).contains(value) { settings.bassVelocity = value }
      case "drum": drum = DrumPattern(Array(words.dropFirst())) ?? drum
      case "drumon": settings.drums = true
      case "drumoff": settings.drums = false
      case "nobarlines": settings.accidentalsPerNote = true
      case "barlines": settings.accidentalsPerNote = false
      case "beat":
        let levels = words.dropFirst().prefix(3).compactMap { Int($0) }
        if levels.count == 3, levels.allSatisfy({ (1...127).contains($0) }) {
          (settings.downbeatVelocity, settings.strongBeatVelocity, settings.otherVelocity) =
            (levels[0], levels[1], levels[2])
        }
      default: continue
      }
    }
    return Settings(options: settings, gchord: pattern, drum: drum)
  }

  /// The setting of one `%%MIDI` line's arguments, nil for other commands.
  static func parse(_ arguments: String) -> VoiceInstrument? {
    let words = arguments.split(whereSeparator: \.isWhitespace)
    guard let command = words.first?.lowercased() else { return nil }
    let numbers = words.dropFirst().compactMap { Int($0) }
    switch command {
    case "program":
      if numbers.count >= 2, (1...16).contains(numbers[0]), (0...127).contains(numbers[1]) {
        return VoiceInstrument(program: numbers[1], channel: numbers[0] - 1)
      }
      guard let program = numbers.first, (0...127).contains(program) else { return nil }
      return VoiceInstrument(program: program)
    case "channel":
      guard let channel = numbers.first, (1...16).contains(channel) else { return nil }
      return VoiceInstrument(channel: channel - 1)
    case "transpose":
      guard let semitones = numbers.first, (-48...48).contains(semitones) else { return nil }
      return VoiceInstrument(transpose: semitones)
    default:
      return nil
    }
  }

  /// The voice whose music follows source line `line` most closely.
  static func voice(after line: Int, in tune: Tune) -> Int? {
    var best: (voice: Int, line: Int)?
    for (index, voice) in tune.voices.enumerated() {
      guard let next = voice.elements.first(where: { $0.range.start.line > line })?.range.start.line else {
        continue
      }
      if best == nil || next < best!.line { best = (index, next) }
    }
    return best?.voice
  }
}
