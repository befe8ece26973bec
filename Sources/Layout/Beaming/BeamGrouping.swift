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
  /// Sets `beamGroup` (numbered from 0 along the voice) and `stemUp` on the notes of
  /// `symbols`. Each group is closed as it ends: its members' indices are kept in one buffer
  /// used again for every group, where each group was an array of its own.
  static func assign(_ symbols: inout [StaffSymbol]) {
    var number = 0
    var current: [Int] = []
    current.reserveCapacity(16)
    func close() {
      if current.count > 1 {
        mark(current, number: number, in: &symbols)
        number += 1
      }
      current.removeAll(keepingCapacity: true)
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
  }

  /// Numbers a group's notes and gives them the direction of the head farthest from the
  /// middle line.
  private static func mark(_ group: [Int], number: Int, in symbols: inout [StaffSymbol]) {
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
      symbols[index].updateNote { note in
        note.beamGroup = number
        note.stemUp = up
      }
    }
  }

  /// True when the symbol starts on a main division of its bar (never in a pickup bar).
  static func startsBeat(_ symbol: StaffSymbol) -> Bool {
    guard symbol.barNumber > 0, let unit = symbol.meter.beamDivision else { return false }
    let offset = symbol.onset - symbol.barOnset
    guard offset > .zero else { return false }
    return (offset / unit).denominator == 1
  }
}
