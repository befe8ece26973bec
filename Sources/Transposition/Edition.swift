import ScoreModel

/// A tune book's edition for an instrument: the written pitch moved (and for a bass
/// edition the clef changed), named for the title page and running heads.
///
/// A B♭ instrument (clarinet, trumpet, soprano and tenor saxophone) reads a major second
/// above concert pitch; an E♭ instrument (alto and baritone saxophone) a major sixth
/// above, here an octave lower, a minor third down, which keeps a fiddle tune's D4–B5
/// inside the saxophone's range; an F instrument (horn, cor anglais) a fifth above, here a
/// fourth down. The bass edition sets the melody an octave down in the bass clef (cello,
/// bassoon, trombone). Chord symbols and key signatures follow (`Transposer`).
public struct Edition: Sendable, Hashable {
  /// The semitones the written notes move.
  public var semitones: Int
  /// The clef every treble-clef voice is set in, when the edition changes it.
  public var clef: Clef?
  /// How the edition is named on the title page and in `{edition}` (nil: concert pitch).
  public var name: String?

  public init(semitones: Int = 0, clef: Clef? = nil, name: String? = nil) {
    self.semitones = semitones
    self.clef = clef
    self.name = name
  }

  /// The editions `--edition` names, by code.
  public static let named: [(code: String, edition: Edition)] = [
    ("bb", Edition(semitones: 2, name: "B♭ edition")),
    ("eb", Edition(semitones: -3, name: "E♭ edition")),
    ("f", Edition(semitones: -5, name: "F edition")),
    ("bass", Edition(semitones: -12, clef: .bass, name: "Bass clef edition")),
    ("c", Edition(name: nil)),
  ]

  /// The edition of a code (`bb`, `Bb`, `b-flat`, `eb`, `f`, `bass`, `c`), nil when unknown.
  public static func code(_ text: String) -> Edition? {
    let folded = text.lowercased().replacing("-flat", with: "b").replacing("♭", with: "b")
    return named.first { $0.code == folded }?.edition
  }

  /// Nothing moves.
  public var isIdentity: Bool { semitones == 0 && clef == nil }

  /// This edition moved `more` semitones further (`--transpose` with `--edition`).
  public func adding(semitones more: Int) -> Edition {
    var result = self
    result.semitones += more
    return result
  }

  /// The tune as this edition writes it; `tune` itself is not changed.
  public func apply(_ tune: Tune) -> Tune {
    guard !isIdentity else { return tune }
    var result = Transposer(semitones: semitones).transpose(tune)
    guard let clef else { return result }
    for index in result.voices.indices {
      var voice = result.voices[index]
      if voice.clef.shape == .treble && voice.clef.octaveShift == 0 {
        voice.clef = clef
        voice.hasExplicitClef = true
      }
      voice.elements = voice.elements.map { element in
        if case .clefChange(let old, let range) = element, old.shape == .treble, old.octaveShift == 0 {
          return .clefChange(clef, range)
        }
        return element
      }
      result.voices[index] = voice
    }
    return result
  }
}
