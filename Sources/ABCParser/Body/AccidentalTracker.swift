import ScoreModel

/// Works out the sounding alteration of each note from key, bar and written accidentals.
///
/// Method: a table of the key's alteration per step, plus a map from a pitch's
/// diatonic index (step and octave) to the alteration an accidental set earlier in
/// the bar. A written accidental wins and is remembered for that step and octave
/// until the next bar line; otherwise a remembered bar accidental applies; otherwise
/// the key's.
///
/// Example in `K:D`: `f ^c =f f | f` → F♯5, C♯5, F♮5, F♮5 | F♯5.
///
/// Known limits: `%%propagate-accidentals` is not read (ABC 2.1's default, per step
/// and octave, is used); an accidental is not carried over a tie into the next bar.
struct AccidentalTracker {
  private var keyAlters: [Int] = Array(repeating: 0, count: 7)
  private var barAlters: [Int: Int] = [:]

  init(key: KeySignature) {
    setKey(key)
  }

  /// Starts using a new key (also forgets bar accidentals).
  mutating func setKey(_ key: KeySignature) {
    keyAlters = Step.allCases.map { key.alter(for: $0) }
    barAlters.removeAll()
  }

  /// Forgets the accidentals of the bar that just ended.
  mutating func endBar() {
    barAlters.removeAll()
  }

  /// The sounding alteration of `pitch`, remembering `written` for the rest of the bar.
  mutating func soundingAlter(of pitch: Pitch, written: Accidental?) -> Int {
    if let written {
      barAlters[pitch.diatonicIndex] = written.alter
      return written.alter
    }
    return barAlters[pitch.diatonicIndex] ?? keyAlters[pitch.step.rawValue]
  }
}
