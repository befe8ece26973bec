import ScoreModel

/*
 TremoloPairs — two-note tremolos (`!trem1!` … `!trem4!`) made ready to draw.

 Method. The decoration stands on the second note of the pair. Both notes are shown at
 twice their played value (`C!trem1!c` with L:1/4 sounds two crotchets and is written as
 two minims joined by one stroke, as abcm2ps and engravers write it), and the pair becomes
 a beam group of its own whose beam count is the number of strokes, so `BeamPlacement`
 draws strokes and stems as it draws beams. Whole-note pairs have no stems: their strokes
 float between the heads (`MarkPlacement.drawFloatingTremolo`).

     C!trem2![Gc]   (two crotchets)   →   two minims, two strokes between their stems

 Limits. The partner must be the note just before, in the same bar line's reach (a rest or
 bar line between them leaves the decoration undrawn).
 */

/// Marks the two-note tremolos of a voice's symbols.
enum TremoloPairs {
  static func mark(_ symbols: inout [StaffSymbol]) {
    var nextGroup =
      (symbols.compactMap { symbol -> Int? in
        if case .note(let note) = symbol.kind { note.beamGroup } else { nil }
      }.max() ?? -1) + 1
    for index in symbols.indices.dropFirst() {
      guard case .note(var second) = symbols[index].kind,
        let strokes = strokes(in: symbols[index].attachments.decorations),
        case .note(var first) = symbols[index - 1].kind
      else { continue }
      for note in [index - 1, index] {
        guard case .note(var shown) = symbols[note].kind else { continue }
        shown.value = NoteValue(duration: shown.value.base * Rational(2))
        shown.tremoloStrokes = strokes
        symbols[note].kind = .note(shown)
      }
      guard case .note(let firstShown) = symbols[index - 1].kind, firstShown.value.base < Rational(1) else {
        continue
      }
      first = firstShown
      if case .note(let shown) = symbols[index].kind { second = shown }
      first.beamGroup = nextGroup
      second.beamGroup = nextGroup
      second.isBeamedWithPrevious = true
      // Both stems point one way, as in any beam group.
      second.stemUp = first.stemUp
      symbols[index - 1].kind = .note(first)
      symbols[index].kind = .note(second)
      nextGroup += 1
    }
  }

  /// The strokes a `!tremN!` decoration asks for.
  static func strokes(in decorations: [Decoration]) -> Int? {
    for decoration in decorations {
      if case .twoNoteTremolo(let strokes) = DecorationTable.kind(of: decoration.name) { return strokes }
    }
    return nil
  }
}
