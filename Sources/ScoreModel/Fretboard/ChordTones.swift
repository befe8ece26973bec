/// The notes of a chord symbol: root, bass and the intervals its quality names.
///
/// The quality is read from the symbol's suffix, longest name first (`m7b5` before `m`),
/// as a player reads it: `Am7` is A C E G, `F#dim/A` F♯ A C over A. A suffix not in the
/// table (`7#11`) is read by the quality it starts with.
public struct ChordTones: Equatable, Sendable {
  public var root: Int
  public var bass: Int
  /// Semitones above the root, the root's 0 first.
  public var intervals: [Int]
  /// The quality's usual name (`m7`, `maj7`, `sus4`; empty for a major triad), for tables.
  public var quality: String

  /// Qualities, longest first so `m7b5` is not read as `m`: name, intervals, usual name.
  static let qualities: [(String, [Int], String)] = [
    ("maj7", [0, 4, 7, 11], "maj7"), ("m7b5", [0, 3, 6, 10], "m7b5"), ("dim7", [0, 3, 6, 9], "dim7"),
    ("sus4", [0, 5, 7], "sus4"), ("sus2", [0, 2, 7], "sus2"), ("maj", [0, 4, 7], ""),
    ("dim", [0, 3, 6], "dim"),
    ("aug", [0, 4, 8], "aug"), ("m7", [0, 3, 7, 10], "m7"), ("m6", [0, 3, 7, 9], "m6"),
    ("m9", [0, 3, 7, 10, 14], "m9"), ("M7", [0, 4, 7, 11], "maj7"), ("Δ", [0, 4, 7, 11], "maj7"),
    ("ø", [0, 3, 6, 10], "m7b5"), ("7", [0, 4, 7, 10], "7"), ("9", [0, 4, 7, 10, 14], "9"),
    ("6", [0, 4, 7, 9], "6"), ("m", [0, 3, 7], "m"), ("-", [0, 3, 7], "m"), ("+", [0, 4, 8], "aug"),
    ("o", [0, 3, 6], "dim"), ("°", [0, 3, 6], "dim"),
  ]

  public init(root: Int, bass: Int, intervals: [Int], quality: String = "") {
    self.root = root
    self.bass = bass
    self.intervals = intervals
    self.quality = quality
  }

  public init(_ symbol: ChordSymbol) {
    root = symbol.rootPitchClass
    bass = symbol.bassPitchClass
    let found = Self.qualities.first { symbol.suffix.hasPrefix($0.0) }
    intervals = found?.1 ?? [0, 4, 7]
    quality = found?.2 ?? ""
  }

  public init?(_ text: String) {
    guard let symbol = ChordSymbol(text) else { return nil }
    self.init(symbol)
  }

  /// The chord's pitch classes (C = 0), root first.
  public var pitchClasses: [Int] { intervals.map { (root + $0) % 12 } }
}
