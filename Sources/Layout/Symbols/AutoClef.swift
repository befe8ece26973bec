import ScoreModel

/// Chooses a bass clef for a voice that names no clef and lives low, as abcm2ps does.
///
/// ABC's default clef is treble; a voice whose source never names a clef (no `clef=` or
/// clef word in `K:`/`V:`) and whose notes mostly lie below middle C — a piano left hand
/// written as `V:LH` with `C,` notes — would otherwise sit under a forest of ledger lines.
/// Such a voice is set in the bass clef (the notes keep their pitches). Voices sharing a
/// staff (`%%score (T B)`) share its clef: one that any of them names, else the choice
/// made from all their heads. Overlays follow their host voice.
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
    for members in staffMembers(of: tune) {
      let voices = members.map { tune.voices[$0] }
      // A staff's voices share its clef: one named by any of them, else the median rule
      // over all their heads.
      if let named = voices.first(where: \.hasExplicitClef)?.clef {
        for index in members where !tune.voices[index].hasExplicitClef {
          tune.voices[index].clef = named
          chosen[tune.voices[index].id] = named
        }
        continue
      }
      guard voices.allSatisfy({ $0.clef == .treble }),
        let median = median(voices.map { headIndices(of: $0) }), median < threshold
      else { continue }
      for index in members {
        tune.voices[index].clef = .bass
        chosen[tune.voices[index].id] = .bass
      }
    }
    for index in tune.voices.indices {
      if let host = tune.voices[index].overlayOf, let clef = chosen[host] { tune.voices[index].clef = clef }
    }
    return tune
  }

  /// The voices (indices, overlays left out) that share each staff: from the tune's first
  /// `%%score` groups, and every other voice alone.
  static func staffMembers(of tune: Tune) -> [[Int]] {
    var staves: [[Int]] = []
    var placed = Set<Int>()
    for group in tune.staffGroups ?? [] {
      for ids in group.staves {
        let members = ids.compactMap { id in
          tune.voices.indices.first { tune.voices[$0].id == id && tune.voices[$0].overlayOf == nil }
        }.filter { !placed.contains($0) }
        placed.formUnion(members)
        if !members.isEmpty { staves.append(members) }
      }
    }
    for index in tune.voices.indices where tune.voices[index].overlayOf == nil && !placed.contains(index) {
      staves.append([index])
    }
    return staves
  }

  /// The median of all the lists' heads; nil when there are none, or when a voice has
  /// clef changes of its own.
  static func median(_ lists: [[Int]?]) -> Int? {
    var all: [Int] = []
    for list in lists {
      guard let list else { return nil }
      all += list
    }
    guard !all.isEmpty else { return nil }
    return all.sorted()[all.count / 2]
  }

  /// The diatonic indices of a voice's note heads, nil for a voice with clef changes of
  /// its own.
  static func headIndices(of voice: Voice) -> [Int]? {
    var indices: [Int] = []
    for element in voice.elements {
      switch element {
      case .note(let note): indices += note.heads.map { $0.pitch.diatonicIndex }
      case .clefChange: return nil
      default: break
      }
    }
    return indices
  }
}
