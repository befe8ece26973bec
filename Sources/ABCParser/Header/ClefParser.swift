import ScoreModel

/// Reads a clef name as written in `K:` and `V:` (`bass`, `clef=alto1`, `treble-8`).
enum ClefParser {
  /// The clef a word names, or nil when it is not a clef name.
  ///
  /// A trailing `+8`/`-8` shifts an octave; a trailing digit 1–5 picks the staff line.
  static func clef(named word: String) -> Clef? {
    var name = word.lowercased()
    var octaveShift = 0
    if name.hasSuffix("+8") || name.hasSuffix("^8") {
      octaveShift = 1
      name.removeLast(2)
    } else if name.hasSuffix("-8") || name.hasSuffix("_8") {
      octaveShift = -1
      name.removeLast(2)
    }
    var line: Int?
    if let last = name.unicodeScalars.last, let digit = last.asciiDigit {
      guard (1...5).contains(digit) else { return nil }
      line = digit
      name.removeLast()
    }
    let shape: ClefShape
    switch name {
    case "treble", "g": shape = .treble
    case "bass", "f": shape = .bass
    case "alto", "c": shape = .alto
    case "tenor":
      return Clef(shape: .alto, line: line ?? 4, octaveShift: octaveShift)
    case "perc", "percussion", "p": shape = .percussion
    case "none": shape = .none
    default: return nil
    }
    return Clef(shape: shape, line: line, octaveShift: octaveShift)
  }
}
