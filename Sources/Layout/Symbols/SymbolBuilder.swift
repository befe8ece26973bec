import DisplayList
import SMuFL
import ScoreModel

/// Turns a voice of the score model into staff symbols with their ink extents.
///
/// Method: one pass over the voice's elements, keeping the clef, key, bar number and
/// running time. Each note becomes a `NoteSymbol` with staff positions from the clef,
/// accidentals offset to the left and dots to the right; `left`/`right` extents come from
/// the SMuFL glyph boxes, grace notes, chord symbols and lyrics, so the spacer keeps ink
/// and text apart and widens a column only as much as its widest item needs. Marks that
/// take no time (`(3`, `[Q:…]`, `P:`) ride on the next symbol as attachments.
///
///     K:D  A2 ^c/d/ |   →   note(A4, crotchet) note(C#5 + sharp, 16th) note(D5, 16th) bar
///
/// Limits: a voice at a time; `MultiStaffLayout` merges voices afterwards.
struct SymbolBuilder {
  let font: MusicFont
  let style: MusicTextStyle
  let measurer: any TextMeasurer
  /// Points per staff space, to turn measured text into staff spaces.
  let scale: Double
  /// The voice's stem direction on a shared staff (`.auto`: each note or beam decides).
  var stemDirection: StemDirection = .auto
  /// Staff positions to move rests by (the lower voice of a shared staff sits lower).
  var restShift = 0
  /// Bars (time spans, in order) in which the voice has its shared staff to itself: there
  /// its stems and rests are a single voice's (`SoloBars`).
  var soloBars: [Range<Rational>] = []
  /// Keep lyric syllables' extents apart from the ink's (`Attachments.lyricLeft`, …): in a
  /// score of several voices a syllable need only clear its own voice's next syllable, not
  /// every column between them (`LyricRods`).
  var lyricsApart = false

