import ScoreModel

/// Chooses a bass clef for a voice that names no clef and lives low, as abcm2ps does.
///
/// ABC's default clef is treble; a voice whose source never names a clef (no `clef=` or
/// clef word in `K:`/`V:`) and whose notes mostly lie below middle C — a piano left hand
/// written as `V:LH` with `C,` notes — would otherwise sit under a forest of ledger lines.
/// Such a voice is set in the bass clef (the notes keep their pitches). Overlays follow
/// their host voice.
///
///     V:LH  [C,3G,3][C,G,]- [C,4G,4]   median pitch G2 → bass clef
///
/// Limits: the choice is made once per voice from the median of all its heads; a voice that
/// moves between registers keeps one clef.
enum AutoClef {
  /// The median pitch below which a voice gets the bass clef: A3 (diatonic index 26).
  static let threshold = Pitch(step: .a, octave: 3).diatonicIndex

  static func apply(to tune: Tune) -> Tune {
    var tune = tune
    var chosen: [String: Clef] = [:]
    for index in tune.voices.indices where tune.voices[index].overlayOf == nil {
      let voice = tune.voices[index]
      guard !voice.hasExplicitClef, voice.clef == .treble, let median = medianPitch(of: voice),
        median < threshold
      else { continue }
      tune.voices[index].clef = .bass
      chosen[voice.id] = .bass
    }
    for index in tune.voices.indices {
      if let host = tune.voices[index].overlayOf, let clef = chosen[host] { tune.voices[index].clef = clef }
    }
    return tune
  }

  /// The median diatonic index of a voice's note heads, nil for a voice without notes or
  /// with clef changes of its own.
  static func medianPitch(of voice: Voice) -> Int? {
    var indices: [Int] = []
    for element in voice.elements {
      switch element {
      case .note(let note): indices += note.heads.map { $0.pitch.diatonicIndex }
      case .clefChange: return nil
      default: break
      }
    }
    guard !indices.isEmpty else { return nil }
    return indices.sorted()[indices.count / 2]
  }
}
