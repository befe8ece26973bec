import ScoreModel

/// The `<beam>` values of each note of a measure, grouped as ABCPress engraves them.
///
/// Method: notes shorter than a crotchet written with no space between them form a beam
/// group (ABC §4.7); a rest, a change of key, meter or clef, or the meter's main
/// division (`Meter.beamDivision`, not in a pickup measure) starts a new group. Within a
/// group, level N runs over the notes with at least N beams: `begin`, `continue`, `end`,
/// or a hook (`forward hook` on a group's first note, else `backward hook`).
///
/// Example: 6/8 `ABcdef` gives two groups, A B c and d e f; `A/B/c` gives A/ and B/ a
/// second level `begin` … `end` and c none.
enum BeamPlan {
  /// For each index of `items` that carries beams, the value per level (level 1 first).
  static func values(of items: [VoiceElement], meter: Meter, isPickup: Bool) -> [Int: [String]] {
    var groups: [[(index: Int, count: Int)]] = []
    var current: [(index: Int, count: Int)] = []
    func close() {
      if current.count > 1 { groups.append(current) }
      current = []
    }
    let division = isPickup ? nil : meter.beamDivision
    var onset = Rational.zero
    for (index, item) in items.enumerated() {
      switch item {
      case .note(let note):
        let values = NoteValue.pieces(of: note.displayDuration)
        let count = values.count == 1 ? values[0].beamCount : 0
        if count == 0 {
          close()
        } else {
          let onDivision = division.map { onset > .zero && (onset / $0).denominator == 1 } ?? false
          if !note.isBeamedWithPrevious || onDivision { close() }
          current.append((index, count))
        }
      case .rest, .keyChange, .meterChange, .clefChange:
        close()
      default:
        break
      }
      onset = onset + item.duration
    }
    close()
    var result: [Int: [String]] = [:]
    for group in groups {
      for (position, note) in group.enumerated() {
        result[note.index] = levels(group.map(\.count), at: position)
      }
    }
    return result
  }

  /// The beam values of the note at `position` in a group whose notes have `counts` beams.
  static func levels(_ counts: [Int], at position: Int) -> [String] {
    (1...counts[position]).map { level in
      let before = position > 0 && counts[position - 1] >= level
      let after = position < counts.count - 1 && counts[position + 1] >= level
      switch (before, after) {
      case (true, true): return "continue"
      case (true, false): return "end"
      case (false, true): return "begin"
      case (false, false): return position == 0 ? "forward hook" : "backward hook"
      }
    }
  }
}
