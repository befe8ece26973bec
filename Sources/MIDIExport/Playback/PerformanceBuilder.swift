import ScoreModel

/// Builds the `Performance` of a tune: what a player would play, voice by voice.
///
/// Method, per voice:
/// 1. Parts: when the header has a `P:` play order (`P:A2B`, `P:(AB)3`) and the body
///    marks parts (`P:A`), the voice is cut at its part labels and the parts are laid
///    end to end in play order; music before the first label plays once at the start.
///    Without a header order, body labels are only labels.
/// 2. Repeats: each part is unfolded by `RepeatUnfolder`.
/// 3. Notes: `VoicePerformer` plays the unfolded elements on an exact clock.
/// Tempo comes from `Tune.tempo` and every voice's tempo changes (120 crotchets per
/// minute when there is none, like abc2midi; `PlaybackOptions.tempo` overrides them);
/// meters from the first voice. Each voice's `%%MIDI program`, `channel` and `transpose`
/// (`MIDIDirectives`) go on its track.
///
/// Example: `P:ABA` with parts A = `C D :|` and B = `E` → C D C D E C D C D.
///
/// Bounds: the play order stops at `Limits.playedPartsPerTune` parts, each voice at
/// `Limits.playedElementsPerVoice` elements and all voices together at
/// `Limits.playedElementsPerTune`; each cut is a warning in `Performance.warnings`, so
/// nested parts and repeats (`P:((((A)9)9)9)9`) cannot grow the MIDI file without end.
///
/// Known limits: a voice without part labels of its own plays straight through even
/// when the header gives a play order.
public struct PerformanceBuilder: Sendable {
  public var options: PlaybackOptions

  public init(options: PlaybackOptions = PlaybackOptions()) {
    self.options = options
  }

  /// The drum track (`%%MIDI drum` while `drumon`), and the bass and chord tracks from the
  /// first voice's chord symbols, when asked for by the options or the tune's
  /// `%%MIDI gchordon` (and not refused by `gchordoff`), with the tune's `%%MIDI
  /// chordprog`, `bassprog`, `chordvol` and `bassvol`.
  func accompaniment(_ settings: MIDIDirectives.Settings, first: VoicePerformer?, length: Rational)
    -> [PerformanceTrack]
  {
    var tracks: [PerformanceTrack] = []
    if settings.options.drums, let drum = settings.drum, let first {
      let notes = Accompaniment.drumNotes(drum, bars: first.bars, length: length)
      tracks.append(PerformanceTrack(voiceID: "drums", name: "Drums", notes: notes, channel: 9))
    }
    let options = settings.options
    guard options.accompaniment, let first, !first.chords.isEmpty else { return tracks }
    let (bass, chords) = Accompaniment.notes(
      chords: first.chords, bars: first.bars, length: length, chordVelocity: options.chordVelocity,
      bassVelocity: options.bassVelocity, pattern: settings.gchord)
    return tracks + [
      PerformanceTrack(voiceID: "bass", name: "Bass", notes: bass, program: options.bassProgram),
      PerformanceTrack(
        voiceID: "chords", name: "Chords", notes: chords.sorted { ($0.onset, $0.key) < ($1.onset, $1.key) },
        program: options.chordProgram),
    ]
  }

