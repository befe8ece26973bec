import ScoreModel

/*
 VoicePerformer+Ornaments — ornaments and hairpins as a player performs them.

 Method. An ornament is played as a figure of short notes followed by the main note for
 what is left: each figure note lasts a demisemiquaver (1/32), or an eighth of the note
 when that is shorter, and the main note keeps at least as long as one figure note.
 Neighbours are the scale steps of the key in force (the note above for a trill, upper
 mordent and turn's first note; the note below for a lower mordent).

     !trill!c2 (L:1/8) → c d c d c d c d (each 1/32)      ~d → d e d c d
     !mordent!B → B A B (1/32, 1/32, the rest)            !turn!G → A G F G

 A hairpin changes the velocity of the notes it spans by up to 20, in proportion to
 their onsets, and the loudness after it keeps the change.

 Limits. Trills start on the main note (the folk and romantic reading, not the baroque
 upper-note start); accidentals of the bar do not change the neighbours.
 */
extension VoicePerformer {
  /// The figure (key and length of each note) of a note's ornament, nil when it has none
  /// or the options play ornaments plain.
  func ornament(_ note: NoteEvent, key main: Int, length: Rational) -> [(Int, Rational)]? {
    guard options.playsOrnaments, length > .zero,
      let name = note.decorations.lazy.map(\.name).first(where: Self.ornaments.contains),
      let head = note.heads.first
    else { return nil }
    let unit = min(Rational(1, 32), length / Rational(8))
    let above = neighbour(of: head, key: main, step: 1)
    let below = neighbour(of: head, key: main, step: -1)
    var figure: [Int]
    switch name {
    case "trill", "tr":
      let count = max(2, Int((length / unit).doubleValue.rounded(.down)) / 2 * 2)
      return (0..<count).map { ($0 % 2 == 0 ? main : above, length / Rational(count)) }
    case "roll": figure = [main, above, main, below]
    case "lowermordent", "mordent": figure = [main, below]
    case "uppermordent", "pralltriller": figure = [main, above]
    case "turn": figure = [above, main, below]
    case "invertedturn": figure = [below, main, above]
    default: return nil
    }
    let rest = length - unit * Rational(figure.count)
    guard rest >= unit else { return nil }
    return figure.map { ($0, unit) } + [(main, rest)]
  }

  /// The key of the scale step `step` away from `head` (which sounds `key`).
  private func neighbour(of head: NoteHead, key sounding: Int, step: Int) -> Int {
    let pitch = Pitch(diatonicIndex: head.pitch.diatonicIndex + step)
    let candidate = pitch.naturalMIDIKey + key.alter(for: pitch.step)
    // Keep the neighbour on its side of the note (a key alteration could cross it).
    return step > 0 ? max(candidate, sounding + 1) : min(candidate, sounding - 1)
  }

  /// Ends the open hairpin at the notes from `lastNote` on: the velocities of its notes
  /// rise (or fall) towards 20 more (or less), and the loudness holds there.
  mutating func closeHairpin(lastNote: Int) {
    guard let open = hairpin else { return }
    hairpin = nil
    let span = notes.indices.contains(lastNote) ? notes[lastNote].onset - open.onset : .zero
    for index in notes.indices where index >= open.first {
      let share = span > .zero ? min((notes[index].onset - open.onset) / span, .one) : .one
      let change = Int((Double(20 * open.direction) * share.doubleValue).rounded())
      notes[index].velocity = max(1, min(127, notes[index].velocity + change))
    }
    let base = dynamic ?? options.downbeatVelocity
    dynamic = max(1, min(127, base + 20 * open.direction))
  }

  /// Decorations played as ornaments.
  static let ornaments: Set<String> = [
    "trill", "tr", "roll", "lowermordent", "mordent", "uppermordent", "pralltriller", "turn", "invertedturn",
  ]
}
