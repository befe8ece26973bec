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
  /// Alterations written in the bar before, by diatonic index.
  private var previousBar: [Int: Int] = [:]
  /// Alterations written so far in this bar.
  private var currentBar: [Int: Int] = [:]
  /// Diatonic indices of heads tied into the next note.
  private var tied: Set<Int> = []

  mutating func apply(to note: inout NoteSymbol, event: NoteEvent, key: KeySignature, clef: Clef) {
    let incomingTies = tied
    tied = []
    for head in event.heads {
      let index = head.pitch.diatonicIndex
      if head.isTiedToNext { tied.insert(index) }
      if head.accidental != nil {
        currentBar[index] = head.soundingAlter
        continue
      }
      let keyAlter = key.alter(for: head.pitch.step)
      guard currentBar[index] == nil, !incomingTies.contains(index),
        let previous = previousBar[index], previous != keyAlter,
        let accidental = Accidental(rawValue: keyAlter)
      else { continue }
      currentBar[index] = keyAlter
      let position = clef.staffPosition(of: head.pitch)
      for placed in note.heads.indices
      where note.heads[placed].position == position && note.heads[placed].accidental == nil {
        note.heads[placed].accidental = accidental
        note.heads[placed].isCautionary = true
      }
    }
  }

  mutating func endBar() {
    previousBar = currentBar
    currentBar = [:]
  }
}
