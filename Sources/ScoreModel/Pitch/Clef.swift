/// A clef shape.
public enum ClefShape: String, Sendable {
  case treble, bass, alto, percussion, none
}

/// A clef: a shape on a staff line, with an optional octave transposition.
public struct Clef: Hashable, Sendable {
  public var shape: ClefShape
  /// True when notes are written at the pitch they sound and drawn `octaveShift` octaves
  /// away from it (MusicXML: a tenor's C4 sits on the treble-8 clef's third space); false
  /// when the octave mark only adds its figure and notes are drawn as written (ABC, as
  /// abcm2ps reads `treble-8`). (Beside `shape`, so the clef stays 24 bytes.)
  public var movesNotes: Bool
  /// The staff line the clef sits on, 1 = bottom line (treble 2, bass 4, alto 3, tenor 4).
  public var line: Int
  /// Octave marking: +1 for `treble+8`, -1 for `treble-8`.
  public var octaveShift: Int

  public init(shape: ClefShape, line: Int? = nil, octaveShift: Int = 0, movesNotes: Bool = false) {
    self.shape = shape
    self.line = line ?? Clef.defaultLine(for: shape)
    self.octaveShift = octaveShift
    self.movesNotes = movesNotes && octaveShift != 0
  }

  public static let treble = Clef(shape: .treble)
  public static let bass = Clef(shape: .bass)
  public static let alto = Clef(shape: .alto)
  public static let tenor = Clef(shape: .alto, line: 4)

  static func defaultLine(for shape: ClefShape) -> Int {
    switch shape {
    // A percussion staff reads like a treble one (abcm2ps): B is its middle line.
    case .treble, .percussion: 2
    case .bass: 4
    case .alto, .none: 3
    }
  }

  /// The written pitch on the clef's own line (G4 for a treble clef, F3 bass, C4 alto).
  public var referencePitch: Pitch {
    switch shape {
    case .treble, .percussion: Pitch(step: .g, octave: 4)
    case .bass: Pitch(step: .f, octave: 3)
    case .alto, .none: Pitch(step: .c, octave: 4)
    }
  }

  /// Staff position of a pitch in half spaces above the bottom line (0 = bottom line,
  /// 8 = top line of a five-line staff).
  public func staffPosition(of pitch: Pitch) -> Int {
    let reference = referencePitch.diatonicIndex
    return pitch.diatonicIndex - reference + (line - 1) * 2 - (movesNotes ? 7 * octaveShift : 0)
  }
}
