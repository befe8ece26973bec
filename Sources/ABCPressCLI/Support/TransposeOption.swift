import ScoreModel
import Transposition

/// The `--transpose N` and `--edition CODE` options every subcommand that reads tunes takes.
enum TransposeOption {
  static let name = "--transpose"
  static let editionName = "--edition"
  static let names: Set<String> = [name, editionName]
  static let help = """
      --transpose <n>         Transpose by n semitones (-48 to 48), respelling keys and chords.
      --edition <code>        An edition for an instrument, named on the title page and in
                              {edition}: bb (B♭: clarinet, trumpet; a tone up), eb (E♭: alto
                              saxophone; a minor third down), f (F: horn; a fourth down),
                              bass (an octave down in the bass clef), c (concert pitch).
                              With --transpose both apply.
    """

  /// The semitones asked for, 0 when the option is absent.
  static func semitones(_ arguments: ParsedArguments) throws(UsageError) -> Int {
    guard let text = arguments[name] else { return 0 }
    let digits = text.hasPrefix("+") ? String(text.dropFirst()) : text
    guard let value = Int(digits), Limits.transpose.contains(value) else {
      let range = Limits.transpose
      throw UsageError(
        "--transpose must be a whole number of semitones from \(range.lowerBound) to \(range.upperBound), "
          + "got '\(text)'")
    }
    return value
  }

  /// `--edition` moved by `--transpose`; concert pitch when neither is given.
  static func edition(_ arguments: ParsedArguments) throws(UsageError) -> Edition {
    let semitones = try semitones(arguments)
    guard let code = arguments[editionName] else { return Edition(semitones: semitones) }
    guard let edition = Edition.code(code) else {
      let codes = Edition.named.map(\.code)
      throw UsageError(
        "--edition is one of \(codes.joined(separator: ", ")), not '\(code)'"
          + Suggestion.hint(for: code.lowercased(), among: codes))
    }
    let total = edition.semitones + semitones
    guard Limits.transpose.contains(total) else {
      throw UsageError(
        "--edition \(code) with --transpose \(semitones) moves the music too far (\(total) semitones)")
    }
    return edition.adding(semitones: semitones)
  }
}
