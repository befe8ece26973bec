/// One line of abcm2ps's `%%map NAME NOTE [PRINT] [HEADS] [print=…] [heads=…]`: how the
/// notes of voices using map NAME (`V:… map=NAME`, `%%voicemap NAME`) are drawn.
public struct NoteMapping: Hashable, Sendable {
  /// Which written notes a mapping applies to.
  public enum Match: Hashable, Sendable {
    /// One note in one octave (`^F`, `c'`).
    case note(Pitch)
    /// A note name in every octave (`octave,F`).
    case everyOctave(Step)
    /// A degree of the key in every octave (`key,C` is the tonic, `key,D` the second).
    case keyDegree(Int)
    /// Every note (`all`, `*`).
    case all
  }

  /// The map's name.
  public var map: String
  public var match: Match
  /// The note drawn instead (`print=`): the staff position, not the sound, changes.
  public var printed: Pitch?
  /// The head's name (`x`, `triangle`, `diamond` …); nil keeps the usual head.
  public var head: String?
  /// Where the `%%map` line stands.
  public var range: SourceRange

  public init(map: String, match: Match, printed: Pitch? = nil, head: String? = nil, range: SourceRange) {
    self.map = map
    self.match = match
    self.printed = printed
    self.head = head
    self.range = range
  }

  /// True when the mapping applies to `pitch` in a key whose tonic is `tonic`.
  public func applies(to pitch: Pitch, tonic: Step) -> Bool {
    switch match {
    case .note(let note): note.step == pitch.step && note.octave == pitch.octave
    case .everyOctave(let step): step == pitch.step
    case .keyDegree(let degree): ((pitch.step.rawValue - tonic.rawValue) % 7 + 7) % 7 == degree
    case .all: true
    }
  }
}
