import ScoreModel

/*
 Accompaniment — bass and chords played from the chord symbols, as abc2midi's `gchord` does.

 Method. The first voice's chord symbols, with the onsets they were played at, name the
 harmony from each onset on. Each played bar is cut into the meter's beats (crotchets;
 dotted crotchets in compound meters); on a bar's first beat (and the middle one of a
 bar of four) the bass plays the chord's bass note (its `/B` bass, else its root) in the
 octave below C3, on every other beat the chord sounds around middle C, each for its
 beat. The chord's notes come from its quality: `m`, `dim`, `aug`, `sus2`/`sus4`, `6`, `7`,
 `maj7`, `m7`, `m7b5`, `dim7`, `9`. A symbol that names no chord (`N.C.`, text) rests.

     M:3/4  "G"G2 B "D7"A3  →  bass G2, chord G B D, chord G B D | bass D2, D7 twice

 `%%MIDI gchord STRING` replaces the beats by abc2midi's pattern spread evenly over the
 bar: `f` bass, `c` chord, `b` both, `z` rest, `g` `h` `i` `j` the chord's first to fourth
 note (broken chords), a digit lengthening the step before it (`f2c2`).

 Limits. The pattern is read once for the tune (abc2midi may change it mid-tune).
 */

/// Bass and chord notes from chord symbols.
enum Accompaniment {
  /// One step of a `%%MIDI gchord` pattern: what sounds and for how many units.
  struct Step: Equatable {
    /// `f` bass, `c` chord, `b` both, `z` rest, `g` `h` `i` `j` one chord note.
    var kind: Character
    var units: Int
  }

  /// The steps of an abc2midi gchord string (`fzczfzcz`, `f2c2`, `ghih`); nil when it
  /// holds anything else.
  static func pattern(_ text: String) -> [Step]? {
    var steps: [Step] = []
    for character in text {
      if let digit = character.wholeNumberValue, !steps.isEmpty {
        steps[steps.count - 1].units = digit
      } else if "fcbzghij".contains(character) {
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
        let keys = chord.intervals.map { 60 + chord.root + $0 }
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

  /// The steps of a bar and the length of one unit: `pattern` spread over the meter's bar,
  /// else one step a beat over `span`: bass on the first (and the third of four), chords on
  /// the others.
  static func stepsOfBar(_ meter: Meter, span: Rational, pattern: [Step]?) -> ([Step], Rational) {
    if let pattern, let barLength = meter.barLength {
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

    static let letters: [Character: Int] = ["C": 0, "D": 2, "E": 4, "F": 5, "G": 7, "A": 9, "B": 11]
    /// Qualities, longest first so `m7b5` is not read as `m`.
    static let qualities: [(String, [Int])] = [
      ("maj7", [0, 4, 7, 11]), ("m7b5", [0, 3, 6, 10]), ("dim7", [0, 3, 6, 9]), ("sus4", [0, 5, 7]),
      ("sus2", [0, 2, 7]), ("maj", [0, 4, 7]), ("dim", [0, 3, 6]), ("aug", [0, 4, 8]), ("m7", [0, 3, 7, 10]),
      ("m6", [0, 3, 7, 9]), ("m9", [0, 3, 7, 10, 14]), ("M7", [0, 4, 7, 11]), ("7", [0, 4, 7, 10]),
      ("9", [0, 4, 7, 10, 14]), ("6", [0, 4, 7, 9]), ("m", [0, 3, 7]), ("-", [0, 3, 7]), ("+", [0, 4, 8]),
      ("o", [0, 3, 6]),
    ]

    init?(_ text: String) {
      var rest = Substring(text.trimmingPrefix { $0 == "(" })
      guard let letter = rest.first, let pitch = Self.letters[letter] else { return nil }
      rest = rest.dropFirst()
      var root = pitch
      while let sign = rest.first, sign == "#" || sign == "b" || sign == "♯" || sign == "♭" {
        root += sign == "#" || sign == "♯" ? 1 : -1
        rest = rest.dropFirst()
      }
      var bass = root
      if let slash = rest.firstIndex(of: "/"), let bassLetter = rest[rest.index(after: slash)...].first,
        let bassPitch = Self.letters[bassLetter]
      {
        bass = bassPitch
        let sign = rest[rest.index(after: slash)...].dropFirst().first
        if sign == "#" || sign == "♯" { bass += 1 } else if sign == "b" || sign == "♭" { bass -= 1 }
        rest = rest[..<slash]
      }
      let quality = Self.qualities.first { rest.hasPrefix($0.0) }
      self.root = (root + 12) % 12
      self.bass = (bass + 12) % 12
      intervals = quality?.1 ?? [0, 4, 7]
    }

    init(root: Int, bass: Int, intervals: [Int]) {
      self.root = root
      self.bass = bass
      self.intervals = intervals
    }
  }
}