  func build(voice: Voice, key: KeySignature, meter: Meter) -> [StaffSymbol] {
    var symbols: [StaffSymbol] = []
    symbols.reserveCapacity(voice.elements.count + 4)
    var clef = voice.clef
    var onset = Rational.zero
    var currentKey = key
    var pending = Attachments()
    var barNumber = 1
    /// A `%%setbarnb` number waiting for the next bar line (it came after notes of a bar).
    var nextBarNumber: Int?
    var barStart = Rational.zero
    var currentMeter = meter
    // One box for the key and meter, made again when either changes.
    var signatures = Signatures(key: key, meter: meter)
    /// A two-note tremolo was met (most voices have none: no pass for them).
    var hasTremolo = false
    var cautions = CautionaryAccidentals()
    /// Keys tied into the next note: they sound on, so the tablature shows no new fret.
    var tiedKeys: [Int] = []
    /// `%%repeat` signs by the element they start at, and the one being read.
    var signs = [Int: RepeatSign]()
    for sign in voice.repeatSigns { signs[sign.elementIndex] = sign }
    var replacement: RepeatSignReplacement?
    /// Diatonic steps notes are drawn away from their pitch under an octave line (`!8va(!`).
    var ottava = 0
    func appendRepeatSign(_ rest: RestSymbol, at start: Rational, source: SourcePosition?) {
      var symbol = StaffSymbol(kind: .rest(rest), onset: start, source: source, clef: clef)
      symbol.right = width(of: rest.repeatSign.map(RestDrawing.glyph(for:)) ?? .restWhole)
      append(consume symbol)
    }
    // Consumed, not copied: a symbol is large, and copying each one twice was a sixth of
    // making them.
    func append(_ symbol: consuming StaffSymbol, carries: Bool = true) {
      symbol.signatures = signatures
      symbol.barNumber = barNumber
      symbol.barOnset = barStart
      if carries && !pending.isEmpty {
        if symbol.attachments.tuplets.isEmpty { symbol.attachments.tuplets = pending.tuplets }
        symbol.attachments.tempo = pending.tempo
        symbol.attachments.partLabel = pending.partLabel
        symbol.attachments.sectionTitle = pending.sectionTitle
        pending = Attachments()
      }
      symbols.append(consume symbol)
    }
    // Read by index: an iterator hands out a copy of each element (and of its note).
    let elements = voice.elements
    for elementIndex in elements.indices {
      let source = elements[elementIndex].range.position
      if !voice.barNumberSettings.isEmpty, let number = voice.barNumberSettings[elementIndex] {
        // `%%setbarnb`: this bar when none of it has sounded yet, else the next.
        if onset == barStart {
          barNumber = number
        } else {
          nextBarNumber = number
        }
      }
      if !signs.isEmpty, let sign = signs[elementIndex] {
        replacement = RepeatSignReplacement(sign: sign, start: onset)
      }
      if replacement != nil, elements[elementIndex].duration > .zero {
        // The sign points at the first note it stands for.
        if replacement?.firstSource == nil { replacement?.firstSource = source }
        onset += elements[elementIndex].duration
        if let rest = replacement?.absorb(endingAt: onset) {
          appendRepeatSign(rest, at: onset - rest.duration, source: replacement?.firstSource)
          replacement?.firstSource = nil
        }
        if replacement?.isFinished == true { replacement = nil }
        continue
      }
      if replacement != nil, case .bar = elements[elementIndex] {
        if let rest = replacement?.closeBar(at: onset) {
          appendRepeatSign(rest, at: onset - rest.duration, source: replacement?.firstSource ?? source)
        }
        replacement?.firstSource = nil
        if replacement?.isFinished == true { replacement = nil }
      }
      switch elements[elementIndex] {
      case .note(let event):
        let decorations = event.decorations
        if !decorations.isEmpty, decorations.contains(where: { $0.name == "invisible" }) {
          // Not drawn: its time and space stay, as an unseen rest's.
          let rest = RestSymbol(
            value: NoteValue(duration: event.displayDuration), duration: event.duration, isVisible: false)
          append(StaffSymbol(kind: .rest(rest), onset: onset, source: source, clef: clef))
          onset += event.duration
          continue
        }
        var note = noteSymbol(event, clef: clef, key: currentKey, ottava: &ottava)
        if !crossBeamStems.isEmpty, let up = crossBeamStems[elementIndex] {
          note.isCrossBeamed = true
          note.stemUp = up
        }
        cautions.apply(to: &note, event: event, key: currentKey, clef: clef)
        var symbol = StaffSymbol(kind: .note(consume note), onset: onset, source: source, clef: clef)
        // Most notes carry nothing: their attachments stay the shared empty ones.
        if !decorations.isEmpty {
          symbol.attachments.decorations = decorations
          if !hasTremolo { hasTremolo = decorations.contains { $0.name.hasPrefix("trem") } }
        }
        if !event.annotations.isEmpty { symbol.attachments.annotations = event.annotations }
        if !event.lyrics.isEmpty { symbol.attachments.lyrics = event.lyrics }
        if !event.slurStarts.isEmpty { symbol.attachments.slurStarts = event.slurStarts }
        if !event.slurEnds.isEmpty { symbol.attachments.slurEnds = event.slurEnds }
        if let tablature {
          symbol.attachments.tabNotes = Self.tabNotes(event, on: tablature, tiedFrom: tiedKeys)
          tiedKeys = event.heads.filter(\.isTiedToNext).map(\.midiKey)
        }
        append(consume symbol)
        onset += event.duration
      case .rest(let event):
        let hidden = event.decorations.contains { $0.name == "invisible" }
        var rest = RestSymbol(
          value: NoteValue(duration: event.measureCount == nil ? event.displayDuration : Rational(1)),
          duration: event.duration, isVisible: event.isVisible && !hidden, measureCount: event.measureCount)
        rest.isPlaceholder = event.isPlaceholder
        var symbol = StaffSymbol(kind: .rest(rest), onset: onset, source: source, clef: clef)
        if !event.decorations.isEmpty { symbol.attachments.decorations = event.decorations }
        if !event.annotations.isEmpty { symbol.attachments.annotations = event.annotations }
        append(consume symbol)
        onset += event.duration
      case .bar(let bar):
        // Two bar lines with nothing between them (`fg |` then `| a2` on the next line)
        // are one bar line: keep the more specific of the two.
        // At a line end both stay: the first closes the line, the second opens the next.
        // (The last symbol read in place: `symbols.last` copied it whole at every bar.)
        if let lastIndex = symbols.indices.last, symbols[lastIndex].isBar,
          case .bar(let previous) = symbols[lastIndex].kind
        {
          if Self.isPlain(bar) { continue }
          // (Only a bar line no line break follows is replaced: the merged one breaks none.)
          if Self.isPlain(previous) && !symbols[lastIndex].breakAfter {
            symbols.removeLast()
            var merged = StaffSymbol(kind: .bar(bar), onset: onset, source: source, clef: clef)
            merged.right = BarLineDrawing.width(of: bar, font: font)
            merged.attachments.decorations = bar.decorations
            merged.attachments.annotations = bar.annotations
            append(consume merged, carries: false)
            continue
          }
        }
        var symbol = StaffSymbol(kind: .bar(bar), onset: onset, source: source, clef: clef)
        symbol.right = BarLineDrawing.width(of: bar, font: font)
        if !bar.decorations.isEmpty { symbol.attachments.decorations = bar.decorations }
        if !bar.annotations.isEmpty { symbol.attachments.annotations = bar.annotations }
        // A bar counts once it holds music; an opening bar shorter than the meter is a
        // pickup, numbered 0, so the first full bar is bar 1.
        if onset > barStart {
          markWholeBarRest(&symbols, barLength: currentMeter.barLength)
          let isShort = currentMeter.barLength.map { onset - barStart < $0 } ?? false
          if barStart.isZero && isShort {
            for index in symbols.indices { symbols[index].barNumber = 0 }
          } else {
            barNumber += 1
          }
          if let number = nextBarNumber {
            barNumber = number
            nextBarNumber = nil
          }
          barStart = onset
          cautions.endBar()
        }
        append(consume symbol, carries: false)
      case .clefChange(let newClef, _):
        clef = newClef
        var symbol = StaffSymbol(kind: .clef(newClef), onset: onset, source: source, clef: clef)
        symbol.right = width(of: ClefDrawing.glyph(for: newClef)) * 0.8
        append(consume symbol, carries: false)
        // A change at the start of a bar stands before its bar line (Gould); where a line
        // ends at that bar, it is the warning clef and the next line opens in the new clef.
        let count = symbols.count
        if count >= 3, symbols[count - 2].isBar, !symbols[count - 3].isBar {
          symbols.swapAt(count - 1, count - 2)
          symbols[count - 1].clef = newClef
        }
      case .keyChange(let newKey, _):
        var symbol = StaffSymbol(
          kind: .key(newKey, cancel: currentKey), onset: onset, source: source, clef: clef)
        symbol.right = keyWidth(newKey, cancel: currentKey)
        if symbol.right > 0 { append(consume symbol, carries: false) }
        currentKey = newKey
        signatures = Signatures(key: currentKey, meter: currentMeter)
      case .meterChange(let newMeter, _):
        var symbol = StaffSymbol(kind: .meter(newMeter), onset: onset, source: source, clef: clef)
        symbol.right = meterWidth(newMeter)
        currentMeter = newMeter
        signatures = Signatures(key: currentKey, meter: currentMeter)
        append(consume symbol, carries: false)
      case .lineBreak:
        if !symbols.isEmpty { symbols[symbols.count - 1].breakAfter = true }
      case .tupletStart(let tuplet, _):
        pending.tuplets.append(tuplet)
      case .tempoChange(let tempo, _):
        pending.tempo = tempo
      case .partLabel(let label, _):
        pending.partLabel = label
      case .sectionTitle(let title, _):
        pending.sectionTitle = title
      case .spacer(let spacer):
        let width = spacer.width ?? 1.5
        var symbol = StaffSymbol(kind: .spacer(width), onset: onset, source: source, clef: clef)
        symbol.right = width
        symbol.attachments.decorations = spacer.decorations
        symbol.attachments.annotations = spacer.annotations
        append(consume symbol)
      }
    }
    BeamGrouping.assign(&symbols)
    if hasTremolo { TremoloPairs.mark(&symbols) }
    forceStems(&symbols)
    TieMarking.mark(&symbols, voice: voice)
    // `%%voicescale`: the voice's notes drawn (and spaced) at its size.
    let voicePercent = UInt8(clamping: Int((voice.voiceScale * 100).rounded()))
    for index in symbols.indices {
      if symbols[index].category == .note {
        // The note is changed and measured where it lies (`updateNote`), not copied out.
        var extents = (0.0, 0.0)
        var graceBeforeBar: GraceGroup?
        symbols[index].updateNote { note in
          if voicePercent != 100 { note.voicePercent = voicePercent }
          // A single head without accidental has nothing to arrange.
          if note.heads.count > 1 || note.heads.first?.accidental != nil {
            ChordArrangement.arrange(&note, font: font)
          }
          extents = self.extents(of: note)
          if let grace = note.grace, grace.standsBeforeBar { graceBeforeBar = grace }
        }
        (symbols[index].left, symbols[index].right) = extents
        // Grace notes written before the bar line take their room before it.
        if let grace = graceBeforeBar, let bar = Self.barBefore(index, in: symbols) {
          symbols[index].left -= GraceDrawing.width(of: grace, font: font) + 0.3 + grace.tieRoom
          symbols[bar].left += GraceDrawing.width(of: grace, font: font) + 0.6
        }
      } else if case .rest(var rest) = symbols[index].kind {
        if voicePercent != 100 && rest.measureCount == nil && rest.repeatSign == nil {
          rest.voicePercent = voicePercent
          symbols[index].kind = .rest(rest)
        }
        (symbols[index].left, symbols[index].right) = extents(of: rest)
      }
      if !symbols[index].attachments.isEmpty { widenForText(&symbols[index]) }
    }
    if let instrument = style.chordDiagrams { reserveChordDiagrams(&symbols, instrument: instrument) }
    return symbols
  }

