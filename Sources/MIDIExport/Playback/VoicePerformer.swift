import ScoreModel

/// Plays one voice's elements, already in play order, into sounding notes.
///
/// Method: a clock in exact whole notes walks the elements.
/// - A note or chord sounds every head (a key written twice in a chord sounds once).
/// - Ties: a head tied to the next note leaves its written pitch "pending"; when the next
///   note holds that written pitch (step and octave), the pending note is lengthened
///   instead of struck again, keeping its sounding key — so `=F6-|F2` holds F♮ into the
///   next bar even under a key with F♯, as abc2midi plays it. A tie that finds no such
///   note simply ends. Like abc2midi, a note that is the target of a tie in
///   the *written* order is never struck on its own: after a repeat jump that separates
///   it from its tie, it stays silent (its time still passes).
/// - Grace notes play for their written length divided by `graceDivider` (abc2midi's
///   default rule, 4) and take that time from the start of the following note; when
///   they would use up the whole note they are dropped, as abc2midi drops them.
/// - A `staccato` note sounds for half its length (abc2midi's reading).
/// - Velocity follows abc2midi's beat model: 105 on a bar's first beat, 95 on the
///   middle of a bar with an even number of beats, 80 elsewhere.
///
/// Example: `A2- A B` at L:1/8 → A for 3/8, then B at 3/8; `{g}A2` → G for 1/32, A
/// from 1/32 to 1/4.
///
/// - A fermata holds its note for twice its length and delays what follows (abc2midi).
/// - Dynamic marks (`!pp!` … `!fff!`) set the loudness from their note on: the mark's
///   velocity on the downbeat, the beat pattern's steps below it elsewhere.
///
/// - Ornaments (`VoicePerformer+Ornaments`) are played out in notes of a demisemiquaver
///   (shorter on short notes): a trill alternates with the note above, a roll (`~`) plays
///   note, upper, note, lower, note, mordents and turns their figures; the neighbours are
///   the key's scale steps. A tied-into or chorded note is played plain.
/// - Hairpins (`!crescendo(!` … `!crescendo)!`, `!<(!`, `!diminuendo(!`) move the loudness
///   by 20 over the notes they span, and the level holds after them.
/// - `%%MIDI nobarlines`: an accidental sounds on its own note only; the rest of the bar
///   follows the key.
struct VoicePerformer {
  let options: PlaybackOptions
  /// Positions of written notes whose heads (diatonic indices of written pitches) are
  /// reached by a tie from the note before them in the written order.
  let tieTargets: [Int: Set<Int>]

  var notes: [PerformedNote] = []
  private(set) var tempos: [TempoPoint] = []
  private(set) var meters: [MeterPoint] = []
  private(set) var time = Rational.zero
  private var barStart = Rational.zero
  private var meter: Meter
  private var pending: [Int: Int] = [:]
  /// The loudness the last dynamic mark set (`!p!` … `!ff!`), nil before any.
  var dynamic: Int?
  /// Chord symbols as they are played (onset, text), for the accompaniment.
  private(set) var chords: [(onset: Rational, text: String)] = []
  /// Where each played bar starts, with the meter in force.
  private(set) var bars: [(onset: Rational, meter: Meter)] = []
  /// The key in force, for ornaments' neighbours and `nobarlines`.
  var key: KeySignature
  /// An open hairpin: the index of its first note, its onset and its direction (+1, -1).
  var hairpin: (first: Int, onset: Rational, direction: Int)?

  init(options: PlaybackOptions, elements: [VoiceElement], meter: Meter, key: KeySignature = .cMajor) {
    self.options = options
    self.tieTargets = Self.tieTargets(of: elements)
    self.meter = meter
    self.key = key
  }

  /// Written positions (and keys) that a tie from the previous note reaches.
  static func tieTargets(of elements: [VoiceElement]) -> [Int: Set<Int>] {
    var targets: [Int: Set<Int>] = [:]
    var tied: Set<Int> = []
    for (index, element) in elements.enumerated() {
      switch element {
      case .note(let note):
        let pitches = Set(note.heads.map(\.pitch.diatonicIndex))
        let reached = tied.intersection(pitches)
        if !reached.isEmpty { targets[index] = reached }
        tied = Set(note.heads.filter(\.tiesWithinVoice).map(\.pitch.diatonicIndex))
      case .rest:
        tied = []
      default:
        break
      }
    }
    return targets
  }

  private mutating func noteChords(_ annotations: [TextAnnotation]) {
    for annotation in annotations where annotation.placement == .chordSymbol {
      chords.append((time, annotation.text))
    }
  }

  /// Plays the written element at `position`.
  mutating func play(_ element: VoiceElement, at position: Int) {
    switch element {
    case .note(let note):
      noteChords(note.annotations)
      play(note, at: position)
    case .rest(let rest):
      noteChords(rest.annotations)
      pending = [:]
      time += rest.duration
    case .bar:
      barStart = time
      if bars.last?.onset != time { bars.append((time, meter)) }
    case .tempoChange(let tempo, _):
      if let rate = Self.quarterNotesPerMinute(tempo) {
        tempos.append(TempoPoint(onset: time, quarterNotesPerMinute: rate))
      }
    case .meterChange(let newMeter, _):
      meter = newMeter
      meters.append(MeterPoint(onset: time, meter: newMeter))
    case .keyChange(let newKey, _):
      key = newKey
    default:
      break
    }
  }

