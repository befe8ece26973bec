import DisplayList
import SMuFL
import ScoreModel

/// One notehead of a note or chord as placed on the staff.
struct PlacedHead: Hashable {
  /// Staff position in half spaces above the bottom line.
  var position: Int
  var accidental: Accidental?
  /// A microtonal alteration written with the accidental (`^/` is +1/2), in semitones.
  var microtone: Rational? = nil
  /// Horizontal offset of the head, in staff spaces (non-zero for seconds in chords).
  var offset: Double = 0
  /// Horizontal offset of the accidental's left edge relative to the head's left edge.
  var accidentalOffset: Double = 0
  /// A tie from this head to the same pitch in the next note; `true` when dotted.
  var tie: Bool? = nil
  /// The side the source asks the tie to take: true below, false above, nil as the layout
  /// decides.
  var tieBelow: Bool? = nil
  /// The tie goes into another voice's note: it ends at the voice's next symbol.
  var tieAcross = false
  /// A cautionary accidental the source did not write, drawn in parentheses.
  var isCautionary = false
  /// A percussion head for this pitch (`%%percmap`), nil for the note's own.
  var glyph: SMuFLGlyph? = nil
  /// `!editorial!`: the accidental is drawn small above the note, not beside the head.
  var isEditorial = false
}

/// A note or chord ready for spacing and drawing.
struct NoteSymbol {
  var heads: [PlacedHead]
  var value: NoteValue
  var duration: Rational
  var isBeamedWithPrevious: Bool
  var stemUp = true
  /// Index of the beam group this note belongs to, if beamed.
  var beamGroup: Int?
  /// The grace notes before the note, if any.
  var grace: GraceGroup? {
    get { graceBox?.group }
    set { graceBox = newValue.map(GraceBox.init) }
  }
  /// Boxed: few notes have grace notes, and unboxed they were a third of every symbol's
  /// size (symbols are copied often, and a long tune holds them all).
  var graceBox: GraceBox? = nil
  /// Rarely set marks, kept in one byte each (0 for none): notes are copied often.
  var storedTremoloStrokes: UInt8 = 0
  var storedBeamBreak: UInt8 = 0
  /// `!stemless!`: no stem, flag or beam.
  var isStemless = false
  /// Joined by a beam across staves (drawn after stacking): no beam or flag of its own.
  var isCrossBeamed = false
  /// Staff positions the heads are moved by an octave line (`!8va(!`: -7).
  var ottavaShift: Int8 = 0
  /// Drawn at cue size (a cue note, or one the score prints small).
  var isSmall = false
  /// An arpeggio stands left of the chord (room is kept for it).
  var hasArpeggio = false
  /// A tie from the note before arrives here (room is kept for it before an arpeggio).
  var isTiedInto = false

  /// The voice's size in percent (`%%voicescale`), 100 by default.
  var voicePercent: UInt8 = 100

  /// The size the note's glyphs are drawn at: 1, or `cueSize` for a small note, times
  /// the voice's size.
  var size: Double { (isSmall ? Self.cueSize : 1) * Double(voicePercent) / 100 }

  /// The size of cue notes' glyphs, as engravers print them (about three quarters).
  static let cueSize = 0.75

  /// A two-note tremolo (`!trem1!`…`!trem4!`): the strokes joining this note and its
  /// partner (shown at twice their played value).
  var tremoloStrokes: Int? {
    get { storedTremoloStrokes == 0 ? nil : Int(storedTremoloStrokes) }
    set { storedTremoloStrokes = UInt8(clamping: newValue ?? 0) }
  }

  /// `!beambr1!` / `!beambr2!`: the beams that run on into this note from the one before
  /// (the others break here); nil when all do.
  var beamBreak: Int? {
    get { storedBeamBreak == 0 ? nil : Int(storedBeamBreak) }
    set { storedBeamBreak = UInt8(clamping: newValue ?? 0) }
  }

  /// The notehead the note is measured by: its first head's own shape (percussion), else
  /// the value's.
  var notehead: SMuFLGlyph { (heads.isEmpty ? nil : heads[0].glyph) ?? value.notehead }

  /// Beams the note takes: its flags, or a two-note tremolo's strokes.
  var beamCount: Int { max(value.flagCount, tremoloStrokes ?? 0) }

