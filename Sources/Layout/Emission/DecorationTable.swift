import SMuFL

/// How an ABC decoration is drawn and where it goes.
enum DecorationKind: Hashable {
  /// Close to the head, opposite the stem (staccato, accent, tenuto …).
  case articulation(above: SMuFLGlyph, below: SMuFLGlyph)
  /// Above the note, outside the staff's ink (trill, fermata, bowings …).
  case above(SMuFLGlyph)
  /// Below the note (inverted fermata).
  case below(SMuFLGlyph)
  /// Dynamics under the staff.
  case dynamic(SMuFLGlyph)
  /// Text above the staff (D.C., Fine).
  case text(String)
  /// A fingering digit above the note.
  case fingering(String)
  /// Hairpin starts and ends.
  case hairpinStart(crescendo: Bool)
  case hairpinEnd
  /// Strokes across the stem (`!/!`, `!//!`, `!///!`): a repeated note.
  case stemTremolo(strokes: Int)
  /// Strokes joining this note to the one before (`!trem1!`…`!trem4!`), drawn with the
  /// notes' beams.
  case twoNoteTremolo(strokes: Int)
  /// Secondary beams broken before the note, `kept` beams running on (`!beambr1!`).
  case beamBreak(kept: Int)
  /// A mark that changes how notes are set, drawn elsewhere or not at all (`!beamon!`
  /// on a bar line, `!xstem!` joined after stacking).
  case layoutOnly
  /// A notehead of another shape, drawn with the note (`!x!`, `!head-x!`, `!style=…!`).
  case notehead(NoteheadStyle)
  /// A roll: a small arc above the note.
  case roll
  /// An arpeggio wiggle left of a chord.
  case arpeggio
  /// Trill with a wavy extension: `trill(` … `trill)`.
  case trillStart
  case trillEnd
  /// A short vertical phrase mark over the staff's top lines.
  case phrase(length: Double)
  /// A slide into the note from below-left.
  case slide
}

/// The ABC 2.1 decoration names and what ABCPress draws for each.
enum DecorationTable {
  static func kind(of name: String) -> DecorationKind? {
    switch name {
    case "staccato", ".": .articulation(above: .articStaccatoAbove, below: .articStaccatoBelow)
    case "accent", ">", "emphasis": .articulation(above: .articAccentAbove, below: .articAccentBelow)
    case "tenuto": .articulation(above: .articTenutoAbove, below: .articTenutoBelow)
    case "wedge": .articulation(above: .articStaccatissimoWedgeAbove, below: .articStaccatissimoWedgeBelow)
    case "marcato", "^": .articulation(above: .articMarcatoAbove, below: .articMarcatoBelow)
    case "trill": .above(.ornamentTrill)
    case "trill(": .trillStart
    case "trill)": .trillEnd
    case "lowermordent", "mordent": .above(.ornamentMordent)
    case "uppermordent", "pralltriller": .above(.ornamentShortTrill)
    case "turn": .above(.ornamentTurn)
    case "turnx": .above(.ornamentTurnSlash)
    case "invertedturn", "invertedturnx": .above(.ornamentTurnInverted)
    case "fermata": .above(.fermataAbove)
    case "invertedfermata": .below(.fermataBelow)
    case "upbow": .above(.stringsUpBow)
    case "downbow": .above(.stringsDownBow)
    case "open": .above(.brassMuteOpen)
    case "+", "plus": .above(.pluckedLeftHandPizzicato)
    case "snap": .above(.pluckedSnapPizzicatoAbove)
    case "thumb": .text("∘")
    case "breath": .above(.breathMarkComma)
    case "segno": .above(.segno)
    case "coda": .above(.coda)
    case "roll": .roll
    case "x", "head-x": .notehead(.x)
    case "beambr1": .beamBreak(kept: 1)
    case "beambr2": .beamBreak(kept: 2)
    case "beamon", "xstem": .layoutOnly
    case "/", "//", "///": .stemTremolo(strokes: name.count)
    case "trem1", "trem2", "trem3", "trem4": .twoNoteTremolo(strokes: Int(String(name.last ?? "1")) ?? 1)
    case "arpeggio": .arpeggio
    case "slide": .slide
    case "shortphrase": .phrase(length: 1)
    case "mediumphrase": .phrase(length: 2)
    case "longphrase": .phrase(length: 3)
    case "D.S.": .text("D.S.")
    case "D.C.": .text("D.C.")
    case "dacoda": .text("Da Coda")
    case "dacapo": .text("Da Capo")
    case "fine": .text("Fine")
    case "0", "1", "2", "3", "4", "5": .fingering(name)
    case "crescendo(", "<(": .hairpinStart(crescendo: true)
    case "diminuendo(", ">(": .hairpinStart(crescendo: false)
    case "crescendo)", "<)", "diminuendo)", ">)": .hairpinEnd
    default: dynamic(name) ?? headStyle(name)
    }
  }

  /// `!style=NAME!` (abcjs) and `!head-NAME!` (abcm2ps): a note head of another shape.
  static func headStyle(_ name: String) -> DecorationKind? {
    guard name.hasPrefix("style=") || name.hasPrefix("head-"), let style = NoteheadStyle(named: name) else {
      return nil
    }
    return .notehead(style)
  }

  static func dynamic(_ name: String) -> DecorationKind? {
    let glyphs: [String: SMuFLGlyph] = [
      "p": .dynamicPiano, "pp": .dynamicPP, "ppp": .dynamicPPP, "pppp": .dynamicPPPP,
      "f": .dynamicForte, "ff": .dynamicFF, "fff": .dynamicFFF, "ffff": .dynamicFFFF,
      "mp": .dynamicMP, "mf": .dynamicMF, "sfz": .dynamicSforzando1, "sf": .dynamicSforzando1,
      "fp": .dynamicFortePiano, "rfz": .dynamicRinforzando2,
    ]
    return glyphs[name].map { .dynamic($0) }
  }
}
