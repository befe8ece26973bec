import ScoreModel

/// The geometry of a line's drawn notes by symbol index: nil for a symbol that is not a
/// note, or not drawn yet.
///
/// A flat array from the first index written, not a dictionary: the marks read it for
/// every note several times, and hashing was a large part of drawing a line.
struct NoteGeometries {
  private var offset = 0
  private var slots: [NoteGeometry?] = []

  /// Makes a slot for each of `indices` at once (the symbols of a line), when none is
  /// there yet.
  mutating func prepare(_ indices: ClosedRange<Int>) {
    guard slots.isEmpty else { return }
    offset = indices.lowerBound
    slots = .filled(nil, count: indices.count)
  }

  subscript(index: Int) -> NoteGeometry? {
    get {
      let slot = index - offset
      return slot >= 0 && slot < slots.count ? slots[slot] : nil
    }
    set {
      if slots.isEmpty {
        guard newValue != nil else { return }
        offset = index
      }
      if index < offset {
        slots.insert(contentsOf: repeatElement(nil, count: offset - index), at: 0)
        offset = index
      }
      let slot = index - offset
      if slot >= slots.count {
        guard newValue != nil else { return }
        slots.append(contentsOf: repeatElement(nil, count: slot - slots.count + 1))
      }
      slots[slot] = newValue
    }
  }
}