  /// The bar line just before symbol `index` (only clefs, keys and meters between), if any.
  static func barBefore(_ index: Int, in symbols: [StaffSymbol]) -> Int? {
    var candidate = index - 1
    while candidate >= 0 {
      switch symbols[candidate].kind {
      case .bar: return candidate
      case .clef, .key, .meter: candidate -= 1
      default: return nil
      }
    }
    return nil
  }

  /// The fret numbers of a note's heads, leaving out heads tied from the note before.
  static func tabNotes(_ event: NoteEvent, on tablature: Tablature, tiedFrom tied: [Int]) -> [TabNote] {
    let keys = event.heads.map(\.midiKey)
    var notes: [TabNote] = []
    for (key, position) in zip(keys, tablature.positions(of: keys)) where !tied.contains(key) {
      if let position { notes.append(TabNote(string: position.string, fret: position.fret)) }
    }
    return notes
  }

  /// Applies a fixed stem direction and rest shift, for voices sharing a staff, except in
  /// the bars the voice has to itself.
  func forceStems(_ symbols: inout [StaffSymbol]) {
    guard stemDirection != .auto || restShift != 0 else { return }
    for index in symbols.indices where !SoloBars.contains(soloBars, symbols[index].onset) {
      if case .note(var note) = symbols[index].kind, stemDirection != .auto, !note.isCrossBeamed {
        note.stemUp = stemDirection == .up
        symbols[index].kind = .note(note)
      } else if case .rest(var rest) = symbols[index].kind, restShift != 0 {
        rest.shift = restShift
        symbols[index].kind = .rest(rest)
      }
    }
  }

