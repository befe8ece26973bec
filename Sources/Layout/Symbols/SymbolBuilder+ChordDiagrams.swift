import ScoreModel

/*
 Room for chord diagrams — the springs under a row of fretboards (`%%diagram`).

 Method. A chord diagram is centred over its chord symbol's name and is wider than most
 names, so two chords a beat apart would put their diagrams on top of each other. Each
 note whose first chord symbol gets a diagram (`MarkPlacement.placeChordDiagrams`: the
 instrument can play it and it is not the chord before it again) records how far the
 diagram reaches right of the note and how far the next one reaches left; the spacer
 (`HorizontalSpacer.holdApart`) then keeps each diagram clear of the next one drawn, as it
 keeps chord names and dynamics apart, sharing any deficit over the notes between.

     "C"c2 "G7"B2 | …   C's diagram reaches 2.8 spaces right of c, G7's 1.6 left of B:
                        the springs from c to B span at least 4.4 spaces at any force

 Limits. A repeated chord reserves nothing even at a line's start, where it is drawn
 (nothing stands before it there to clash with).
 */

extension SymbolBuilder {
  /// Records each diagram's reach on its note (`Attachments.diagramReach`, `diagramLeft`).
  func reserveChordDiagrams(_ symbols: inout [StaffSymbol], instrument: FrettedInstrument) {
    let width = Double(instrument.tuning.count - 1) * MarkPlacement.diagramStringGap
    var previous: String?
    for index in symbols.indices where !symbols[index].attachments.isEmpty && !symbols[index].isBar {
      guard
        let chord = symbols[index].attachments.annotations.first(where: { $0.placement == .chordSymbol })
      else { continue }
      defer { previous = chord.text }
      guard chord.text != previous,
        let shape = Fretboard.fingering(for: chord.text, on: instrument, definitions: style.chordDefinitions)
      else { continue }
      let name = ChordSymbolText.measure(
        chord.text, style: style.chordSymbolStyle, font: style.chordSymbolFont, measurer: measurer,
        scale: scale
      ).width
      // The diagram's centre stands over the name's, which starts 0.2 left of the note.
      let centre = name / 2 - 0.2
      let label = shape.diagramStart > 1 ? MarkPlacement.diagramLabelRoom : 0
      symbols[index].attachments.diagramReach = centre + width / 2 + label + MarkPlacement.diagramGap + 0.1
      symbols[index].attachments.diagramLeft = width / 2 - centre
    }
  }
}
