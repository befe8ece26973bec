import ScoreModel

/// Transposes the root and bass note of a chord symbol: `F#m7/C#` +2 → `G#m7/D#`.
///
/// Method: a root is a letter A–G with an optional `#`, `b`, `♯` or `♭`; the bass is the
/// same after the last `/`. Each moves by the key's diatonic steps (keeping its function,
/// like notes) and is respelt with the new key's preference (flats in a flat key) when
/// that would need a double accidental. The quality text between them is kept, and so
/// is the accidental style (`#`/`b` or `♯`/`♭`).
///
/// Known limits: text that does not start with a note letter (`N.C.`, `(Am)`) is kept.
enum ChordSymbolTransposer {
  static func transpose(_ text: String, steps: Int, semitones: Int, prefersFlats: Bool) -> String {
    let characters = Array(text)
    guard let (root, rootEnd) = note(in: characters, at: 0) else { return text }
    var bassStart: Int?
    if let slash = characters.lastIndex(of: "/"), slash >= rootEnd, note(in: characters, at: slash + 1) != nil
    {
      bassStart = slash + 1
    }
    let unicode = characters.contains("♯") || characters.contains("♭")
    var result = move(root, steps: steps, semitones: semitones, prefersFlats: prefersFlats, unicode: unicode)
    if let bassStart, let (bass, bassEnd) = note(in: characters, at: bassStart) {
      result += String(characters[rootEnd..<bassStart])
      result += move(bass, steps: steps, semitones: semitones, prefersFlats: prefersFlats, unicode: unicode)
      result += String(characters[bassEnd...])
    } else {
      result += String(characters[rootEnd...])
    }
    return result
  }

  /// A note name at `index`: its step and alteration, and the index after it.
  static func note(in characters: [Character], at index: Int) -> ((Step, Int), Int)? {
    guard index < characters.count, "ABCDEFG".contains(characters[index]),
      let step = Step(letter: characters[index])
    else { return nil }
    var end = index + 1
    var alter = 0
    if end < characters.count {
      switch characters[end] {
      case "#", "♯":
        alter = 1
        end += 1
      case "b", "♭":
        alter = -1
        end += 1
      default:
        break
      }
    }
    return ((step, alter), end)
  }

  static func move(
    _ note: (Step, Int), steps: Int, semitones: Int, prefersFlats: Bool, unicode: Bool
  ) -> String {
    let pitchClass = KeyTransposer.modulo(note.0.semitone + note.1 + semitones, 12)
    var step = Step(rawValue: KeyTransposer.modulo(note.0.rawValue + steps, 7)) ?? note.0
    var alter = KeyTransposer.modulo(pitchClass - step.semitone + 6, 12) - 6
    if abs(alter) > 1 {
      let names: [(Step, Int)] =
        prefersFlats
        ? [
          (.c, 0), (.d, -1), (.d, 0), (.e, -1), (.e, 0), (.f, 0), (.g, -1), (.g, 0), (.a, -1), (.a, 0),
          (.b, -1), (.b, 0),
        ]
        : [
          (.c, 0), (.c, 1), (.d, 0), (.d, 1), (.e, 0), (.f, 0), (.f, 1), (.g, 0), (.g, 1), (.a, 0), (.a, 1),
          (.b, 0),
        ]
      (step, alter) = names[pitchClass]
    }
    let sign = alter > 0 ? (unicode ? "♯" : "#") : alter < 0 ? (unicode ? "♭" : "b") : ""
    return String(step.letter) + sign
  }
}