  /// A single bar line with no repeat, ending or marks.
  static func isPlain(_ bar: BarLine) -> Bool {
    bar.style == .single && !bar.repeatsEnd && !bar.repeatsStart && bar.ending == nil
      && bar.decorations.isEmpty && bar.annotations.isEmpty
  }

  /// A rest alone in a full bar is a whole-bar rest (also one written as the bar that lasts
  /// longer: a staff in a meter of its own, MusicXML's local time signatures).
  func markWholeBarRest(_ symbols: inout [StaffSymbol], barLength: Rational?) {
    guard let barLength else { return }
    // The bar's one note or rest, found walking back to the bar line.
    var found: Int?
    var index = symbols.count - 1
    while index >= 0 && !symbols[index].isBar {
      if symbols[index].isDurational {
        guard found == nil else { return }
        found = index
      }
      index -= 1
    }
    guard let only = found, case .rest(var rest) = symbols[only].kind,
      rest.duration == barLength || rest.value == NoteValue(duration: barLength), rest.measureCount == nil
    else { return }
    rest.isWholeBar = true
    rest.value = NoteValue(duration: Rational(1))
    symbols[only].kind = .rest(rest)
  }

  /// The note as drawn. `ottava` is the octave line in force (diatonic steps the heads
  /// move, `!8va(!` … `!8va)!`): the note's own marks may start it (for this note on) or
  /// end it (after this note).
  func noteSymbol(_ event: NoteEvent, clef: Clef, key: KeySignature, ottava: inout Int) -> NoteSymbol {
    let value = NoteValue(duration: event.displayDuration)
    // Head shapes: a decoration (`!x!`, `!style=triangle!`) for the whole note, else head
    // by head the voice's `%%map`, the tune's `%%percmap`, the voice's `style=`.
    var decoratedStyle: NoteheadStyle?
    var beamBreak: Int?
    var (stemless, editorial, courtesy, ottavaEnds) = (false, false, false, false)
    for decoration in event.decorations {
      switch DecorationTable.kind(of: decoration.name) {
      case .ottavaStart(_, _, let steps): ottava = steps
      case .ottavaEnd: ottavaEnds = true
      case .beamBreak(let kept): beamBreak = kept
      case .notehead(let style): decoratedStyle = style
      case .stemless: stemless = true
      case .editorialAccidental: editorial = true
      case .courtesyAccidental: courtesy = true
      default: break
      }
    }
    let marked = editorial || courtesy
    let shift = ottava
    if ottavaEnds { ottava = 0 }
    var heads = event.heads.map { head in
      var position = clef.staffPosition(of: head.pitch) + shift
      var style = decoratedStyle
      if hasHeadShapes {
        if let mapping = headShapes.noteMap.first(where: {
          $0.applies(to: head.pitch, tonic: key.tonic ?? .c)
        }) {
          if let printed = mapping.printed { position = clef.staffPosition(of: printed) }
          style = style ?? mapping.head.flatMap(NoteheadStyle.init(named:))
        }
        style = style ?? headShapes.percussion[head.pitch.diatonicIndex] ?? headShapes.voiceStyle
      }
      var placed = PlacedHead(position: position, accidental: head.accidental, microtone: head.microtone)
      if let style { placed.glyph = drawable(style.glyph(for: value)) }
      if marked && head.accidental != nil {
        placed.isEditorial = editorial
        placed.isCautionary = courtesy
      }
      return placed
    }
    // A single head (most notes) is in order already.
    if heads.count > 1 { heads.sort { $0.position < $1.position } }
    var note = NoteSymbol(
      heads: heads, value: value, duration: event.duration,
      isBeamedWithPrevious: event.isBeamedWithPrevious)
    note.stemUp = Self.stemUp(lowest: note.lowest, highest: note.highest)
    if event.hasGraceNotes { note.grace = event.graceNotes }
    note.ottavaShift = Int8(clamping: shift)
    note.isSmall = event.isSmall
    note.hasArpeggio = event.decorations.contains { $0.name == "arpeggio" }
    note.beamBreak = beamBreak
    note.isStemless = stemless
    return consume note
  }

