/// What a display item means musically; themes colour by role, tests query by role.
///
/// The vocabulary is fixed and documented in Documentation/display-list.md; later stages
/// add cases, never rename them.
public enum Role: String, Sendable, CaseIterable {
  case staffLine, ledgerLine, barLine, repeatDot, clef, keySignature, timeSignature
  case notehead, accidental, dot, stem, flag, beam, rest
  case tie, slur, tuplet, decoration, chordSymbol, annotation, lyric
  case title, subtitle, composer, origin, rhythm, tempo, partLabel, measureNumber, volta
  case text, header, footer
  /// Fret numbers on a tablature staff.
  case tablature

  /// The case's position in `allCases` (a case without payload is stored as its
  /// declaration index; a test checks that the two agree).
  public var ordinal: Int { Int(unsafeBitCast(self, to: UInt8.self)) }

  /// The raw value as a static string, for the dump's item lines (a string read from a
  /// table cost a reference count and a lazy global's check per item; `OrdinalTests`
  /// checks every case against `rawValue`).
  public var staticName: StaticString {
    switch self {
    case .staffLine: "staffLine"
    case .ledgerLine: "ledgerLine"
    case .barLine: "barLine"
    case .repeatDot: "repeatDot"
    case .clef: "clef"
    case .keySignature: "keySignature"
    case .timeSignature: "timeSignature"
    case .notehead: "notehead"
    case .accidental: "accidental"
    case .dot: "dot"
    case .stem: "stem"
    case .flag: "flag"
    case .beam: "beam"
    case .rest: "rest"
    case .tie: "tie"
    case .slur: "slur"
    case .tuplet: "tuplet"
    case .decoration: "decoration"
    case .chordSymbol: "chordSymbol"
    case .annotation: "annotation"
    case .lyric: "lyric"
    case .title: "title"
    case .subtitle: "subtitle"
    case .composer: "composer"
    case .origin: "origin"
    case .rhythm: "rhythm"
    case .tempo: "tempo"
    case .partLabel: "partLabel"
    case .measureNumber: "measureNumber"
    case .volta: "volta"
    case .text: "text"
    case .header: "header"
    case .footer: "footer"
    case .tablature: "tablature"
    }
  }
}
