/// A bracket or brace in `%%score` / `%%staves`: which voices share which staves.
///
/// `%%score (S A) | {RH LH}` gives a group of one staff holding voices S and A, then a
/// braced group of two staves. `staves` lists, per staff, the voice ids drawn on it.
public struct StaffGroup: Hashable, Sendable {
  public enum Bracket: String, Hashable, Sendable {
    case none, bracket, brace
  }

  /// A bracket or brace nested in the group (`[{RH LH} Vn Va]`): its sign and which of
  /// the group's staves it spans.
  public struct Inner: Hashable, Sendable {
    public var bracket: Bracket
    public var staves: Range<Int>
    /// A brace that makes its staves one instrument (a keyboard), or false for a sign
    /// over several parts (a choir's divided sopranos, from MusicXML's nested groups).
    public var isOneInstrument: Bool

    public init(bracket: Bracket, staves: Range<Int>, isOneInstrument: Bool = true) {
      self.bracket = bracket
      self.staves = staves
      self.isOneInstrument = isOneInstrument
    }
  }

  public var bracket: Bracket
  public var staves: [[String]]
  /// `|` between staves: bar lines continue through the gap.
  public var barLinesJoin: Bool
  /// Bar lines continue from this group's last staff into the next group's first
  /// (`%%staves`, where staves join unless a `|` parts them).
  public var joinsNext = false
  /// Brackets and braces inside this one, outermost first.
  public var inner: [Inner] = []
  /// Floating voices (`{RH *M LH}`): drawn on the staff listed before them, each note
  /// moving to the staff after it when it lies low (abcm2ps).
  public var floating: Set<String> = []

  public init(bracket: Bracket, staves: [[String]], barLinesJoin: Bool = false) {
    self.bracket = bracket
    self.staves = staves
    self.barLinesJoin = barLinesJoin
  }
}

/// A `%%score` / `%%staves` met inside a tune's music: the staves it lists hold from
/// `time` on (abcm2ps's mid-tune staff changes: voices leave and join, staves are regrouped).
public struct ScoreChange: Hashable, Sendable {
  /// When it takes effect: the furthest any voice had got when the directive stood.
  public var time: Rational
  public var groups: [StaffGroup]
  public var range: SourceRange

  public init(time: Rational, groups: [StaffGroup], range: SourceRange) {
    self.time = time
    self.groups = groups
    self.range = range
  }
}

/// `%%percmap NOTE DRUM [HEAD]` (abcm2ps): how a written note of a percussion part is
/// drawn (its head) and which drum it stands for.
public struct PercussionMapping: Hashable, Sendable {
  /// The written note it applies to, in any octave mark as written (`D`, `^F`, `c`).
  public var pitch: Pitch
  /// The drum's name or General MIDI number, as written (`pedal-hi-hat`, `44`).
  public var drum: String
  /// The note head's name (`x`, `circle-x`, `triangle` …); nil keeps the usual head.
  public var head: String?
  /// Where the `%%percmap` line stands.
  public var range: SourceRange

  public init(pitch: Pitch, drum: String, head: String?, range: SourceRange) {
    self.pitch = pitch
    self.drum = drum
    self.head = head
    self.range = range
  }
}
