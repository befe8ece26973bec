import SMuFL
import ScoreModel

/// How an ABC decoration is drawn and where it goes.
enum DecorationKind: Hashable {
  /// Close to the head, opposite the stem (staccato, accent, tenuto …).
  case articulation(above: SMuFLGlyph, below: SMuFLGlyph)
  /// Close to the note on one side whatever the stem (`!umarcato!`, `!dmarcato!`): past
  /// the stem's tip on the stem side.
  case sidedArticulation(SMuFLGlyph, above: Bool)
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
  /// on a bar line, `!xstem!` joined after stacking, `!rbstop!` ending a volta, abcjs's
  /// `!mark!` that only tags a note for an application).
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
  /// Italic words under the staff with the dynamics (`!cresc!` → "cresc.").
  case dynamicText(String)
  /// A dynamic of its own letters, maybe with words (`sff`, `rf`, MusicXML's "più p",
  /// "sempre pp"): the dynamic words in the music font's letters, the others in italics.
  case dynamicPhrase([DynamicPiece])
  /// An octave line: `8va` above (or `8vb` below) from the start note to the end note;
  /// the notes under it are drawn `octaves` lower (higher for `8vb`).
  case ottavaStart(SMuFLGlyph, above: Bool, steps: Int)
  case ottavaEnd
  /// A line from this note's head to the next note's (`!-(!` straight, `!~(!` wavy).
  case glissandoStart(wavy: Bool)
  case glissandoEnd
  /// The note's accidentals drawn small above it instead of beside it (`!editorial!`),
  /// or in parentheses (`!courtesy!`).
  case editorialAccidental
  case courtesyAccidental
  /// A sign on the staff's middle line at the symbol (`!repeatbar!`, abcjs's bar repeat).
  case staffGlyph(SMuFLGlyph)
  /// The note or rest is not drawn; its time and space stay (`!invisible!`).
  case invisible
  /// The note is drawn without a stem (`!stemless!`).
  case stemless
}

/// The ABC 2.1 decoration names and what ABCPress draws for each.
enum DecorationTable {
  /// What `name` draws; nil for a decoration ABCPress has no drawing for. Every pass over
  /// a line's marks asks this, so it is one dictionary look-up, not a chain of string
  /// comparisons.
  static func kind(of name: String) -> DecorationKind? {
    if let kind = table[name] { return kind }
    return name.hasPrefix("style=") || name.hasPrefix("head-") ? headStyle(name) : dynamicPhrase(name)
  }

  /// Every decoration name ABCPress draws, with its drawing.
  static let table: [String: DecorationKind] = {
    var table: [String: DecorationKind] = [:]
    for name in Decoration.knownNames.union(["D.C.alfine", "D.C.alcoda", "D.S.alfine", "D.S.alcoda"]) {
      if let kind = listed(name) { table[name] = kind }
    }
    for name in [">", "^", "+", "<(", "<)", ">(", ">)", "."] {
      if let kind = listed(name) { table[name] = kind }
    }
    return table
  }()

