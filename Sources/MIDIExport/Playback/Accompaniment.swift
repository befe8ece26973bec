import ScoreModel

/*
 Accompaniment — bass and chords played from the chord symbols, as abc2midi's `gchord` does.

 Method. The first voice's chord symbols, with the onsets they were played at, name the
 harmony from each onset on. Each played bar follows abc2midi's default pattern for its
 meter (`fzczfzcz` in 4/4: bass, rest, chord, rest … in quavers; `fzcfzc` in 6/8), or,
 for meters it has none for, is cut into beats with the bass on the first (and the third
 of four) and the chord on the others. The bass plays the chord's bass note (its `/B`
 bass, else its root) in the octave below C3, the chord from C3 up (inverted over a
 `/B` that is one of its notes), as abc2midi voices them. The chord's notes come from its quality: `m`, `dim`, `aug`, `sus2`/`sus4`, `6`, `7`,
 `maj7`, `m7`, `m7b5`, `dim7`, `9`. A symbol that names no chord (`N.C.`, text) rests.

     M:3/4  "G"G2 B "D7"A3  →  bass G2, chord G B D, chord G B D | bass D2, D7 twice

 `%%MIDI gchord STRING` replaces the beats by abc2midi's pattern spread evenly over the
 bar: `f` bass, `c` chord, `b` both, `z` rest, `g` `h` `i` `j` the chord's first to fourth
 note (broken chords), a digit lengthening the step before it (`f2c2`).

 `%%MIDI drum` patterns (`DrumPattern`) are spread over each bar the same way on the
 percussion channel, while `%%MIDI drumon` is in force.

 Limits. The patterns are read once for the tune (abc2midi may change them mid-tune).
 */

/// abc2midi's `%%MIDI drum dzdd 35 38 38 110 60 60`: a pattern of strikes (`d`) and rests
/// (`z`) spread over each bar, then the drum (percussion key) and velocity of each strike.
struct DrumPattern: Equatable, Sendable {
  var steps: [Accompaniment.Step]
  var keys: [Int]
  var velocities: [Int]

  /// Reads the directive's arguments after `drum`; nil when the pattern is not one.
  init?(_ words: [Substring]) {
    guard let first = words.first, let steps = Accompaniment.pattern(String(first), kinds: "dz") else {
      return nil
    }
    let strikes = steps.filter { $0.kind == "d" }.count
    let numbers = words.dropFirst().compactMap { Int($0) }.filter { (0...127).contains($0) }
    self.steps = steps
    keys = Array(numbers.prefix(strikes))
    velocities = Array(numbers.dropFirst(strikes).prefix(strikes))
  }
}

/// Bass and chord notes from chord symbols.
enum Accompaniment {
  /// One step of a `%%MIDI gchord` pattern: what sounds and for how many units.
  struct Step: Equatable {
    /// `f` bass, `c` chord, `b` both, `z` rest, `g` `h` `i` `j` one chord note.
    var kind: Character
    var units: Int
  }

  /// The steps of an abc2midi gchord string (`fzczfzcz`, `f2c2`, `ghih`), or with
  /// `kinds: "dz"` a drum string (`dzdd`); nil when it holds anything else.
  static func pattern(_ text: String, kinds: String = "fcbzghij") -> [Step]? {
    var steps: [Step] = []
    for character in text {
      if let digit = character.wholeNumberValue, !steps.isEmpty {
        steps[steps.count - 1].units = digit
      } else if kinds.contains(character) {
        steps.append(Step(kind: character, units: 1))
      } else {
        return nil
      }
    }
    return steps.isEmpty || steps.allSatisfy({ $0.units == 0 }) ? nil : steps
  }

  /// The accompaniment's bass and chord notes for `chords` over `bars`, ending at `length`,
  /// on the beats or by `pattern` (spread evenly over each bar).
  static func notes(
    chords: [(onset: Rational, text: String)], bars: [(onset: Rational, meter: Meter)], length: Rational,
    chordVelocity: Int, bassVelocity: Int, pattern: [Step]? = nil
  ) -> (bass: [PerformedNote], chords: [PerformedNote]) {
    guard !chords.isEmpty else { return ([], []) }
    var bassNotes: [PerformedNote] = []
    var notes: [PerformedNote] = []
    var chordIndex = -1
    let starts =
      bars.isEmpty || bars[0].onset > .zero ? [(Rational.zero, bars.first?.meter ?? .none)] + bars : bars
    for (barIndex, bar) in starts.enumerated() {
      let end = barIndex + 1 < starts.count ? starts[barIndex + 1].onset : length
      guard end > bar.onset else { continue }
      let (steps, unit) = stepsOfBar(bar.meter, span: end - bar.onset, pattern: pattern)
      var onset = bar.onset
      for step in steps where onset < end {
        let duration = min(unit * Rational(step.units), end - onset)
        defer { onset += unit * Rational(step.units) }
        while chordIndex + 1 < chords.count && chords[chordIndex + 1].onset <= onset { chordIndex += 1 }
        guard chordIndex >= 0, duration > .zero, let chord = Chord(chords[chordIndex].text) else { continue }
        if step.kind == "f" || step.kind == "b" {
          bassNotes.append(
            PerformedNote(key: 36 + chord.bass, onset: onset, duration: duration, velocity: bassVelocity))
        }
        let keys = chord.keys
        var sounding: [Int] = []
        switch step.kind {
        case "c", "b": sounding = keys
        case "g", "h", "i", "j":
          let index = Int(step.kind.asciiValue! - Character("g").asciiValue!)
          if index < keys.count { sounding = [keys[index]] }
        default: break
        }
        for key in sounding {
          notes.append(PerformedNote(key: key, onset: onset, duration: duration, velocity: chordVelocity))
        }
      }
    }
    return (bassNotes, notes)
  }