  /// The performance of `tune`.
  public func build(_ tune: Tune) -> Performance {
    var performance = Performance(title: tune.title, key: tune.initialKey)
    var tempos: [TempoPoint] = []
    let initialRate = tune.tempo.flatMap(VoicePerformer.quarterNotesPerMinute)
    tempos.append(
      TempoPoint(onset: .zero, quarterNotesPerMinute: initialRate ?? options.defaultQuarterNotesPerMinute))
    if tune.initialMeter.barLength != nil {
      performance.meters.append(MeterPoint(onset: .zero, meter: tune.initialMeter))
    }
    let (order, partsCut) = tune.metadata.parts.map(PartOrder.read) ?? ([], false)
    if partsCut {
      let field = tune.metadata.fields.first { $0.label == "P" }
      performance.warnings.append(
        Diagnostic(
          .warning,
          "the P: play order unfolds to more than \(Limits.playedPartsPerTune) parts; it is cut there",
          at: field?.range ?? tune.range))
    }
    var remaining = Limits.playedElementsPerTune
    let instruments = MIDIDirectives.instruments(of: tune)
    let settings = MIDIDirectives.settings(of: tune, over: options)
    var firstPerformer: VoicePerformer?
    for (voiceIndex, voice) in tune.voices.enumerated() {
      var performer = VoicePerformer(
        options: settings.options, elements: voice.elements, meter: tune.initialMeter, key: tune.initialKey)
      let limit = min(Limits.playedElementsPerVoice, remaining)
      let (positions, cut) = Self.playOrder(voice.elements, parts: order, limit: limit)
      remaining -= positions.count
      if cut {
        let who =
          limit < Limits.playedElementsPerVoice
          ? "the voices together play more than \(Limits.playedElementsPerTune)"
          : "voice \(Diagnostic.excerpt(voice.id)) plays more than \(limit)"
        performance.warnings.append(
          Diagnostic(
            .warning,
            "\(who) notes, rests and bars once repeats and parts are unfolded; voice "
              + "\(Diagnostic.excerpt(voice.id)) stops there", at: tune.range))
      }
      for position in positions {
        performer.play(voice.elements[position], at: position)
      }
      var notes = performer.notes
      notes.sort { ($0.onset, $0.key) < ($1.onset, $1.key) }
      let instrument = instruments[voiceIndex]
      performance.tracks.append(
        PerformanceTrack(
          voiceID: voice.id, name: voice.name, transpose: voice.transpose + (instrument.transpose ?? 0),
          notes: notes,
          program: instrument.program ?? options.program, channel: instrument.channel))
      tempos += performer.tempos
      if voiceIndex == 0 {
        performance.meters += performer.meters
        firstPerformer = performer
      }
      performance.length = max(performance.length, performer.time)
    }
    performance.tracks += accompaniment(settings, first: firstPerformer, length: performance.length)
    performance.tempos =
      options.tempo.map { [TempoPoint(onset: .zero, quarterNotesPerMinute: $0)] } ?? Self.merged(tempos)
    return performance
  }

  /// Positions of `elements` in play order: parts laid out by `parts`, repeats unfolded.
  public static func playOrder(_ elements: [VoiceElement], parts: [String]) -> [Int] {
    playOrder(elements, parts: parts, limit: Limits.playedElementsPerVoice).positions
  }

  /// The play order, at most `limit` positions, and whether it was cut there.
  static func playOrder(_ elements: [VoiceElement], parts: [String], limit: Int) -> (
    positions: [Int], cut: Bool
  ) {
    var intro: [Int] = []
    var sections: [Character: [Int]] = [:]
    var current: Character?
    for (position, element) in elements.enumerated() {
      if case .partLabel(let label, _) = element, let letter = label.first(where: \.isLetter) {
        current = letter
        sections[letter, default: []].append(position)
        continue
      }
      if let current {
        sections[current, default: []].append(position)
      } else {
        intro.append(position)
      }
    }
    let wanted = parts.compactMap(\.first).filter { sections[$0] != nil }
    guard !wanted.isEmpty else { return unfold(Array(elements.indices), in: elements, limit: limit) }
    var (order, cut) = unfold(intro, in: elements, limit: limit)
    for letter in wanted where !cut {
      let part = unfold(sections[letter] ?? [], in: elements, limit: limit - order.count)
      order += part.positions
      cut = part.cut
    }
    return (order, cut)
  }

  private static func unfold(_ positions: [Int], in elements: [VoiceElement], limit: Int) -> (
    positions: [Int], cut: Bool
  ) {
    let subset = positions.map { elements[$0] }
    let (order, cut) = RepeatUnfolder.playOrder(subset, limit: limit)
    return (order.map { positions[$0] }, cut)
  }

  /// Tempo points sorted by onset, one per onset (the last written wins), no repeats.
  static func merged(_ points: [TempoPoint]) -> [TempoPoint] {
    var byOnset: [Rational: TempoPoint] = [:]
    for point in points { byOnset[point.onset] = point }
    var result: [TempoPoint] = []
    for point in byOnset.values.sorted(by: { $0.onset < $1.onset })
    where result.last?.quarterNotesPerMinute != point.quarterNotesPerMinute {
      result.append(point)
    }
    return result
  }
}