  // The heads' fields read where they lie (`first` and a `for` loop copied each head).
  var highest: Int {
    guard !heads.isEmpty else { return 4 }
    var result = heads[0].position
    for index in 1..<heads.count where heads[index].position > result { result = heads[index].position }
    return result
  }
  var lowest: Int {
    guard !heads.isEmpty else { return 4 }
    var result = heads[0].position
    for index in 1..<heads.count where heads[index].position < result { result = heads[index].position }
    return result
  }
}

/// A rest ready for spacing and drawing.
struct RestSymbol {
  var value: NoteValue
  var duration: Rational
  var isVisible: Bool
  var measureCount: Int?
  /// A rest that fills its bar alone: drawn as a whole rest in the bar's middle.
  var isWholeBar = false
  /// Staff positions the rest moves by (a lower voice on a shared staff).
  var shift = 0
  /// `%%repeat`: a repeat sign drawn in the rest's place, nil for a rest.
  var repeatSign: RepeatSignShape?
  /// Holds the place of a note drawn on another staff (`RestEvent.isPlaceholder`).
  var isPlaceholder = false
  /// `%%voicescale`: the voice's size in percent (rests drawn and spaced at it).
  var voicePercent: UInt8 = 100
  var size: Double { Double(voicePercent) / 100 }
}

/// A note's grace notes, held by reference.
final class GraceBox: @unchecked Sendable {
  let group: GraceGroup

  init(_ group: GraceGroup) { self.group = group }
}

/// What a staff symbol is.
enum SymbolKind {
  case note(NoteSymbol)
  case rest(RestSymbol)
  case bar(BarLine)
  case clef(Clef)
  /// A key signature; `cancel` holds the naturals for accidentals the previous key had.
  case key(KeySignature, cancel: KeySignature?)
  case meter(Meter)
  /// `y`: invisible space.
  case spacer(Double)
}

/// What hangs on a symbol besides its own glyphs: marks, texts, curves and lyrics.
///
/// The fields live in one shared, copy-on-write box: symbols are copied often during
/// layout and most carry nothing, so a copy costs one reference count instead of one per
/// field.
struct Attachments {
  private final class Storage: @unchecked Sendable {
    var decorations: [Decoration] = []
    /// What each decoration draws, looked up once (`DecorationTable.kind`).
    var decorationKinds: [DecorationKind?] = []
    var annotations: [TextAnnotation] = []
    var lyrics: [LyricSyllable?] = []
    var slurStarts: [SlurMark] = []
    var slurEnds: [SlurMark] = []
    var tuplets: [Tuplet] = []
    var tempo: Tempo?
    var partLabel: String?
    var sectionTitle: String?
    var tabNotes: [TabNote] = []
    var chordReach = 0.0
    var lyricLeft = 0.0
    var lyricRight = 0.0
    var dynamicReach = 0.0
    var dynamicLeft = 0.0
    var diagramReach = 0.0
    var diagramLeft = 0.0
    init() {}

    init(copying other: Storage) {
      decorations = other.decorations
      decorationKinds = other.decorationKinds
      annotations = other.annotations
      lyrics = other.lyrics
      slurStarts = other.slurStarts
      slurEnds = other.slurEnds
      tuplets = other.tuplets
      tempo = other.tempo
      partLabel = other.partLabel
      sectionTitle = other.sectionTitle
      tabNotes = other.tabNotes
      chordReach = other.chordReach
      lyricLeft = other.lyricLeft
      lyricRight = other.lyricRight
      dynamicReach = other.dynamicReach
      dynamicLeft = other.dynamicLeft
      diagramReach = other.diagramReach
      diagramLeft = other.diagramLeft
    }
  }

  /// The fields, nil for a symbol without attachments (most symbols). No shared empty
  /// box: every symbol made or copied counted a reference to it, atomically, and two cores
  /// making symbols fought over its count.
  private var storage: Storage?

  /// The fields' object, nil for none: changed in place while this value alone holds it.
  var storageIdentity: ObjectIdentifier? { storage.map(ObjectIdentifier.init) }

  private mutating func unique() -> Storage {
    // Asked before binding it: a binding is a second reference, and nothing would be unique.
    if isKnownUniquelyReferenced(&storage), let storage { return storage }
    let made = storage.map(Storage.init(copying:)) ?? Storage()
    storage = made
    return made
  }

