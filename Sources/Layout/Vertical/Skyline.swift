/*
 Skyline — the outline of the ink on one side of a staff, for stacking marks outward.

 Method. Each drawn item contributes a building: its horizontal extent and how far it
 reaches (the lowest y above the staff, the greatest y below it; y runs down in staff
 spaces). To place a new mark over [x0, x1], ask how far the skyline reaches there and
 put the mark beyond it with some padding, then add the mark itself as a building, so
 the next mark stacks outside it. Queries are linear in the buildings of one system —
 a few hundred — which is cheaper than keeping a merged outline.

       above:  ▁▁▁▁█▁▁▁▁      trill placed over note 5 clears the beam under it, and a
               ♩ ♩ ♫ ♩        chord symbol over note 5 then clears the trill
 Limits. Buildings are boxes: a slanted beam counts as its bounding box.
 */

/// The extent of ink above or below a staff, built from boxes.
struct Skyline {
  enum Side {
    case above
    case below
  }

  let side: Side
  private(set) var buildings: [(x0: Double, x1: Double, reach: Double)] = []

  init(side: Side) {
    self.side = side
  }

  /// Makes room for `count` more buildings at once.
  mutating func reserve(_ count: Int) {
    buildings.reserveCapacity(buildings.count + count)
  }

  /// Adds a box (staff spaces, y down) to the outline.
  mutating func insert(x0: Double, x1: Double, top: Double, bottom: Double) {
    guard x1 > x0 else { return }
    buildings.append((x0, x1, side == .above ? top : bottom))
  }

  /// How far the ink reaches over [x0, x1]: the smallest y above, the largest below;
  /// `floor` when nothing is there (the staff's own edge).
  func reach(from x0: Double, to x1: Double, floor: Double) -> Double {
    var result = floor
    for building in buildings where building.x1 > x0 && building.x0 < x1 {
      result = side == .above ? min(result, building.reach) : max(result, building.reach)
    }
    return result
  }

  /// Places a box of `height` over [x0, x1] beyond the outline with `padding`; returns
  /// its top and bottom and adds it.
  mutating func place(
    from x0: Double, to x1: Double, height: Double, padding: Double, floor: Double
  ) -> (top: Double, bottom: Double) {
    let edge = reach(from: x0, to: x1, floor: floor)
    let box =
      side == .above
      ? (top: edge - padding - height, bottom: edge - padding)
      : (top: edge + padding, bottom: edge + padding + height)
    insert(x0: x0, x1: x1, top: box.top, bottom: box.bottom)
    return box
  }
}
