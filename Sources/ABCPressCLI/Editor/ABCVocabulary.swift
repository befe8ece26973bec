import ABCParser
import ScoreModel

/// The words an editor offers and explains: information fields, decorations, `%%`
/// directives, keys and modes (ABC 2.1, with the abcm2ps decorations users rely on).
enum ABCVocabulary {
  /// Information fields: letter, name, where they may stand, meaning.
  static let fields: [(letter: String, name: String, meaning: String)] = [
    ("X", "reference number", "Starts a tune; the first field of its header."),
    ("T", "title", "The tune's title; more T: lines give alternative titles or subtitles."),
    ("C", "composer", "Who wrote the tune."),
    ("O", "origin", "Where the tune comes from (country, region, collection)."),
    ("A", "area", "The area or locality within the origin."),
    ("R", "rhythm", "The tune type: reel, jig, hornpipe, polka, waltz…"),
    ("M", "meter", "The time signature: 4/4, 6/8, C, C| or none."),
    ("L", "unit note length", "The length of a note without a number, e.g. 1/8."),
    ("Q", "tempo", "Beats per minute, e.g. 1/4=120, with an optional \"text\"."),
    ("P", "parts", "In the header the order parts are played (ABAC, (AB)2C); in the body a part's start."),
    ("Z", "transcription", "Who transcribed the tune, and from where."),
    ("N", "notes", "Notes about the tune."),
    ("G", "group", "The group or instrument the tune is for."),
    ("H", "history", "The tune's history; may run over several lines."),
    ("B", "book", "The book the tune was printed in."),
    ("D", "discography", "Recordings of the tune."),
    ("F", "file URL", "Where the tune's file can be found."),
    ("S", "source", "Where the tune was collected."),
    ("I", "instruction", "An instruction to programs, e.g. I:linebreak $ or I:abc-include FILE."),
    ("U", "user symbol", "Gives a letter H–W, h–w or ~ a decoration: U:T = !trill!."),
    ("V", "voice", "Starts or defines a voice: V:1 clef=bass name=\"Cello\"."),
    ("W", "words after the tune", "Lyrics printed after the music."),
    ("w", "words under the notes", "Lyrics aligned syllable by syllable with the notes above."),
    ("m", "macro", "Defines a macro: m: ~n2 = (3o/n/m/ n."),
    ("r", "remark", "A remark, ignored by programs."),
    ("s", "symbol line", "Decorations and chord symbols aligned with the notes above."),
    ("K", "key", "The key and mode (G, Dmix, Ador, Bb, F#m…), clef and transposition; ends the header."),
  ]

  /// What each standard decoration (and the common abcm2ps ones) does.
  static let decorations: [String: String] = [
    "trill": "A trill (tr) over the note.", "trill(": "Starts an extended trill (tr~~~).",
    "trill)": "Ends an extended trill.", "lowermordent": "A lower mordent (a short squiggle with a bar).",
    "mordent": "A lower mordent.", "uppermordent": "An upper mordent (a short squiggle).",
    "pralltriller": "An upper mordent.",
    "roll": "A roll: an Irish ornament, drawn as a small tilde (~) over the note.",
    "turn": "A turn (upper note first).", "turnx": "A turn with a line through it.",
    "invertedturn": "An inverted turn (lower note first).",
    "invertedturnx": "An inverted turn with a line through it.",
    "arpeggio": "Spread the chord, bottom to top.", "accent": "An accent (>): play the note louder.",
    "fermata": "A fermata: hold the note.", "invertedfermata": "A fermata under the note.",
    "tenuto": "Tenuto: hold the note its full length.", "0": "Fingering 0 (open string or thumb).",
    "1": "Fingering 1.", "2": "Fingering 2.", "3": "Fingering 3.", "4": "Fingering 4.", "5": "Fingering 5.",
    "plus": "Left-hand pizzicato, or a hand stop (+).", "snap": "Snap pizzicato.",
    "slide": "A slide up into the note.", "wedge": "A staccatissimo wedge.", "upbow": "Up bow (V).",
    "downbow": "Down bow.", "open": "Open string or harmonic (o).", "thumb": "Cello thumb position.",
    "breath": "A breath mark (,).", "pppp": "Dynamics: pianissississimo.", "ppp": "Dynamics: pianississimo.",
    "pp": "Dynamics: pianissimo.", "p": "Dynamics: piano (soft).", "mp": "Dynamics: mezzo-piano.",
    "mf": "Dynamics: mezzo-forte.", "f": "Dynamics: forte (loud).", "ff": "Dynamics: fortissimo.",
    "fff": "Dynamics: fortississimo.", "ffff": "Dynamics: fortissississimo.", "sfz": "Dynamics: sforzando.",
    "crescendo(": "Starts a crescendo hairpin (<).", "crescendo)": "Ends a crescendo hairpin.",
    "diminuendo(": "Starts a diminuendo hairpin (>).", "diminuendo)": "Ends a diminuendo hairpin.",
    "segno": "A segno sign: D.S. jumps back here.", "coda": "A coda sign.",
    "D.S.": "Dal segno: go back to the segno.",
    "D.C.": "Da capo: go back to the start.", "dacoda": "Jump to the coda.", "dacapo": "Da capo.",
    "fine": "Fine: the end after a D.C. or D.S.", "shortphrase": "A short phrase mark on the staff.",
    "mediumphrase": "A medium phrase mark.", "longphrase": "A long phrase mark.",
    "staccato": "Staccato: short and detached (a dot).", "emphasis": "An accent.",
    "editorial": "An editorial accidental.",
    "courtesy": "A courtesy accidental in brackets.", "8va(": "Starts an octave-up line.",
    "8va)": "Ends an octave-up line.",
    "8vb(": "Starts an octave-down line.", "8vb)": "Ends an octave-down line.",
  ]

  /// Key tonics and modes, for completion after `K:`.
  static let keys: [String] = {
    let tonics = ["C", "G", "D", "A", "E", "B", "F#", "C#", "F", "Bb", "Eb", "Ab", "Db", "Gb", "Cb"]
    let modes = ["", "m", "mix", "dor", "phr", "lyd", "loc"]
    return tonics.flatMap { tonic in modes.map { tonic + $0 } } + ["none", "HP", "Hp"]
  }()

  /// Mode names as written in full.
  static let modes: [String: String] = [
    "": "major", "m": "minor", "min": "minor", "maj": "major", "ion": "Ionian (major)", "mix": "Mixolydian",
    "dor": "Dorian", "phr": "Phrygian", "lyd": "Lydian", "loc": "Locrian", "aeo": "Aeolian (minor)",
  ]

  /// Every decoration name completion offers: the known ones, sorted.
  static var decorationNames: [String] { Decoration.knownNames.sorted() }

  /// A directive's explanation: what its argument is.
  static func directiveDetail(_ name: String) -> String? {
    directives[name].map { "%%\(name) takes \($0)." }
  }

  static let directives: [String: String] = Dictionary(
    ABCParser.knownDirectives.map { ($0.name, $0.argument) }, uniquingKeysWith: { first, _ in first })
}