  var decorations: [Decoration] {
    get { storage?.decorations ?? [] }
    set {
      let storage = unique()
      storage.decorations = newValue
      storage.decorationKinds = newValue.map { DecorationTable.kind(of: $0.name) }
    }
  }
  /// What each of `decorations` draws (nil for none), in the same order.
  var decorationKinds: [DecorationKind?] { storage?.decorationKinds ?? [] }
  var annotations: [TextAnnotation] {
    get { storage?.annotations ?? [] }
    set { unique().annotations = newValue }
  }
  var lyrics: [LyricSyllable?] {
    get { storage?.lyrics ?? [] }
    set { unique().lyrics = newValue }
  }
  var slurStarts: [SlurMark] {
    get { storage?.slurStarts ?? [] }
    set { unique().slurStarts = newValue }
  }
  var slurEnds: [SlurMark] {
    get { storage?.slurEnds ?? [] }
    set { unique().slurEnds = newValue }
  }
  /// The tuplets that start at this symbol, outermost first (tuplets nest).
  var tuplets: [Tuplet] {
    get { storage?.tuplets ?? [] }
    set { unique().tuplets = newValue }
  }
  var tempo: Tempo? {
    get { storage?.tempo }
    set { unique().tempo = newValue }
  }
  var partLabel: String? {
    get { storage?.partLabel }
    set { unique().partLabel = newValue }
  }
  var sectionTitle: String? {
    get { storage?.sectionTitle }
    set { unique().sectionTitle = newValue }
  }
  /// The note's strings and frets on the voice's tablature staff.
  var tabNotes: [TabNote] {
    get { storage?.tabNotes ?? [] }
    set { unique().tabNotes = newValue }
  }
  /// How far right of the anchor the symbol's chord symbols reach, with their padding
  /// (staff spaces; 0 for none): the next chord symbol stands at least this far on.
  var chordReach: Double {
    get { storage?.chordReach ?? 0 }
    set { unique().chordReach = newValue }
  }

  /// How far the note's widest lyric syllable reaches left and right of its anchor (its
  /// hyphen counted), in staff spaces: only the voice's next syllable must clear it.
  var lyricLeft: Double {
    get { storage?.lyricLeft ?? 0 }
    set { unique().lyricLeft = newValue }
  }
  var lyricRight: Double {
    get { storage?.lyricRight ?? 0 }
    set { unique().lyricRight = newValue }
  }
  /// How far right of the anchor the note's dynamics reach, with their padding: the next
  /// dynamic stands at least this far on (one row of dynamics, not a staircase).
  var dynamicReach: Double {
    get { storage?.dynamicReach ?? 0 }
    set { unique().dynamicReach = newValue }
  }
  /// How far left of the anchor the note's dynamics reach (the words of "più p").
  var dynamicLeft: Double {
    get { storage?.dynamicLeft ?? 0 }
    set { unique().dynamicLeft = newValue }
  }

  /// How far right of the anchor the chord diagram over the note reaches, with its
  /// padding (0 for none, or a repeated chord that draws none), and how far left.
  var diagramReach: Double {
    get { storage?.diagramReach ?? 0 }
    set { unique().diagramReach = newValue }
  }
  var diagramLeft: Double {
    get { storage?.diagramLeft ?? 0 }
    set { unique().diagramLeft = newValue }
  }

  var isEmpty: Bool {
    storage == nil
      || (decorations.isEmpty && annotations.isEmpty && lyrics.isEmpty && slurStarts.isEmpty
        && slurEnds.isEmpty && tuplets.isEmpty && tempo == nil && partLabel == nil && sectionTitle == nil
        && tabNotes.isEmpty)
  }
}

/// A fret number on a tablature staff: the string (0 = lowest) and the fret.
struct TabNote: Hashable {
  var string: Int
  var fret: Int
}

