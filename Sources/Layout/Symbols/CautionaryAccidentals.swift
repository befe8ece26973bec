import ScoreModel

/// Adds cautionary accidentals: a note the bar before altered, met again in the next bar
/// without an accidental, is reminded of the key's alteration in parentheses.
///
///     K:G  ^c2 c2 | c4 |   → the second bar's c gets a cautionary (♮)
///
/// Only the bar right after the alteration is reminded, only notes at the same pitch and
/// octave, and never a note tied over the bar line (its accidental carries). Accidentals
/// the source writes are left as written.
struct CautionaryAccidentals {
  /// Alterations written in the bar before and in this bar, by diatonic index: tables
  /// indexed directly (a dictionary lookup per head was most of the pass), an entry
  /// belonging to a bar by its stamp, so a bar line empties nothing.
  private var previousBar = Alterations()
  private var currentBar = Alterations()
  /// The current bar's stamp (the bar before's is one less; a fresh table's 0 belongs to
  /// neither).
  private var bar: Int32 = 2
  /// Diatonic indices of heads tied into the next note, and those the note before tied.
  private var tied: [Int] = []
  private var incomingTies: [Int] = []

  /// Alterations by diatonic index (octaves -10 to 20, as notes may be written; a pitch
  /// beyond them is never reminded), each with the bar it was written in.
  private struct Alterations {
    static let offset = 80
    var stamps = [Int32].filled(0, count: 256)
    var alters = [Int].filled(0, count: 256)

    func alter(at index: Int, bar: Int32) -> Int? {
      let slot = index + Self.offset
      guard slot >= 0 && slot < 256, stamps[slot] == bar else { return nil }
      return alters[slot]
    }

    mutating func set(_ alter: Int, at index: Int, bar: Int32) {
      let slot = index + Self.offset
      guard slot >= 0 && slot < 256 else { return }
      stamps[slot] = bar
      alters[slot] = alter
    }
  }

  mutating func apply(to note: inout NoteSymbol, event: NoteEvent, key: KeySignature, clef: Clef) {
    swap(&incomingTies, &tied)
    tied.removeAll(keepingCapacity: true)
    for head in event.heads {
      let index = head.pitch.diatonicIndex
      if head.isTiedToNext && !tied.contains(index) { tied.append(index) }
      if head.accidental != nil {
        currentBar.set(head.soundingAlter, at: index, bar: bar)
        continue
      }
      guard currentBar.alter(at: index, bar: bar) == nil, !incomingTies.contains(index),
        let previous = previousBar.alter(at: index, bar: bar - 1)
      else { continue }
      let keyAlter = key.alter(for: head.pitch.step)
      guard previous != keyAlter, let accidental = Accidental(rawValue: keyAlter) else { continue }
      currentBar.set(keyAlter, at: index, bar: bar)
      let position = clef.staffPosition(of: head.pitch)
      for placed in note.heads.indices
      where note.heads[placed].position == position && note.heads[placed].accidental == nil {
        note.heads[placed].accidental = accidental
        note.heads[placed].isCautionary = true
      }
    }
  }

  mutating func endBar() {
    // The bar just ended becomes the bar before; the next bar's stamp marks every entry of
    // the table it reuses as old.
    swap(&previousBar, &currentBar)
    bar += 1
  }
}
