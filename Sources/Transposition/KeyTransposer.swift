import ScoreModel

/// Moves a key signature by semitones, choosing the sensible enharmonic spelling.
///
/// Method: the new tonic's pitch class is fixed; each spelling of it (a step with a flat,
/// natural or sharp) gives a signature of `fifths(major tonic) + mode offset`. The one
/// with the fewest sharps or flats wins; a tie (F♯/G♭ major, six each) keeps the
/// direction of the original key (sharps for a sharp or plain key). The diatonic step
/// shift between the old and new tonics (with the octaves of the interval) is returned
/// too: notes move by the same number of steps so that they keep their function.
///
/// Example: C major +1 → D♭ major (5 flats, not C♯'s 7), steps 1; A minor +1 → B♭
/// minor; D dorian +2 → E dorian.
///
/// Known limits: `K:none` keeps no signature and is spelt as if it were C major.
public enum KeyTransposer {
  /// The transposed key and the diatonic steps that notes in it move by.
  public static func transpose(_ key: KeySignature, by semitones: Int) -> (key: KeySignature, steps: Int) {
    let oldStep = key.tonic ?? .c
    let oldAlter = key.tonic == nil ? 0 : key.tonicAlter
    let pitchClass = modulo(oldStep.semitone + oldAlter + semitones, 12)
    var best: (step: Step, alter: Int, fifths: Int)?
    for step in Step.allCases {
      let alter = modulo(pitchClass - step.semitone + 6, 12) - 6
      guard abs(alter) <= 1 else { continue }
      let fifths = majorFifths(step, alter) + key.mode.fifthsOffset
      guard let current = best else {
        best = (step, alter, fifths)
        continue
      }
      if abs(fifths) < abs(current.fifths)
        || (abs(fifths) == abs(current.fifths) && (fifths < 0) == (key.fifths < 0))
      {
        best = (step, alter, fifths)
      }
    }
    guard let chosen = best else { return (key, 0) }
    let steps = diatonicSteps(from: oldStep, to: chosen.step, semitones: semitones)
    var result = key
    if key.tonic != nil {
      result.tonic = chosen.step
      result.tonicAlter = chosen.alter
      result.fifths = key.isExplicitOnly ? key.fifths : chosen.fifths
    }
    var explicit: [Step: Accidental] = [:]
    for (step, accidental) in key.explicitAccidentals {
      let moved = Step(rawValue: modulo(step.rawValue + steps, 7)) ?? step
      let alter = modulo(step.semitone + accidental.alter + semitones - moved.semitone + 6, 12) - 6
      explicit[moved] = Accidental(rawValue: max(-2, min(2, alter))) ?? .natural
    }
    result.explicitAccidentals = explicit
    return (result, steps)
  }

  /// Sharps (positive) or flats of the major key on a tonic.
  static func majorFifths(_ step: Step, _ alter: Int) -> Int {
    [0, 2, 4, -1, 1, 3, 5][step.rawValue] + 7 * alter
  }

  /// The diatonic steps of an interval of `semitones` whose letters go from `from` to `to`.
  static func diatonicSteps(from: Step, to: Step, semitones: Int) -> Int {
    let base = modulo(to.rawValue - from.rawValue, 7)
    var best = base
    var bestError = Double.infinity
    let octaves = Int((Double(semitones) / 12).rounded(.down))
    for candidate in [base + 7 * (octaves - 1), base + 7 * octaves, base + 7 * (octaves + 1)] {
      let error = abs(Double(candidate) * 12 / 7 - Double(semitones))
      if error < bestError {
        best = candidate
        bestError = error
      }
    }
    return best
  }

  static func modulo(_ value: Int, _ divisor: Int) -> Int {
    ((value % divisor) + divisor) % divisor
  }
}