  /// The glyph when the music font has it or ABCPress can draw its outline, else nil.
  func drawable(_ glyph: SMuFLGlyph?) -> SMuFLGlyph? {
    guard let glyph else { return nil }
    let outline = NoteheadOutline.corners(of: glyph, headWidth: 1) != nil
    return font.glyph(glyph) != nil || outline ? glyph : nil
  }

  /// The usual rule: the head farthest from the middle line decides; a tie goes down.
  static func stemUp(lowest: Int, highest: Int) -> Bool {
    (highest - 4) < (4 - lowest)
  }

  func width(of glyph: SMuFLGlyph) -> Double {
    font.advance(of: glyph)
      ?? NoteheadOutline.width(of: glyph, headWidth: font.advance(of: .noteheadBlack) ?? 1.18) ?? 1
  }

  /// The head shapes a voice asks for besides decorations.
  var headShapes = HeadShapes() {
    didSet { hasHeadShapes = !headShapes.isEmpty }
  }
  /// True when `headShapes` changes any head (most voices: none).
  private(set) var hasHeadShapes = false
  /// The voice's tablature staff (`%%tablature`), nil for none.
  var tablature: Tablature?
  /// Notes joined by a beam across staves, by element, with their stem direction.
  var crossBeamStems: [Int: Bool] = [:]
}
