import ScoreModel

/// Works out the sounding alteration of each note from key, bar and written accidentals.
///
/// Method: a table of the key's alteration per step, plus a map from a pitch's
/// diatonic index (or its step alone under `propagate-accidentals pitch`) to the
/// alteration an accidental set earlier in the bar. A written accidental wins and is
/// remembered until the next bar line (not at all under `not`); otherwise a remembered
/// bar accidental applies; otherwise the key's.
///
/// Example in `K:D`: `f ^c =f f | f` → F♯5, C♯5, F♮5, F♮5 | F♯5.
///
/// Highland pipes: `K:HP` writes no signature (A mixolydian, `exp`, no accidentals)
/// but the chanter's F and C sound sharp, so this table gives F♯ C♯ for that key.
///
/// Known limits: an accidental is not carried over a tie into the next bar.
struct AccidentalTracker {
  private var keyAlters: [Int] = .filled(0, count: 7)
  private var barAlters: [Int: Int] = [:]
  var propagation: AccidentalPropagation

  init(key: KeySignature, propagation: AccidentalPropagation = .octave) {
    self.propagation = propagation
    setKey(key)
  }

  /// Starts using a new key (also forgets bar accidentals).
  mutating func setKey(_ key: KeySignature) {
    if Self.isHighlandPipes(key) {
      keyAlters = Step.allCases.map { $0 == .f || $0 == .c ? 1 : 0 }
    } else {
      keyAlters = Step.allCases.map { key.alter(for: $0) }
    }
    barAlters.removeAll()
  }

  /// True for the `K:HP` signature: A mixolydian written with no accidentals.
  static func isHighlandPipes(_ key: KeySignature) -> Bool {
    key.tonic == .a && key.mode == .mixolydian && key.isExplicitOnly && key.explicitAccidentals.isEmpty
  }

  /// Forgets the accidentals of the bar that just ended.
  mutating func endBar() {
    // Its room kept: most bars set none, and a bar that does set one made the table anew.
    if !barAlters.isEmpty { barAlters.removeAll(keepingCapacity: true) }
  }

  /// The sounding alteration of `pitch`, remembering `written` for the rest of the bar.
  mutating func soundingAlter(of pitch: Pitch, written: Int?) -> Int {
    let slot = propagation == .pitch ? pitch.step.rawValue - 1000 : pitch.diatonicIndex
    if let written {
      if propagation != .not { barAlters[slot] = written }
      return written
    }
    return barAlters[slot] ?? keyAlters[pitch.step.rawValue]
  }
}
