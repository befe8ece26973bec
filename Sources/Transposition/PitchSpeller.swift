import ScoreModel

/// Spells a transposed note: same diatonic function, respelt when it would need more
/// than a double accidental (or a new double accidental where there was none).
///
/// Example: in C→D♭ (+1, one step), F♯4 → G4, B♭4 → C♭5, E4 → F4.
enum PitchSpeller {
  /// The new written pitch and its sounding alteration.
  static func spell(_ pitch: Pitch, alter: Int, steps: Int, semitones: Int) -> (pitch: Pitch, alter: Int) {
    let target = pitch.naturalMIDIKey + alter + semitones
    var moved = Pitch(diatonicIndex: pitch.diatonicIndex + steps)
    var newAlter = target - moved.naturalMIDIKey
    if abs(newAlter) > 2 || (abs(newAlter) == 2 && abs(alter) < 2) {
      moved = Pitch(diatonicIndex: moved.diatonicIndex + (newAlter > 0 ? 1 : -1))
      newAlter = target - moved.naturalMIDIKey
    }
    return (moved, newAlter)
  }
}