  private mutating func play(_ note: NoteEvent, at position: Int) {
    let firstOfNote = notes.count
    defer {
      // Every sound the note made (graces and ornaments too) points back at it.
      for index in firstOfNote..<notes.count { notes[index].source = note.range.start }
    }
    let start = time
    var mainStart = start
    if options.playsGraceNotes, let group = note.graceNotes, !group.notes.isEmpty {
      let divider = Rational(max(options.graceDivider, 1))
      let lengths = group.notes.map { $0.duration / divider }
      let total = lengths.reduce(Rational.zero, +)
      if total < note.duration {
        for (grace, length) in zip(group.notes, lengths) {
          for key in Set(grace.heads.map(\.midiKey)).sorted() {
            notes.append(
              PerformedNote(key: key, onset: mainStart, duration: length, velocity: options.otherVelocity))
          }
          mainStart += length
        }
      }
    }
    // A fermata holds the note twice its length, and the music waits (abc2midi).
    let held = note.decorations.contains { Self.fermatas.contains($0.name) }
    let end = start + (held ? note.duration * Rational(2) : note.duration)
    var sounding = end - mainStart
    if options.shortensStaccato && note.decorations.contains(where: { $0.name == "staccato" }) {
      sounding = sounding / Rational(2)
    }
    for decoration in note.decorations {
      if let level = Self.dynamicLevels[decoration.name] { dynamic = level }
      if decoration.name == "crescendo(" || decoration.name == "diminuendo(" {
        hairpin = (notes.count, mainStart, decoration.name == "crescendo(" ? 1 : -1)
      }
    }
    let velocity = velocity(at: mainStart)
    let firstNew = notes.count
    var nextPending: [Int: Int] = [:]
    var struck: Set<Int> = []
    // Cue heads are another part's notes printed as a guide: silent.
    // A head that continues another voice's tie sounds in that voice's note.
    for head in note.heads where !head.isCue && !head.continuesTie {
      let written = head.pitch.diatonicIndex
      guard struck.insert(head.midiKey).inserted else { continue }
      if let held = pending[written] {
        notes[held].duration = mainStart + sounding + note.heldBeyond(of: head) - notes[held].onset
        if head.tiesWithinVoice { nextPending[written] = held }
      } else if tieTargets[position]?.contains(written) == true {
        continue  // abc2midi: the tied-into note is never struck on its own.
      } else {
        let key = soundingKey(head)
        if note.heads.count == 1, let figure = ornament(note, key: key, length: sounding) {
          var onset = mainStart
          for (figureKey, length) in figure {
            notes.append(PerformedNote(key: figureKey, onset: onset, duration: length, velocity: velocity))
            onset += length
          }
        } else {
          let length = sounding + note.heldBeyond(of: head)
          notes.append(PerformedNote(key: key, onset: mainStart, duration: length, velocity: velocity))
        }
        if head.tiesWithinVoice { nextPending[written] = notes.count - 1 }
      }
    }
    pending = nextPending
    time = end
    if note.decorations.contains(where: { $0.name == "crescendo)" || $0.name == "diminuendo)" }) {
      closeHairpin(lastNote: firstNew)
    }
  }

  /// The key a head sounds: its own, or under `nobarlines` the key's when the head has no
  /// accidental of its own.
  private func soundingKey(_ head: NoteHead) -> Int {
    guard options.accidentalsPerNote, head.accidental == nil, head.microtone == nil else {
      return head.midiKey
    }
    return head.pitch.naturalMIDIKey + key.alter(for: head.pitch.step)
  }

  /// The decorations that hold a note (`H`, `!fermata!`, `!invertedfermata!`).
  static let fermatas: Set<String> = ["fermata", "invertedfermata"]

  /// MIDI velocities of the dynamic marks, as abc2midi plays them.
  static let dynamicLevels: [String: Int] = [
    "pppp": 15, "ppp": 30, "pp": 45, "p": 60, "mp": 75, "mf": 90, "f": 105, "ff": 120, "fff": 127,
    "ffff": 127,
    "sfz": 127,
  ]

  /// The beat's velocity; under a dynamic mark the mark's level on the downbeat and the
  /// beat pattern's steps below it.
  private func velocity(at onset: Rational) -> Int {
    let beat = beatVelocity(at: onset)
    guard let dynamic else { return beat }
    return max(1, min(127, dynamic - (options.downbeatVelocity - beat)))
  }

  private func beatVelocity(at onset: Rational) -> Int {
    let offset = onset - barStart
    if offset.isZero { return options.downbeatVelocity }
    if let numerators = meter.terms?.numerators, numerators.reduce(0, +) % 2 == 0,
      let length = meter.barLength, offset == length / Rational(2)
    {
      return options.strongBeatVelocity
    }
    if meter == .common || meter == .cut, offset == Rational(1, 2) { return options.strongBeatVelocity }
    return options.otherVelocity
  }

  /// Crotchets per minute of a `Q:` marking; nil when it gives no number. A bare number
  /// (`Q:120`, deprecated) counts crotchets, as abc2midi reads it.
  static func quarterNotesPerMinute(_ tempo: Tempo) -> Rational? {
    guard let perMinute = tempo.beatsPerMinute, perMinute > 0 else { return nil }
    let beat = tempo.beats.isEmpty ? Rational(1, 4) : tempo.beats.reduce(Rational.zero, +)
    guard beat > .zero else { return nil }
    return Rational(perMinute) * beat * Rational(4)
  }
}
