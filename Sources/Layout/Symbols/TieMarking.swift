import ScoreModel

/// Marks which heads are tied to the next note, from the score model's tie flags.
///
/// A tie joins a head to the head of the same written pitch in the next note or chord of
/// the voice (bars and signatures in between are skipped; a rest ends the search). A tie
/// that finds no such head is dropped rather than drawn to nowhere. A chord tied into an
/// arpeggiated one keeps room before the arpeggio for the ties.
enum TieMarking {
  static func mark(_ symbols: inout [StaffSymbol], voice: Voice) {
    // The voice's notes are met in order, read in place (no list of them is made).
    let elements = voice.elements
    var elementIndex = -1
    func nextEvent() -> NoteEvent? {
      elementIndex += 1
      while elementIndex < elements.count {
        if case .note(let note) = elements[elementIndex] { return note }
        elementIndex += 1
      }
      return nil
    }
    let noteIndices = symbols.indices.filter {
      if case .note = symbols[$0].kind { return true }
      return false
    }
    for (position, index) in noteIndices.enumerated() {
      guard let event = nextEvent() else { break }
      guard event.heads.contains(where: \.isTiedToNext), case .note(var note) = symbols[index].kind else {
        continue
      }
      let next = position + 1 < noteIndices.count ? noteIndices[position + 1] : nil
      var nextHeads: [PlacedHead] = []
      var nextShift = 0
      var nextArpeggio = false
      if let next, case .note(let target) = symbols[next].kind,
        !((index + 1)..<next).contains(where: { symbols[$0].isRest })
      {
        nextHeads = target.heads
        nextShift = Int(target.ottavaShift)
        nextArpeggio = target.hasArpeggio
      }
      let clef = symbols[index].clef
      // Heads are found where they are drawn: under an octave line they stand an octave
      // from their pitch's place.
      for head in event.heads where head.isTiedToNext {
        let position = clef.staffPosition(of: head.pitch)
        // A tie into another voice's note is drawn to the next column, where that note is.
        guard nextHeads.contains(where: { $0.position == position + nextShift }) || head.tiesAcrossVoices,
          let headIndex = note.heads.firstIndex(where: { $0.position == position + Int(note.ottavaShift) })
        else { continue }
        note.heads[headIndex].tie = head.isTieDotted
        note.heads[headIndex].tieBelow = head.tieBelow
        note.heads[headIndex].tieAcross =
          head.tiesAcrossVoices && !nextHeads.contains(where: { $0.position == position + nextShift })
      }
      symbols[index].kind = .note(note)
      // A tie into an arpeggiated chord stops before the arpeggio: its extents keep room.
      if nextArpeggio, let next, note.heads.contains(where: { $0.tie != nil && !$0.tieAcross }),
        case .note(var target) = symbols[next].kind
      {
        target.isTiedInto = true
        symbols[next].kind = .note(target)
      }
    }
  }
}
