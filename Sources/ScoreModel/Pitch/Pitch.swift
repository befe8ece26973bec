/// A diatonic step name, C through B.
public enum Step: Int, CaseIterable, Sendable {
  case c = 0
  case d, e, f, g, a, b

  /// Semitones above C in the natural scale.
  public var semitone: Int { [0, 2, 4, 5, 7, 9, 11][rawValue] }

  public init?(letter: Character) {
    switch letter.lowercased() {
    case "c": self = .c
    case "d": self = .d
    case "e": self = .e
    case "f": self = .f
    case "g": self = .g
    case "a": self = .a
    case "b": self = .b
    default: return nil
    }
  }

  public var letter: Character { Array("CDEFGAB")[rawValue] }
}

/// A written accidental.
public enum Accidental: Int, Sendable, CaseIterable {
  case doubleFlat = -2
  case flat = -1
  case natural = 0
  case sharp = 1
  case doubleSharp = 2

  /// The alteration in semitones.
  public var alter: Int { rawValue }

  /// The ABC spelling: `__`, `_`, `=`, `^`, `^^`.
  public var abcText: String {
    switch self {
    case .doubleFlat: "__"
    case .flat: "_"
    case .natural: "="
    case .sharp: "^"
    case .doubleSharp: "^^"
    }
  }
}

/// A written pitch: a step in an octave (octave 4 holds middle C, ABC's `C`).
public struct Pitch: Hashable, Sendable, CustomStringConvertible {
  public var step: Step
  public var octave: Int

  public init(step: Step, octave: Int) {
    self.step = step
    self.octave = octave
  }

  /// Diatonic index counting steps from C0; middle C (C4) is 28.
  public var diatonicIndex: Int { octave * 7 + step.rawValue }

  public init(diatonicIndex: Int) {
    let octave = Int((Double(diatonicIndex) / 7).rounded(.down))
    self.init(step: Step(rawValue: diatonicIndex - octave * 7) ?? .c, octave: octave)
  }

  /// MIDI key number of the natural pitch (C4 = 60).
  public var naturalMIDIKey: Int { (octave + 1) * 12 + step.semitone }

  public var description: String { "\(step.letter)\(octave)" }
}
