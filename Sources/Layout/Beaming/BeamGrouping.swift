import ScoreModel

/// Groups notes into beams as the ABC source writes them, and gives each group one stem
/// direction.
///
/// ABC beams notes shorter than a crotchet that are written with no space between them
/// (`abcd efga` is two groups of four). A group never crosses a rest or a signature, nor
/// a bar line unless the bar carries `!beamon!` (abcm2ps) and the line does not break
/// there. Where the source leaves the grouping open by running notes together across the
/// meter's main division, the group is split there as engravers do: at the half bar
/// in 4/4, C and C|, and at each dotted beat in compound meters (6/8 `ABcdef` → `ABc def`).
/// The group's direction follows its head farthest from the middle line.
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
      guard let joinsPrevious = symbols[index].beamJoin else {
        // `!beamon!` on a bar line lets the beam run across it, unless the line breaks there.
        if !current.isEmpty, symbols[index].isBar, !symbols[index].breakAfter,
          symbols[index].attachments.decorations.contains(where: { $0.name == "beamon" })
        {
          continue
        }
        close()
        continue
      }
      if !joinsPrevious || current.isEmpty || startsBeat(symbols[index]) { close() }
      current.append(index)
    }
    close()
    for (number, group) in groups.enumerated() {
      var lowest = Int.max
      var highest = Int.min
      for index in group {
        if let range = symbols[index].noteRange {
          lowest = min(lowest, range.lowest)
          highest = max(highest, range.highest)
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

  /// True when the symbol starts on a main division of its bar (never in a pickup bar).
  static func startsBeat(_ symbol: StaffSymbol) -> Bool {
    guard symbol.barNumber > 0, let unit = symbol.meter.beamDivision else { return false }
    let offset = symbol.onset - symbol.barOnset
    guard offset > .zero else { return false }
    return (offset / unit).denominator == 1
  }
}
