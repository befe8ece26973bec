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
/// minute when there is none, like abc2midi); meters from the first voice.
///
/// Example: `P:ABA` with parts A = `C D :|` and B = `E` → C D C D E C D C D.
///
/// Known limits: a voice without part labels of its own plays straight through even
/// when the header gives a play order.
public struct PerformanceBuilder: Sendable {
  public var options: PlaybackOptions

  public init(options: PlaybackOptions = PlaybackOptions()) {
    self.options = options
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
    let order = tune.metadata.parts.map(PartOrder.parse) ?? []
    for (voiceIndex, voice) in tune.voices.enumerated() {
      var performer = VoicePerformer(options: options, elements: voice.elements, meter: tune.initialMeter)
      for position in Self.playOrder(voice.elements, parts: order) {
        performer.play(voice.elements[position], at: position)
      }
      var notes = performer.notes
      notes.sort { ($0.onset, $0.key) < ($1.onset, $1.key) }
      performance.tracks.append(
        PerformanceTrack(voiceID: voice.id, name: voice.name, transpose: voice.transpose, notes: notes))
      tempos += performer.tempos
      if voiceIndex == 0 { performance.meters += performer.meters }
      performance.length = max(performance.length, performer.time)
    }
    performance.tempos = Self.merged(tempos)
    return performance
  }

  /// Positions of `elements` in play order: parts laid out by `parts`, repeats unfolded.
  public static func playOrder(_ elements: [VoiceElement], parts: [String]) -> [Int] {
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
    guard !wanted.isEmpty else { return unfold(Array(elements.indices), in: elements) }
    var order = unfold(intro, in: elements)
    for letter in wanted {
      order += unfold(sections[letter] ?? [], in: elements)
    }
    return order
  }

  private static func unfold(_ positions: [Int], in elements: [VoiceElement]) -> [Int] {
    let subset = positions.map { elements[$0] }
    return RepeatUnfolder.playOrder(subset).map { positions[$0] }
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
