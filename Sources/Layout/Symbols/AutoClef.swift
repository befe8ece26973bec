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
/// As abcm2ps decides: a staff with nothing under G3 stays treble, one with nothing over F4
/// is bass; otherwise the middle of the staff's range chooses the starting clef (under
/// middle C: bass). The register is then followed line by line: a music line whose median
/// lies well below the treble staff (under A3) turns a treble staff to bass from that line,
/// and one well above the bass staff (over E4) turns it back, with a clef change at the
/// line's start. The gap between the two thresholds keeps a line near middle C from
/// flipping clefs.
///
///     V:LH  [C,3G,3][C,G,]- [C,4G,4]   range C3–G3 → bass clef
///
/// Limits: clefs change only at the start of a music line, never inside one.
enum AutoClef {
  /// The middle of the range below which a staff starts in the bass clef: C4 (diatonic
  /// index 28).
  static let threshold = Pitch(step: .c, octave: 4).diatonicIndex
  /// A staff whose lowest note is at least this (G3) stays treble (abcm2ps's rule).
  static let lowestTreble = Pitch(step: .g, octave: 3).diatonicIndex
  /// A staff whose highest note is at most this (F4) is bass throughout.
  static let highestBass = Pitch(step: .f, octave: 4).diatonicIndex
  /// A line whose median is below this turns a treble staff to bass (A3).
  static let toBass = Pitch(step: .a, octave: 3).diatonicIndex
  /// A line whose median is above this turns a bass staff back to treble (E4).
  static let toTreble = Pitch(step: .e, octave: 4).diatonicIndex

  static func apply(to tune: Tune) -> Tune {
    var tune = tune
    var chosen: [String: Clef] = [:]
    var changes: [String: [(line: Int, clef: Clef)]] = [:]
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
      guard voices.allSatisfy({ $0.clef == .treble }) else { continue }
      // The range first, read in place: most staves stay treble, and need no more.
      let scans = voices.map(\.headRange)
      guard !scans.contains(where: \.hasClefChange),
        let lowest = scans.compactMap(\.range?.lowest).min(),
        let highest = scans.compactMap(\.range?.highest).max()
      else { continue }
      // Nothing under G3: treble throughout, as abcm2ps keeps it (a folk tune down to G,
      // stays in the clef its writer meant).
      if lowest >= Self.lowestTreble { continue }
      let registers = voices.compactMap(Register.init)
      // Nothing over F4: bass throughout; else the middle of the range chooses the start.
      var clef: Clef = highest <= Self.highestBass || lowest + highest < 2 * threshold ? .bass : .treble
      if clef != .treble {
        for index in members {
          tune.voices[index].clef = clef
          chosen[tune.voices[index].id] = clef
        }
      }
      let lineCount = registers.map(\.lineCount).max() ?? 0
      for line in 1..<max(lineCount, 1) {
        guard let lineMedian = median(registers.map { $0.heads(onLine: line) }) else { continue }
        let next: Clef =
          clef == .treble
          ? (lineMedian < toBass ? .bass : .treble) : (lineMedian > toTreble ? .treble : .bass)
        guard next != clef else { continue }
        clef = next
        for index in members { changes[tune.voices[index].id, default: []].append((line, clef)) }
      }
    }
    for index in tune.voices.indices {
      let id = tune.voices[index].overlayOf ?? tune.voices[index].id
      if tune.voices[index].overlayOf != nil, let clef = chosen[id] { tune.voices[index].clef = clef }
      if let voiceChanges = changes[tune.voices[index].id] {
        tune.voices[index].elements = insert(voiceChanges, into: tune.voices[index].elements)
      }
    }
    return tune
  }

  /// The voice's elements with a clef change at the start of each given music line
  /// (after the line's preceding line break).
  static func insert(_ changes: [(line: Int, clef: Clef)], into elements: [VoiceElement]) -> [VoiceElement] {
    var result: [VoiceElement] = []
    result.reserveCapacity(elements.count + changes.count)
    var line = 0
    var pending = changes[...]
    for element in elements {
      result.append(element)
      guard case .lineBreak(let range) = element else { continue }
      line += 1
      if let change = pending.first, change.line == line {
        result.append(.clefChange(change.clef, range))
        pending = pending.dropFirst()
      }
    }
    return result
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

  /// The median of all the lists' heads; nil when there are none.
  static func median(_ lists: [ArraySlice<Int>]) -> Int? {
    let all = lists.flatMap { $0 }
    guard !all.isEmpty else { return nil }
    return all.sorted()[all.count / 2]
  }

  /// A voice's note heads (diatonic indices) in one list, with where each music line
  /// starts in it; nil for a voice with clef changes of its own.
  struct Register {
    private var all: [Int] = []
    private var lineStarts: [Int] = [0]

    init?(_ voice: Voice) {
      for element in voice.elements {
        switch element {
        case .note(let note):
          for head in note.heads {
            all.append(head.pitch.diatonicIndex)
          }
        case .lineBreak: lineStarts.append(all.count)
        case .clefChange: return nil
        default: break
        }
      }
    }

    var lineCount: Int { lineStarts.count }

    /// The heads of music line `line` (none past the voice's last line).
    func heads(onLine line: Int) -> ArraySlice<Int> {
      guard line < lineStarts.count else { return [] }
      let end = line + 1 < lineStarts.count ? lineStarts[line + 1] : all.count
      return all[lineStarts[line]..<end]
    }
  }
}
