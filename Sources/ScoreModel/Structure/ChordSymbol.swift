/// A chord symbol read from its text: root, quality suffix and bass (`F#m7/C#`).
///
/// The suffix is kept as written (`m7`, `maj7`, `sus4`, `7b9`); readers that need the
/// chord's notes or a named kind interpret it. Text that does not start with a note
/// letter (`N.C.`, `(break)`) is not a chord symbol.
public struct ChordSymbol: Hashable, Sendable {
  public var root: Step
  /// Semitones from the root's letter: -1 for `b`/`♭`, 1 for `#`/`♯`.
  public var rootAlter: Int
  /// What follows the root up to a `/bass`: `m7`, `maj7`, `sus4`, or empty for a major triad.
  public var suffix: String
  public var bass: Step?
  public var bassAlter: Int

  public init(root: Step, rootAlter: Int = 0, suffix: String = "", bass: Step? = nil, bassAlter: Int = 0) {
    self.root = root
    self.rootAlter = rootAlter
    self.suffix = suffix
    self.bass = bass
    self.bassAlter = bassAlter
  }

  /// Reads `G`, `Bbm7`, `F#dim/A`, `(Am)`; nil when the text names no root or goes on
  /// with what is not a chord quality (`D.C.`, `Fine`).
  public init?(_ text: String) {
    var rest = Substring(text).drop { $0 == "(" || $0 == " " }
    while rest.last == ")" || rest.last == " " { rest = rest.dropLast() }
    guard let (root, rootAlter, afterRoot) = Self.note(rest) else { return nil }
    rest = afterRoot
    self.root = root
    self.rootAlter = rootAlter
    bass = nil
    bassAlter = 0
    if let slash = rest.lastIndex(of: "/"),
      let (bass, alter, tail) = Self.note(rest[rest.index(after: slash)...]),
      tail.isEmpty
    {
      self.bass = bass
      bassAlter = alter
      rest = rest[..<slash]
    }
    guard rest.allSatisfy(Self.suffixCharacters.contains) else { return nil }
    suffix = String(rest)
  }

  /// What a quality suffix is made of (`m7b5`, `maj9`, `7(#11)`, `sus4`, `Δ`, `ø`, `°`);
  /// text with other characters (`D.C.`, `Fine`) is not a chord symbol.
  static let suffixCharacters = Set("abcdefghijklmnopqrstuvwxyzM0123456789#♭♯+-–°øΔ()^,")

  /// The pitch class of the root (C = 0).
  public var rootPitchClass: Int { ((root.semitone + rootAlter) % 12 + 12) % 12 }

  /// The pitch class of the bass, the root's when none is written.
  public var bassPitchClass: Int {
    guard let bass else { return rootPitchClass }
    return ((bass.semitone + bassAlter) % 12 + 12) % 12
  }

  /// A note letter and its signs at the start of `text`, and what follows.
  private static func note(_ text: Substring) -> (Step, Int, Substring)? {
    guard let letter = text.first, letter.isUppercase, let step = Step(letter: letter) else { return nil }
    var rest = text.dropFirst()
    var alter = 0
    while let sign = rest.first, sign == "#" || sign == "b" || sign == "♯" || sign == "♭" {
      alter += sign == "#" || sign == "♯" ? 1 : -1
      rest = rest.dropFirst()
    }
    return (step, alter, rest)
  }
}
