/// What a source line is, judged from its first characters.
enum LineKind: Equatable {
  /// Only whitespace: ends a tune.
  case empty
  /// Nothing but a `%` comment (or whitespace before one): ignored, does not end a tune.
  case comment
  /// `%%name arguments`.
  case directive
  /// `X:value`: an information field; `valueStart` indexes the first value scalar.
  case field(label: Character, valueStart: Int)
  /// Anything else: music (in a tune body) or free text (between tunes).
  case music

  /// Classifies `line`; `inBody` makes `A:|`-like lines count as music.
  static func classify(_ line: SourceLine, inBody: Bool = false) -> LineKind {
    if line.isBlank { return .empty }
    if line.isDirective { return .directive }
    if line.isCodeBlank { return .comment }
    let scalars = line.scalars
    guard scalars.count >= 2, scalars[1] == ":" else { return .music }
    let first = scalars[0]
    guard first.isASCIILetter || first == "+" else { return .music }
    if inBody && "ABCDEFGabcdefg".unicodeScalars.contains(first) {
      // `A:|` or `B::` is a note followed by a repeat sign, not a field.
      if let third = scalars.count > 2 ? scalars[2] : nil, third == "|" || third == ":" {
        return .music
      }
    }
    return .field(label: Character(first), valueStart: 2)
  }
}
