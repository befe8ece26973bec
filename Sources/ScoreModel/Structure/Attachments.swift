/// A decoration attached to a note, rest or bar: `!trill!`, `.`, `~`, `!p!`, `!crescendo(!`.
public struct Decoration: Hashable, Sendable {
  /// The canonical ABC 2.1 name without delimiters (`trill`, `staccato`, `roll`,
  /// `fermata`, `invertedfermata`, `accent`, `p`, `crescendo(`, `segno`, `D.S.`, `1` for
  /// a fingering …). Shortcuts and `U:` redefinitions are resolved to these names.
  public var name: String
  public var range: SourceRange

  public init(name: String, range: SourceRange) {
    self.name = name
    self.range = range
  }

  /// Every decoration name ABC 2.1 defines, plus the common abcm2ps ones, in canonical
  /// spelling: the parser reports other names as unknown, and the engraver reports
  /// these when it cannot draw them.
  public static let knownNames: Set<String> = [
    "trill", "trill(", "trill)", "lowermordent", "uppermordent", "mordent", "pralltriller",
    "roll", "turn", "turnx", "invertedturn", "invertedturnx", "arpeggio", "accent",
    "fermata", "invertedfermata", "tenuto", "0", "1", "2", "3", "4", "5", "plus", "snap",
    "slide", "wedge", "upbow", "downbow", "open", "thumb", "breath", "pppp", "ppp", "pp", "p",
    "mp", "mf", "f", "ff", "fff", "ffff", "sfz", "crescendo(", "crescendo)", "diminuendo(",
    "diminuendo)", "segno", "coda", "D.S.", "D.C.", "dacoda", "dacapo", "fine", "shortphrase",
    "mediumphrase", "longphrase", "staccato", "marcato", "umarcato", "dmarcato", "ped", "ped-up", "editorial",
    "courtesy", "beambr1", "beambr2", "beamon", "xstem", "invisible", "dot", "emphasis", "stemless",
    "8va(", "8va)", "8vb(", "8vb)", "15ma(", "15ma)", "trem1", "trem2", "trem3", "trem4", "rbstop",
    "rbend", "cresc", "dim", "sfp", "fp", "sf", "sfs", "rfz", "gmark", "mark", "caesura",
    "ringfinger", "repeatbar", "repeatbar2", "tr", "shortfermata", "longfermata", "verylongfermata",
    "invertedshortfermata", "invertedlongfermata", "ped)", "ped(", "dacs", "D.C.alfine",
    "D.C.alcoda", "D.S.alfine", "D.S.alcoda", "head-x", "x", "triangle", "slap", "bend",
    "glissando(", "glissando)", "/", "//", "///", "-(", "-)", "~(", "~)", "lphr", "mphr", "sphr",
    "head-circle-x", "head-triangle", "head-diamond", "head-square", "head-slash", "head-plus",
    "style=normal", "style=x", "style=triangle", "style=harmonic", "style=rhythm", "style=diamond",
    "style=square", "style=slash", "style=circle-x",
  ]
}

/// Where a quoted string goes: a chord symbol, or an annotation at one of the ABC
/// placements (`"^above"`, `"_below"`, `"<left"`, `">right"`, `"@free"`).
public enum TextPlacement: Hashable, Sendable {
  case chordSymbol
  case above
  case below
  case left
  case right
  /// `"@x,y text"`: offset from the note head in points, as the standard describes.
  case free(x: Double, y: Double)
}

/// A chord symbol or annotation attached to the note, rest or bar after it.
public struct TextAnnotation: Hashable, Sendable {
  /// The text with escapes resolved (`\u00e9`, `&eacute;`, `\'e`) and `b`/`#` kept as
  /// written for chord symbols.
  public var text: String
  public var placement: TextPlacement
  public var range: SourceRange
  /// How the file styles the words (MusicXML's `<words font-style=…>`); nil: the
  /// annotation font as it is.
  public var style: TextStyle?

  public init(text: String, placement: TextPlacement, range: SourceRange, style: TextStyle? = nil) {
    self.text = text
    self.placement = placement
    self.range = range
    self.style = style
  }
}

/// A text's own style over the font it is set in: italic, bold, a relative size.
public struct TextStyle: Hashable, Sendable {
  public var isItalic: Bool?
  public var isBold: Bool?
  /// The size against the font's own (1: as it is).
  public var sizeRatio: Double

