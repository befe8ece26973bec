import ScoreModel

/// Where key-signature accidentals sit on the staff for each clef.
///
/// The treble-clef pattern is the reference (sharps F5 C5 G5 D5 A4 E5 B4, flats
/// B4 E5 A4 D5 G4 C5 F4); other clefs shift it by the clef's offset folded into
/// -3…+3 steps. The tenor clef's sharps are the one traditional exception: they start
/// low (F3 on the second line) so the pattern stays inside the staff.
enum KeySignaturePlacement {
  /// The treble clef's positions by step (C D E F G A B): sharps and flats.
  static let trebleSharps = [5, 6, 7, 8, 9, 3, 4]
  static let trebleFlats = [5, 6, 7, 1, 2, 3, 4]

  /// Staff position (half spaces above the bottom line) of a key accidental.
  static func position(of step: Step, accidental: ScoreModel.Accidental, clef: Clef) -> Int {
    let isSharp = accidental.alter > 0
    let reference = (isSharp ? trebleSharps : trebleFlats)[step.rawValue]
    let trebleG = 2
    var shift = (clef.staffPosition(of: Pitch(step: .g, octave: 4)) - trebleG) % 7
    if shift > 3 { shift -= 7 }
    if shift < -3 { shift += 7 }
    var position = reference + shift
    if clef.shape == .alto && clef.line == 4 && isSharp && position > 8 {
      position -= 7
    }
    if clef.shape == .none || clef.shape == .percussion {
      position = reference
    }
    return position
  }
}
