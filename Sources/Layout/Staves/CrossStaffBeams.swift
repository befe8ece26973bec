import DisplayList
import SMuFL
import ScoreModel

/*
 CrossStaffBeams — a beam joining notes a voice puts on two staves (`[I:staff N]`).

 Method. `CrossStaffNotes` gives each note of such a group its stem direction (down on the
 upper staff, up on the lower) and draws none of them a flag. Once the staves are stacked
 the group's stems are found by the notes' source positions; a level beam is laid where
 their free ends meet on average, kept at least 2.5 staff spaces from every head, and
 each stem is drawn to the beam's far edge. Beams the whole group shares are drawn
 across it.

     upper staff   ♪       ♪          stems down
                   ▔▔▔▔▔▔▔▔▔▔▔▔▔▔▔    one beam between the staves
     lower staff       ♪       ♪      stems up

 A beam set above every staff its notes stand on (all stems up) or below them all reaches
 past those staves into room the stacker did not keep: `draw` reports how far, and the
 staves are stacked again keeping it, so the beam clears the words of the staff above.

 Limits. A level beam; beams only some of the notes have (a semiquaver among quavers)
 are left out; a group a line break divides is drawn in each line from the stems there.
 */

/// Draws beams across staves after a system's staves are stacked.
enum CrossStaffBeams {
  /// How far a beam drawn after stacking reaches above a staff's top line and below its
  /// bottom line, in points.
  struct Reach: Equatable {
    var above = 0.0
    var below = 0.0
  }

  /// Draws the beams of `groups` and returns, per staff, how far beams set above (or below)
  /// every staff their notes stand on reach past that staff, for the stacker to keep clear.
  @discardableResult
  static func draw(
    _ groups: [[(source: SourcePosition, beams: Int)]], in system: inout StaffSystem, font: MusicFont,
    scale: Double
  ) -> [Int: Reach] {
    guard !groups.isEmpty else { return [:] }
    let lines = CrossStaffClearance.staffLines(of: system.items)
    var reaches: [Int: Reach] = [:]
    let thickness = font.engravingDefaults.beamThickness * scale
    let gap = font.engravingDefaults.beamSpacing * scale
    let stemWidth = font.engravingDefaults.stemThickness * scale
    let clearance = 2.5 * scale
    var stemIndex: [SourcePosition: Int] = [:]
    for (index, item) in system.items.enumerated() where item.role == .stem {
      if let source = item.source, case .line = item.shape, stemIndex[source] == nil {
        stemIndex[source] = index
      }
    }
    for group in groups {
      let stems = group.compactMap { note in stemIndex[note.source].map { (index: $0, beams: note.beams) } }
      guard stems.count > 1 else { continue }
      var tips: [Double] = []
      var lowestAllowed = -Double.infinity
      var highestAllowed = Double.infinity
      for stem in stems {
        guard case .line(let line) = system.items[stem.index].shape else { continue }
        tips.append(line.to.y)
        if line.from.y > line.to.y {
          highestAllowed = min(highestAllowed, line.from.y - clearance)  // Up: above its head.
        } else {
          lowestAllowed = max(lowestAllowed, line.from.y + clearance)  // Down: below its head.
        }
      }
      let count = max(1, stems.map(\.beams).min() ?? 1)
      let depth = thickness + Double(count - 1) * (thickness + gap)
      var top = tips.reduce(0, +) / Double(tips.count) - depth / 2
      top = min(max(top, lowestAllowed), highestAllowed - depth)
      let staves = Set(stems.compactMap { system.items[$0.index].context.staff })
      if let highest = staves.min(), let lines = lines[highest] {
        reaches[highest, default: Reach()].above.formMaximum(lines.top - top)
      }
      if let lowest = staves.max(), let lines = lines[lowest] {
        reaches[lowest, default: Reach()].below.formMaximum(top + depth - lines.bottom)
      }
      let xs = stems.compactMap { stem -> Double? in
        if case .line(let line) = system.items[stem.index].shape { line.from.x } else { nil }
      }
      guard let left = xs.min(), let right = xs.max() else { continue }
      let context = system.items[stems[0].index].context
      let source = system.items[stems[0].index].source
      for level in 0..<count {
        let y = top + Double(level) * (thickness + gap)
        let path = PathShape(segments: [
          .move(Point(x: left - stemWidth / 2, y: y)), .line(Point(x: right + stemWidth / 2, y: y)),
          .line(Point(x: right + stemWidth / 2, y: y + thickness)),
          .line(Point(x: left - stemWidth / 2, y: y + thickness)), .close,
        ])
        system.items.append(
          DisplayItem(role: .beam, shape: .path(path), box: path.bounds, context: context, source: source))
      }
      // Each stem reaches the beams' far edge.
      for stem in stems {
        var item = system.items[stem.index]
        guard case .line(var line) = item.shape else { continue }
        line.to.y = line.from.y > line.to.y ? top : top + depth
        item.shape = .line(line)
        item.box = Rect(
          x: line.from.x - line.thickness / 2, y: min(line.from.y, line.to.y), width: line.thickness,
          height: abs(line.from.y - line.to.y))
        system.items[stem.index] = item
      }
    }
    return reaches.filter { $0.value != Reach() }
  }
}

extension Double {
  /// Keeps the larger of this and `other`.
  fileprivate mutating func formMaximum(_ other: Double) { self = Swift.max(self, other) }
}