  public init(isItalic: Bool? = nil, isBold: Bool? = nil, sizeRatio: Double = 1) {
    self.isItalic = isItalic
    self.isBold = isBold
    self.sizeRatio = sizeRatio
  }
}

/// Grace notes written before a note: `{g}`, `{/g}` (acciaccatura), `{gag}`.
public struct GraceGroup: Hashable, Sendable {
  public var notes: [NoteEvent]
  /// True for `{/…}`: drawn with a slash, played very short.
  public var isAcciaccatura: Bool
  public var range: SourceRange
  /// Whether a slur joins the group to its note: nil as `%%graceslurs` says (ABC), true or
  /// false as the file says (MusicXML).
  public var isSlurred: Bool?
  /// Written before a bar line (`A2{g}|B`): drawn at the end of the bar, before the bar
  /// line, without a slur, as abcm2ps does; played with the note after the bar line.
  public var standsBeforeBar = false

  public init(notes: [NoteEvent], isAcciaccatura: Bool, range: SourceRange) {
    self.notes = notes
    self.isAcciaccatura = isAcciaccatura
    self.range = range
  }
}

/// One end of a slur: slurs pair by `id` within a voice.
public struct SlurMark: Hashable, Sendable {
  public var id: Int
  /// `.(` … `.)`: a dotted slur.
  public var isDotted: Bool
  public var range: SourceRange
  /// The side a start asks for (MusicXML's `placement`/`orientation`): true below, false
  /// above, nil as the notes decide.
  public var isBelow: Bool?

  public init(id: Int, isDotted: Bool = false, range: SourceRange, isBelow: Bool? = nil) {
    self.id = id
    self.isDotted = isDotted
    self.range = range
    self.isBelow = isBelow
  }
}

/// A tuplet `(p:q:r`: the next `r` notes take the time of `q` notes of their kind.
public struct Tuplet: Hashable, Sendable {
  public var p: Int
  public var q: Int
  public var r: Int
  /// How it is drawn (`%%tuplets` / `I:tuplets` in force where it stands).
  public var style = TupletStyle()

  public init(p: Int, q: Int, r: Int) {
    self.p = p
    self.q = q
    self.r = r
  }
}

/// One syllable of a `w:` lyric line aligned to a note.
public struct LyricSyllable: Hashable, Sendable {
  /// The text, with `~` turned into spaces and `\-` into a literal hyphen.
  public var text: String
  /// True when a hyphen joins this syllable to the next (`-`).
  public var continuesWord: Bool
  /// True when an extender line follows (`_`): the syllable is held over further notes.
  public var hasExtender: Bool
  public var range: SourceRange

  public init(text: String, continuesWord: Bool = false, hasExtender: Bool = false, range: SourceRange) {
    self.text = text
    self.continuesWord = continuesWord
    self.hasExtender = hasExtender
    self.range = range
  }
}

/// How tuplets are drawn: abcm2ps's `%%tuplets WHEN SHAPE NUMBER [SIDE]` (0 each by default).
public struct TupletStyle: Hashable, Sendable {
  /// When the bracket (or slur) is drawn.
  public enum When: Int, Sendable {
    /// When the notes are not one beam group; the number always.
    case unbeamed = 0
    /// Never: neither bracket nor number.
    case never = 1
    /// Always, beamed or not.
    case always = 2
    /// No bracket or curve, beamed or not; the number as `number` says (MusicXML's
    /// `bracket="no"`).
    case noBracket = 3
  }
  public enum Shape: Int, Sendable {
    case bracket = 0
    /// A curve like a slur.
    case slur = 1
    /// A bracket (abcm2ps draws it the beam's way).
    case beamBracket = 2
  }
  public enum Number: Int, Sendable {
    /// `3`.
    case count = 0
    case none = 1
    /// `3:2`.
    case ratio = 2
  }
  public enum Side: Int, Sendable {
    /// On the stem side.
    case automatic = 0
    case above = 1
    case below = 2
  }

  public var when: When = .unbeamed
  public var shape: Shape = .bracket
  public var number: Number = .count
  public var side: Side = .automatic

  public init(
    when: When = .unbeamed, shape: Shape = .bracket, number: Number = .count, side: Side = .automatic
  ) {
    self.when = when
    self.shape = shape
    self.number = number
    self.side = side
  }
}
