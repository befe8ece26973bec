import ScoreModel

/// Groups notes into beams as the ABC source writes them, and gives each group one stem
/// direction.
///
/// ABC beams notes shorter than a crotchet that are written with no space between them
/// (`abcd efga` is two groups of four). A group never crosses a bar line, a rest or a
/// signature. The group's direction follows its head farthest from the middle line.
enum BeamGrouping {
  /// Sets `beamGroup` and `stemUp` on the notes of `symbols`; returns each group's indices.
  @discardableResult
  static func assign(_ symbols: inout [StaffSymbol]) -> [[Int]] {
    var groups: [[Int]] = []
    var current: [Int] = []
    func close() {
      if current.count > 1 { groups.append(current) }
      current = []
    }
    for index in symbols.indices {
      guard case .note(let note) = symbols[index].kind, note.value.flagCount > 0 else {
        close()
        continue
      }
      if !note.isBeamedWithPrevious || current.isEmpty { close() }
      current.append(index)
    }
    close()
    for (number, group) in groups.enumerated() {
      var lowest = Int.max
      var highest = Int.min
      for index in group {
        if case .note(let note) = symbols[index].kind {
          lowest = min(lowest, note.lowest)
          highest = max(highest, note.highest)
        }
      }
      let up = SymbolBuilder.stemUp(lowest: lowest, highest: highest)
      for index in group {
        if case .note(var note) = symbols[index].kind {
          note.beamGroup = number
          note.stemUp = up
          symbols[index].kind = .note(note)
        }
      }
    }
    return groups
  }
}
