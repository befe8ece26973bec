/// A tempo marking from `Q:`: optional text, beat notes and beats per minute.
public struct Tempo: Hashable, Sendable {
  public var text: String?
  /// The note lengths that make one beat (`Q:1/4 3/8=80` has two).
  public var beats: [Rational]
  public var beatsPerMinute: Int?
  public var trailingText: String?
  /// The metronome mark is printed in parentheses, `Allegro (♩ = 120)` (MusicXML's
  /// `<metronome parentheses="yes">`; ABC has no way to say it).
  public var isParenthesized = false
  /// The rate is approximate: `Q:1/4=ca. 120`, printed `♩ = ca. 120`.
  public var isApproximate = false

  public init(
    text: String? = nil, beats: [Rational] = [], beatsPerMinute: Int? = nil,
    trailingText: String? = nil
  ) {
    self.text = text
    self.beats = beats
    self.beatsPerMinute = beatsPerMinute
    self.trailingText = trailingText
  }
}
