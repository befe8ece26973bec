/// `%%tablature [voice=ID] INSTRUMENT [tuning=…] [capo=N] [label=…]`: a tablature staff
/// (one line per string, fret numbers for the notes) under a voice's staff, with the
/// instruments and default tunings abcjs offers.
public struct Tablature: Hashable, Sendable {
  /// The voice it shows (`voice=`); nil for the tune's first voice.
  public var voiceID: String?
  /// The instrument's name as written (`guitar`, `violin` …).
  public var instrument: String
  /// The open strings from the lowest to the highest, as MIDI keys of their written pitch.
  public var strings: [Int]
  /// The fret a capo sits at (`capo=`); frets are counted from it.
  public var capo: Int
  /// A label printed at the staff's start (`label=`); nil for none.
  public var label: String?
  /// Where the directive stands.
  public var range: SourceRange

  public init(
    voiceID: String? = nil, instrument: String, strings: [Int], capo: Int = 0, label: String? = nil,
    range: SourceRange
  ) {
    self.voiceID = voiceID
    self.instrument = instrument
    self.strings = strings
    self.capo = capo
    self.label = label
    self.range = range
  }

  /// Default tunings by instrument, lowest string first (written pitch, ABC spelling).
  public static let defaultTunings: [String: String] = [
    "guitar": "E,A,DGBe", "violin": "G,DAe", "fiddle": "G,DAe", "mandolin": "G,DAe",
    "viola": "C,G,DA", "cello": "C,,G,,D,A,", "bass": "E,,A,,D,G,", "ukulele": "GCEA",
    "fivestring": "C,G,DAe",
  ]

  /// The highest fret drawn: notes above it on the top string are out of reach.
  public static let highestFret = 24

  /// The string (0 = lowest) and fret for each of `keys` (MIDI keys of one chord, any
  /// order): every note on its own string, as low on the neck as it goes; nil for a note
  /// no free string reaches.
  public func positions(of keys: [Int]) -> [(string: Int, fret: Int)?] {
    var used = Set<Int>()
    var result = [(string: Int, fret: Int)?](repeating: nil, count: keys.count)
    // Highest notes first, each on the highest free string that reaches it.
    for index in keys.indices.sorted(by: { keys[$0] > keys[$1] }) {
      for string in strings.indices.reversed() where !used.contains(string) {
        let fret = keys[index] - strings[string] - capo
        if fret >= 0 && fret <= Self.highestFret {
          used.insert(string)
          result[index] = (string, fret)
          break
        }
      }
    }
    return result
  }
}

extension Tune {
  /// The tablature staff under `voice`: the one naming it, else (for the tune's first
  /// voice) the one naming no voice.
  public func tablature(of voice: Voice) -> Tablature? {
    tablatures.first { $0.voiceID == voice.id }
      ?? (voice.id == voices.first?.id ? tablatures.first { $0.voiceID == nil } : nil)
  }
}
