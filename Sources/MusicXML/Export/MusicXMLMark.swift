/// What an ABC decoration becomes in MusicXML: a notation on the note or a direction
/// before it.
///
/// One table serves both ways: export looks a decoration up by its ABC name, import
/// takes the first ABC name listed for a MusicXML mark, so `!emphasis!` and `!accent!`
/// both write `<accent/>`, which reads back as `!accent!`.
enum MusicXMLMark: Hashable, Sendable {
  /// Inside `<notations><articulations>`.
  case articulation(String)
  /// `<strong-accent type="up|down">` (a marcato that points one way wherever it sits).
  case strongAccent(up: Bool)
  /// Inside `<notations><ornaments>`; `other-ornament` carries its text.
  case ornament(String, text: String? = nil)
  /// `<tremolo type="single">N</tremolo>` inside `<ornaments>`.
  case tremolo(Int)
  /// Inside `<notations><technical>`; `fingering` carries its digit.
  case technical(String, text: String? = nil)
  /// `<fermata type=…>shape</fermata>`.
  case fermata(inverted: Bool, shape: String)
  case arpeggiate
  /// `<direction>` marks.
  case dynamics(String)
  case wedge(String)
  case segno
  case coda
  case words(String)
  case octaveShift(type: String, size: Int)
  case pedal(String)

  /// True for marks written as a `<direction>` before the note.
  var isDirection: Bool {
    switch self {
    case .dynamics, .wedge, .segno, .coda, .words, .octaveShift, .pedal: true
    default: false
    }
  }

  /// ABC decoration names (canonical spelling) and their marks; the first name of a mark
  /// is the one import writes back.
  static let table: [(String, MusicXMLMark)] = [
    ("staccato", .articulation("staccato")), ("accent", .articulation("accent")),
    ("marcato", .articulation("strong-accent")), ("umarcato", .strongAccent(up: true)),
    ("dmarcato", .strongAccent(up: false)),
    ("tenuto", .articulation("tenuto")), ("wedge", .articulation("staccatissimo")),
    ("breath", .articulation("breath-mark")), ("caesura", .articulation("caesura")),
    ("trill", .ornament("trill-mark")), ("tr", .ornament("trill-mark")),
    ("lowermordent", .ornament("mordent")), ("mordent", .ornament("mordent")),
    ("uppermordent", .ornament("inverted-mordent")), ("pralltriller", .ornament("inverted-mordent")),
    ("turn", .ornament("turn")), ("invertedturn", .ornament("inverted-turn")),
    ("roll", .ornament("other-ornament", text: "roll")), ("trem1", .tremolo(1)), ("trem2", .tremolo(2)),
    ("trem3", .tremolo(3)), ("trem4", .tremolo(4)), ("upbow", .technical("up-bow")),
    ("downbow", .technical("down-bow")), ("open", .technical("open-string")),
    ("thumb", .technical("thumb-position")), ("snap", .technical("snap-pizzicato")),
    ("plus", .technical("stopped")), ("0", .technical("fingering", text: "0")),
    ("1", .technical("fingering", text: "1")), ("2", .technical("fingering", text: "2")),
    ("3", .technical("fingering", text: "3")), ("4", .technical("fingering", text: "4")),
    ("5", .technical("fingering", text: "5")), ("fermata", .fermata(inverted: false, shape: "normal")),
    ("invertedfermata", .fermata(inverted: true, shape: "normal")),
    ("shortfermata", .fermata(inverted: false, shape: "angled")),
    ("longfermata", .fermata(inverted: false, shape: "square")),
    ("verylongfermata", .fermata(inverted: false, shape: "double-square")), ("arpeggio", .arpeggiate),
    ("pppp", .dynamics("pppp")), ("ppp", .dynamics("ppp")), ("pp", .dynamics("pp")), ("p", .dynamics("p")),
    ("mp", .dynamics("mp")), ("mf", .dynamics("mf")), ("f", .dynamics("f")), ("ff", .dynamics("ff")),
    ("fff", .dynamics("fff")), ("ffff", .dynamics("ffff")), ("sfz", .dynamics("sfz")),
    ("sf", .dynamics("sf")),
    ("sfp", .dynamics("sfp")), ("fp", .dynamics("fp")), ("rfz", .dynamics("rfz")),
    ("crescendo(", .wedge("crescendo")), ("diminuendo(", .wedge("diminuendo")),
    ("crescendo)", .wedge("stop")),
    ("diminuendo)", .wedge("stop")), ("segno", .segno), ("coda", .coda), ("D.C.", .words("D.C.")),
    ("dacapo", .words("Da Capo")), ("D.S.", .words("D.S.")), ("dacoda", .words("Da Coda")),
    ("fine", .words("Fine")), ("D.C.alfine", .words("D.C. al Fine")), ("D.C.alcoda", .words("D.C. al Coda")),
    ("D.S.alfine", .words("D.S. al Fine")), ("D.S.alcoda", .words("D.S. al Coda")),
    ("8va(", .octaveShift(type: "down", size: 8)), ("8va)", .octaveShift(type: "stop", size: 8)),
    ("8vb(", .octaveShift(type: "up", size: 8)), ("8vb)", .octaveShift(type: "stop", size: 8)),
    ("15ma(", .octaveShift(type: "down", size: 15)), ("15ma)", .octaveShift(type: "stop", size: 15)),
    ("ped", .pedal("start")), ("ped-up", .pedal("stop")),
  ]

  /// The mark for an ABC decoration name, nil for those MusicXML has no place for.
  static func mark(for name: String) -> MusicXMLMark? { byName[name] }

  /// The ABC decoration a mark reads back as.
  static func decoration(for mark: MusicXMLMark) -> String? { byMark[mark] }

  private static let byName: [String: MusicXMLMark] = Dictionary(
    table, uniquingKeysWith: { first, _ in first })
  private static let byMark: [MusicXMLMark: String] = Dictionary(
    table.map { ($0.1, $0.0) }, uniquingKeysWith: { first, _ in first })
}