/// One item in a voice's horizontal sequence, with the width it needs around its anchor.
///
/// The anchor is the left edge of the notehead (notes), the glyph origin (rests, clefs,
/// signatures) or the left edge of the bar line. `left` and `right` are the ink extents
/// on either side of the anchor in staff spaces; spacing keeps them apart.
struct StaffSymbol {
  var kind: SymbolKind {
    didSet { category = SymbolCategory(kind) }
  }
  /// What the symbol is, without its payload, kept with `kind`: the line breaker, the
  /// spacer and the drawing ask it of every symbol, and reading it from `kind` copied the
  /// symbol's payload (a note's heads, a bar line's marks) each time.
  private(set) var category: SymbolCategory
  var onset: Rational
  var left: Double = 0
  var right: Double = 0
  var source: SourcePosition?
  /// The clef in force, for placing key signatures and rests.
  var clef: Clef
  /// The key and meter in force, shared by the symbols they hold for (a symbol is copied
  /// often, and each copy of a key's table and a meter's terms cost reference counts).
  /// Nil for C major without a meter (a symbol not yet placed in a voice): no shared box
  /// whose count every new symbol would touch.
  var signatures: Signatures?
  /// The key in force before this symbol.
  var key: KeySignature {
    get { signatures?.key ?? .cMajor }
    set { signatures = Signatures(key: newValue, meter: meter) }
  }
  /// True when the source asks for a score line break after this symbol.
  var breakAfter = false
  /// A line must end here whatever the break mode (the staves change after it).
  var mustBreak = false
  /// True for a merged bar column that not every voice shares: no line break there.
  var blocksBreak = false
  var attachments = Attachments()
  /// The bar number of the bar this symbol is in (1 = the first full bar).
  var barNumber = 1
  /// When the symbol's bar began, and the meter in force.
  var barOnset = Rational.zero
  var meter: Meter {
    get { signatures?.meter ?? .none }
    set { signatures = Signatures(key: key, meter: newValue) }
  }

  init(kind: SymbolKind, onset: Rational, source: SourcePosition?, clef: Clef) {
    self.kind = kind
    category = SymbolCategory(kind)
    self.onset = onset
    self.source = source
    self.clef = clef
  }

  var duration: Rational {
    // Read in place: a `switch` binding both payloads copied the note on each call.
    if case .note(let note) = kind { return note.duration }
    if case .rest(let rest) = kind { return rest.duration }
    return .zero
  }

  var isBar: Bool { category == .bar }

  var isRest: Bool { category == .rest }

  /// True for clef, key and meter changes, which fold into a system's start when they
  /// come first on a line.
  var isSignature: Bool { category == .signature }

  var isDurational: Bool { category == .note || category == .rest }

  /// For a note a beam may join (flagged, with a stem of its own on this staff): whether
  /// the source joins it to the note before; nil for any other symbol.
  var beamJoin: Bool? {
    guard case .note(let note) = kind, note.value.flagCount > 0, !note.isStemless, !note.isCrossBeamed
    else { return nil }
    return note.isBeamedWithPrevious
  }

  /// A note's lowest and highest head positions; nil for any other symbol.
  var noteRange: (lowest: Int, highest: Int)? {
    guard case .note(let note) = kind else { return nil }
    return (note.lowest, note.highest)
  }

  /// Changes a note's payload where it lies (nothing for any other symbol): taken out of
  /// `kind` and put back, where binding it (`case .note(var note) = kind`) copied it and
  /// counted a reference to its heads, and writing it back freed the old one.
  @inline(__always) mutating func updateNote(_ change: (inout NoteSymbol) -> Void) {
    guard category == .note else { return }
    var taken = SymbolKind.spacer(0)
    swap(&taken, &kind)
    switch consume taken {
    case .note(var note):
      change(&note)
      kind = .note(note)
    case let other:
      kind = other
    }
  }

  /// The note's payload; nil for any other symbol.
  var note: NoteSymbol? {
    guard case .note(let note) = kind else { return nil }
    return note
  }

  /// The beam group of a note in one; nil for any other symbol.
  var beamGroup: Int? {
    guard case .note(let note) = kind else { return nil }
    return note.beamGroup
  }

  /// True for a note with grace notes before it.
  var hasGrace: Bool {
    guard case .note(let note) = kind else { return false }
    return note.graceBox != nil
  }

  /// True for a note with a tie leaving one of its heads.
  var startsTie: Bool {
    guard case .note(let note) = kind else { return false }
    return note.heads.contains { $0.tie != nil }
  }
}

/// The key and meter in force at a symbol: one shared box for a run of symbols.
final class Signatures: @unchecked Sendable {
  let key: KeySignature
  let meter: Meter

  init(key: KeySignature, meter: Meter) {
    self.key = key
    self.meter = meter
  }
}

/// A symbol's kind alone: comparing two of them copies nothing.
enum SymbolCategory {
  case note, rest, bar
  /// A clef, key or meter change.
  case signature
  case spacer

  init(_ kind: SymbolKind) {
    switch kind {
    case .note: self = .note
    case .rest: self = .rest
    case .bar: self = .bar
    case .clef, .key, .meter: self = .signature
    case .spacer: self = .spacer
    }
  }
}

extension SourceRange {
  /// The display list's form of the range's start.
  var position: SourcePosition { SourcePosition(line: start.line, column: start.column) }
}
