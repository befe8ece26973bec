import ScoreModel

/// The `--transpose N` option shared by render, check and midi.
enum TransposeOption {
  static let name = "--transpose"
  static let help =
    "  --transpose <n>         Transpose by n semitones (-48 to 48), respelling keys and chords."

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
}