  /// The drawing of a named decoration, as the standard and abcm2ps list them.
  static func listed(_ name: String) -> DecorationKind? {
    switch name {
    case "staccato", ".": .articulation(above: .articStaccatoAbove, below: .articStaccatoBelow)
    case "accent", ">", "emphasis": .articulation(above: .articAccentAbove, below: .articAccentBelow)
    case "tenuto": .articulation(above: .articTenutoAbove, below: .articTenutoBelow)
    case "wedge": .articulation(above: .articStaccatissimoWedgeAbove, below: .articStaccatissimoWedgeBelow)
    case "marcato", "^": .articulation(above: .articMarcatoAbove, below: .articMarcatoBelow)
    case "trill", "tr": .above(.ornamentTrill)
    case "trill(": .trillStart
    case "trill)": .trillEnd
    case "lowermordent", "mordent": .above(.ornamentMordent)
    case "uppermordent", "pralltriller": .above(.ornamentShortTrill)
    case "turn": .above(.ornamentTurn)
    case "turnx": .above(.ornamentTurnSlash)
    case "invertedturn", "invertedturnx": .above(.ornamentTurnInverted)
    case "fermata": .above(.fermataAbove)
    case "invertedfermata": .below(.fermataBelow)
    case "shortfermata": .above(.fermataShortAbove)
    case "longfermata": .above(.fermataLongAbove)
    case "verylongfermata": .above(.fermataVeryLongAbove)
    case "invertedshortfermata": .below(.fermataShortBelow)
    case "invertedlongfermata": .below(.fermataLongBelow)
    case "caesura": .above(.caesura)
    case "umarcato": .sidedArticulation(.articMarcatoAbove, above: true)
    case "dmarcato": .sidedArticulation(.articMarcatoBelow, above: false)
    case "dot": .articulation(above: .articStaccatoAbove, below: .articStaccatoBelow)
    case "ped", "ped(": .below(.keyboardPedalPed)
    case "ped-up", "ped)": .below(.keyboardPedalUp)
    case "sfp": .dynamic(.dynamicSforzandoPiano)
    case "cresc": .dynamicText("cresc.")
    case "dim": .dynamicText("dim.")
    case "8va(": .ottavaStart(.ottavaAlta, above: true, steps: -7)
    case "8vb(": .ottavaStart(.ottavaBassaVb, above: false, steps: 7)
    case "15ma(": .ottavaStart(.quindicesimaAlta, above: true, steps: -14)
    case "8va)", "8vb)", "15ma)": .ottavaEnd
    case "-(", "glissando(": .glissandoStart(wavy: false)
    case "~(": .glissandoStart(wavy: true)
    case "-)", "~)", "glissando)": .glissandoEnd
    case "editorial": .editorialAccidental
    case "courtesy": .courtesyAccidental
    case "invisible": .invisible
    case "stemless": .stemless
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
    case "beamon", "xstem", "rbstop", "rbend", "mark": .layoutOnly
    case "repeatbar": .staffGlyph(.repeat1Bar)
    case "repeatbar2": .staffGlyph(.repeat2Bars)
    case "/", "//", "///": .stemTremolo(strokes: name.count)
    case "trem1", "trem2", "trem3", "trem4": .twoNoteTremolo(strokes: Int(String(name.last ?? "1")) ?? 1)
    case "arpeggio": .arpeggio
    case "slide": .slide
    case "shortphrase", "sphr": .phrase(length: 1)
    case "mediumphrase", "mphr": .phrase(length: 2)
    case "longphrase", "lphr": .phrase(length: 3)
    case "D.S.": .text("D.S.")
    case "D.C.": .text("D.C.")
    case "D.C.alfine": .text("D.C. al Fine")
    case "D.C.alcoda": .text("D.C. al Coda")
    case "D.S.alfine": .text("D.S. al Fine")
    case "D.S.alcoda": .text("D.S. al Coda")
    case "dacoda": .text("Da Coda")
    case "dacapo": .text("Da Capo")
    case "fine": .text("Fine")
    case "0", "1", "2", "3", "4", "5": .fingering(name)
    case "crescendo(", "<(": .hairpinStart(crescendo: true)
    case "diminuendo(", ">(": .hairpinStart(crescendo: false)
    case "crescendo)", "<)", "diminuendo)", ">)": .hairpinEnd
    default: dynamic(name)
    }
  }

  /// `!style=NAME!` (abcjs) and `!head-NAME!` (abcm2ps): a note head of another shape.
  static func headStyle(_ name: String) -> DecorationKind? {
    guard name.hasPrefix("style=") || name.hasPrefix("head-"), let style = NoteheadStyle(named: name) else {
      return nil
    }
    return .notehead(style)
  }

  static let dynamicGlyphs: [String: SMuFLGlyph] = [
    "p": .dynamicPiano, "pp": .dynamicPP, "ppp": .dynamicPPP, "pppp": .dynamicPPPP,
    "f": .dynamicForte, "ff": .dynamicFF, "fff": .dynamicFFF, "ffff": .dynamicFFFF,
    "mp": .dynamicMP, "mf": .dynamicMF, "sfz": .dynamicSforzato, "sf": .dynamicSforzando1,
    "fp": .dynamicFortePiano, "rfz": .dynamicRinforzando2,
  ]

  static let dynamicLetters: [Character: SMuFLGlyph] = [
    "p": .dynamicPiano, "m": .dynamicMezzo, "f": .dynamicForte, "r": .dynamicRinforzando,
    "s": .dynamicSforzando, "z": .dynamicZ, "n": .dynamicNiente,
  ]

  static func dynamic(_ name: String) -> DecorationKind? {
    if let glyph = dynamicGlyphs[name] { return .dynamic(glyph) }
    return dynamicPhrase(name)
  }

  /// A name made of dynamic words (letters p, m, f, r, s, z, n; at most six) and other
  /// words: each dynamic word in the font's letters, the rest in italics; nil when no word
  /// is a dynamic (a name that is no dynamic at all).
  static func dynamicPhrase(_ name: String) -> DecorationKind? {
    let words = name.split(whereSeparator: \.isWhitespace)
    guard !words.isEmpty, words.count <= 6 else { return nil }
    var pieces: [DynamicPiece] = []
    var hasDynamic = false
    for word in words {
      if word.count <= 6, word.allSatisfy({ dynamicLetters[$0] != nil }) {
        hasDynamic = true
        pieces.append(.letters(word.map { dynamicLetters[$0] ?? .dynamicPiano }))
      } else {
        pieces.append(.words(String(word)))
      }
    }
    return hasDynamic ? .dynamicPhrase(pieces) : nil
  }
}

/// A piece of a dynamic phrase: a dynamic in the music font's letters, or italic words.
enum DynamicPiece: Hashable {
  case letters([SMuFLGlyph])
  case words(String)
}
