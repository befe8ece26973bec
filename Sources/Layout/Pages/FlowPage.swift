import DisplayList
import ScoreModel

/// A place in the body that the contents, index or outline point at.
enum FlowAnchor: Hashable, Sendable {
  /// A tune, by its position in the book's block list.
  case tune(Int)
  /// A section heading, by its position in the book's block list.
  case section(Int)
  /// A set's heading, by its position in the book's block list.
  case set(Int)
}

/// A group of items that moves as one when a page is justified.
struct FlowUnit: Sendable {
  /// Items relative to the unit's reference point (x from the content's left edge).
  var group: DisplayGroup
  /// The y the items are moved down by.
  var dy: Double
  /// The ink's top and bottom on the page.
  var top: Double
  var bottom: Double
  /// Whether vertical justification may open the gap above this unit.
  var stretchBefore: Bool
  var anchors: [(FlowAnchor, Double)] = []
  /// The x the items are moved right by past the page's content edge (a tune whose own
  /// `%%leftmargin` differs from the page's).
  var dx = 0.0
}

/// A page being filled: its units and what running heads need to know about it.
struct FlowPage {
  /// The page size in points, fixed when the page is started.
  var width: Double
  var height: Double
  /// The left margin the page was started with: pieces set between other margins
  /// (`%%multicol` columns) are placed by their difference from it.
  var marginLeft: Double
  /// The right margin it was started with (running heads span the page between them).
  var marginRight = 0.0
  var units: [FlowUnit] = []
  var justify = false
  /// Whether `%%multicol` columns stand on the page (it is then never spread).
  var hasColumns = false
  /// Whether a tune runs over this page's top or foot: the reader turns inside a piece.
  var turnsInsideTune = false
  /// The most a gap may open when the page is spread, in points (a score's systems stay
  /// near each other and leave the rest at the foot, as MuseScore's do).
  var widestOpening = Double.infinity
  /// Titles of the tunes with music on the page, in order.
  var titles: [String] = []
  var composer: String?
  /// The rights lines of the tunes that start on the page, set at its foot.
  var footnotes: [String] = []
  var section: String?

  var hasItems: Bool { units.contains { !$0.group.isEmpty } }

  /// The vertical shift of each unit when the page is justified down to `bottom`.
  func shifts(bottom: Double) -> [Double] {
    var shifts = [Double].filled(0, count: units.count)
    guard justify, let last = units.last(where: { !$0.group.isEmpty }) else { return shifts }
    let slack = bottom - last.bottom
    // Each gap that may open, measured between the units' reference points: staff to
    // staff between systems, so systems come out evenly spaced as a reader sees them.
    var gaps: [(index: Int, size: Double)] = []
    var previousReference: Double?
    for (index, unit) in units.enumerated() where !unit.group.isEmpty {
      if let above = previousReference, unit.stretchBefore { gaps.append((index, max(0, unit.dy - above))) }
      previousReference = unit.dy
    }
    // Only a page at least about two-thirds full is spread: a short tune alone on a page
    // stays compact rather than being pulled apart.
    guard slack > 0, !gaps.isEmpty, slack < bottom * 0.4 else { return shifts }
    // The slack fills the narrowest gaps first, up to one level, so the staves come out
    // evenly spaced (a gap already wider, before a title, keeps its size).
    let level = Self.fillLevel(gaps.map(\.size), volume: slack)
    var extra = [Double].filled(0, count: units.count)
    for gap in gaps { extra[gap.index] = min(widestOpening, max(0, level - gap.size)) }
    var shift = 0.0
    for index in units.indices {
      shift += extra[index]
      shifts[index] = shift
    }
    return shifts
  }

  /// The level L with Σ max(0, L − size) = volume: water poured over the gaps.
  static func fillLevel(_ sizes: [Double], volume: Double) -> Double {
    let sorted = sizes.sorted()
    var poured = 0.0
    for (count, size) in sorted.enumerated().dropFirst() {
      // Raising the first `count` gaps to `size` takes this much.
      let needed = poured + Double(count) * (size - sorted[count - 1])
      if needed >= volume { return sorted[count - 1] + (volume - poured) / Double(count) }
      poured = needed
    }
    return (sorted.last ?? 0) + (volume - poured) / Double(max(1, sorted.count))
  }

  /// The units placed on the page whose content starts at `left`, each a group moved by
  /// its place (its items are not copied), and where the anchors landed.
  func placedGroups(left: Double, bottom: Double) -> (groups: [PlacedGroup], anchors: [(FlowAnchor, Double)])
  {
    let shifts = shifts(bottom: bottom)
    var groups: [PlacedGroup] = []
    groups.reserveCapacity(units.count)
    var anchors: [(FlowAnchor, Double)] = []
    for (unit, shift) in zip(units, shifts) {
      if !unit.group.isEmpty {
        groups.append(PlacedGroup(group: unit.group, dx: left + unit.dx, dy: unit.dy + shift))
      }
      anchors += unit.anchors.map { ($0.0, $0.1 + shift) }
    }
    return (groups, anchors)
  }
}
