/// One stretch of ABC text as the parser read it (a note, a bar line, a field's value …),
/// for an editor's colours and bracket matching.
public struct SyntaxToken: Hashable, Sendable {
  /// What the parser read there; the raw value is the name an editor styles.
  public enum Kind: String, Sendable, CaseIterable {
    /// A field's label and colon (`K:`), in a line of its own or inline.
    case field
    /// A field's value (`D`, `6/8`, a title).
    case value
    /// Sung words: the value of a `w:` or `W:` line.
    case lyrics
    /// A `%%` directive line.
    case directive
    /// A `%` comment.
    case comment
    /// Free text between tunes.
    case text
    /// A note with its accidentals, octave marks and length.
    case note
    /// A rest, visible or not, or a multi-measure rest.
    case rest
    /// `[CEG]2`: a chord, its brackets and heads.
    case chord
    /// `{ag}`: grace notes and their braces.
    case grace
    /// A bar line, repeat sign or volta number.
    case bar
    /// `!trill!`, `+fermata+`, `.`, `~`, `T` and other decoration symbols.
    case decoration
    /// `"Am"`, `"^text"`: a chord symbol or annotation.
    case annotation
    /// `[K:D]`: a field inside the music.
    case inline
    /// A slur's `(` or `)`.
    case slur
    /// `(3`, `(3:2:3`: a tuplet.
    case tuplet
    /// A tie `-`.
    case tie
    /// `>` and `<` (broken rhythm), `y` spacers, `$` and `!` line breaks, `\` continuations.
    case rhythm
    /// `&`: a voice overlay.
    case overlay
  }

  /// The 1-based line.
  public var line: Int
  /// The first column (1-based, Unicode scalars) and the column after the last.
  public var start: Int
  public var end: Int
  public var kind: Kind

  public init(line: Int, start: Int, end: Int, kind: Kind) {
    self.line = line
    self.start = start
    self.end = end
    self.kind = kind
  }
}
