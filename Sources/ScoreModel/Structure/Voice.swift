/// One voice of a tune: a sequence of musical elements on one staff.
public struct Voice: Sendable {
  public var id: String
  public var name: String?
  public var clef: Clef
  public var elements: [VoiceElement]

  public init(id: String = "1", name: String? = nil, clef: Clef = .treble, elements: [VoiceElement] = []) {
    self.id = id
    self.name = name
    self.clef = clef
    self.elements = elements
  }
}

/// A musical element in a voice, in time order.
public enum VoiceElement: Sendable {
  case note(NoteEvent)
  case rest(RestEvent)
  case bar(BarLine)
  case keyChange(KeySignature, SourceRange)
  case meterChange(Meter, SourceRange)
  case clefChange(Clef, SourceRange)
  /// A score line break the source asks for (end of a music line, `$`, `!`).
  case lineBreak(SourceRange)

  /// Where the element was written.
  public var range: SourceRange {
    switch self {
    case .note(let note): note.range
    case .rest(let rest): rest.range
    case .bar(let bar): bar.range
    case .keyChange(_, let range), .meterChange(_, let range), .clefChange(_, let range),
      .lineBreak(let range):
      range
    }
  }

  /// The time the element takes, zero for non-durational elements.
  public var duration: Rational {
    switch self {
    case .note(let note): note.duration
    case .rest(let rest): rest.duration
    default: .zero
    }
  }
}