  /// The drum track: `drum`'s pattern spread over every bar, each `d` striking the next
  /// of its drums (General MIDI percussion keys) at its velocity, on channel 10.
  static func drumNotes(_ drum: DrumPattern, bars: [(onset: Rational, meter: Meter)], length: Rational)
    -> [PerformedNote]
  {
    var notes: [PerformedNote] = []
    let starts =
      bars.isEmpty || bars[0].onset > .zero ? [(Rational.zero, bars.first?.meter ?? .none)] + bars : bars
    for (barIndex, bar) in starts.enumerated() {
      let end = barIndex + 1 < starts.count ? starts[barIndex + 1].onset : length
      guard end > bar.onset, let barLength = bar.meter.barLength else { continue }
      let unit = barLength / Rational(drum.steps.reduce(0) { $0 + $1.units })
      var onset = bar.onset
      var strike = 0
      for step in drum.steps where onset < end {
        let duration = min(unit * Rational(step.units), end - onset)
        if step.kind == "d", duration > .zero {
          let key = drum.keys.isEmpty ? 35 : drum.keys[strike % drum.keys.count]
          let velocity = drum.velocities.isEmpty ? 80 : drum.velocities[strike % drum.velocities.count]
          notes.append(PerformedNote(key: key, onset: onset, duration: duration, velocity: velocity))
          strike += 1
        }
        onset += unit * Rational(step.units)
      }
    }
    return notes
  }

  /// abc2midi's pattern for a meter when the tune sets none (measured against abc2midi
  /// 4.84): `fzcz` for two beats, `fzczcz` for three, `fzczfzcz` for four (and C, C|),
  /// `fzcfzc` for 6/8 and on to 12/8, `fzbcz` for five, `fzbczcz` for 7/8,
  /// `fzczfzczfzcz` for 6/4; nil for the rest, which take one step a beat.
  static func defaultPattern(_ meter: Meter) -> [Step]? {
    let text: String?
    switch meter {
    case .common, .cut: text = "fzczfzcz"
    case .fraction(let numerators, let denominator) where numerators.count == 1:
      switch (numerators[0], denominator) {
      case (2, _): text = "fzcz"
      case (3, 4), (3, 8): text = "fzczcz"
      case (4, _): text = "fzczfzcz"
      case (5, _): text = "fzbcz"
      case (6, 8), (9, 8), (12, 8): text = String(repeating: "fzc", count: numerators[0] / 3)
      case (6, 4): text = "fzczfzczfzcz"
      case (7, 8): text = "fzbczcz"
      default: text = nil
      }
    default: text = nil
    }
    return text.flatMap { pattern($0) }
  }

  /// The steps of a bar and the length of one unit: `pattern` (else abc2midi's default
  /// for the meter) spread over the meter's bar, else one step a beat over `span`: bass on
  /// the first (and the third of four), chords on the others.
  static func stepsOfBar(_ meter: Meter, span: Rational, pattern: [Step]?) -> ([Step], Rational) {
    if let pattern = pattern ?? defaultPattern(meter), let barLength = meter.barLength {
      return (pattern, barLength / Rational(pattern.reduce(0) { $0 + $1.units }))
    }
    let beat = meter.beatLength
    let count = Int((span / beat).doubleValue.rounded(.up))
    let isFourBeat = meter.barLength.map { $0 / beat == Rational(4) } ?? false
    let steps = (0..<max(count, 0)).map {
      Step(kind: $0 == 0 || (isFourBeat && $0 == 2) ? "f" : "c", units: 1)
    }
    return (steps, beat)
  }

  /// A chord symbol read for playing: root and bass pitch classes and its intervals.
  struct Chord: Equatable {
    var root: Int
    var bass: Int
    var intervals: [Int]

    /// Reads the symbol's notes (`ChordTones`, shared with chord diagrams).
    init?(_ text: String) {
      guard let tones = ChordTones(text) else { return nil }
      root = tones.root
      bass = tones.bass
      intervals = tones.intervals
    }

    /// The chord's keys from the C below middle C, as abc2midi voices them; with a
    /// `/bass` that is a chord note, the notes below it go up an octave (`Am/E` → E A C).
    var keys: [Int] {
      var keys = intervals.map { 48 + root + $0 }
      if bass != root, let index = keys.firstIndex(where: { $0 % 12 == bass }) {
        for below in 0..<index { keys[below] += 12 }
        keys.sort()
      }
      return keys
    }

    init(root: Int, bass: Int, intervals: [Int]) {
      self.root = root
      self.bass = bass
      self.intervals = intervals
    }
  }
}
