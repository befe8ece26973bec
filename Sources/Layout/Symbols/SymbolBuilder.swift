import DisplayList
import SMuFL
import ScoreModel

/// Turns a voice of the score model into staff symbols with their ink extents.
///
/// Method: one pass over the voice's elements, keeping the clef, key and running time.
/// Each note becomes a `NoteSymbol` with staff positions from the clef, accidentals
/// offset to the left and dots to the right; `left`/`right` extents come from the SMuFL
/// glyph boxes so the spacer can keep ink apart. Stem directions are decided here (they
/// depend only on pitch), so flags can be counted in the extents.
///
///     K:D  A2 ^c/d/ |   →   note(A4, crotchet) note(C#5 + sharp, 16th) note(D5, 16th) bar
///
/// Limits: one voice per staff; chords stack seconds but do not yet stagger accidentals
/// beyond one column per head.
struct SymbolBuilder {
  let font: MusicFont

  func build(voice: Voice, key: KeySignature, meter: Meter) -> [StaffSymbol] {
    var symbols: [StaffSymbol] = []
    var clef = voice.clef
    var onset = Rational.zero
    var currentKey = key
    _ = meter
    for element in voice.elements {
      let source = element.range.position
      let before = symbols.count
      let keyBefore = currentKey
      defer {
        if symbols.count > before { symbols[symbols.count - 1].key = keyBefore }
      }
      switch element {
      case .note(let event):
        let note = noteSymbol(event, clef: clef)
        symbols.append(StaffSymbol(kind: .note(note), onset: onset, source: source, clef: clef))
        onset += event.duration
      case .rest(let event):
        let rest = RestSymbol(
          value: NoteValue(duration: event.measureCount == nil ? event.displayDuration : Rational(1)),
          duration: event.duration, isVisible: event.isVisible, measureCount: event.measureCount)
        var symbol = StaffSymbol(kind: .rest(rest), onset: onset, source: source, clef: clef)
        (symbol.left, symbol.right) = extents(of: rest)
        symbols.append(symbol)
        onset += event.duration
      case .bar(let bar):
        var symbol = StaffSymbol(kind: .bar(bar), onset: onset, source: source, clef: clef)
        symbol.right = BarLineDrawing.width(of: bar, font: font)
        symbols.append(symbol)
      case .clefChange(let newClef, _):
        clef = newClef
        var symbol = StaffSymbol(kind: .clef(newClef), onset: onset, source: source, clef: clef)
        symbol.right = width(of: ClefDrawing.glyph(for: newClef)) * 0.8
        symbols.append(symbol)
      case .keyChange(let newKey, _):
        var symbol = StaffSymbol(
          kind: .key(newKey, cancel: currentKey), onset: onset, source: source, clef: clef)
        symbol.right = keyWidth(newKey, cancel: currentKey)
        if symbol.right > 0 { symbols.append(symbol) }
        currentKey = newKey
      case .meterChange(let newMeter, _):
        var symbol = StaffSymbol(kind: .meter(newMeter), onset: onset, source: source, clef: clef)
        symbol.right = meterWidth(newMeter)
        symbols.append(symbol)
      case .lineBreak:
        if !symbols.isEmpty { symbols[symbols.count - 1].breakAfter = true }
      case .tupletStart, .tempoChange, .partLabel, .sectionTitle, .spacer:
        // Drawn by later stages (issue 4); they take no time of their own.
        break
      }
    }
    BeamGrouping.assign(&symbols)
    for index in symbols.indices {
      guard case .note(var note) = symbols[index].kind else { continue }
      ChordArrangement.arrange(&note, font: font)
      symbols[index].kind = .note(note)
      (symbols[index].left, symbols[index].right) = extents(of: note)
    }
    return symbols
  }

  func noteSymbol(_ event: NoteEvent, clef: Clef) -> NoteSymbol {
    let value = NoteValue(duration: event.displayDuration)
    var heads = event.heads.map {
      PlacedHead(position: clef.staffPosition(of: $0.pitch), accidental: $0.accidental)
    }
    heads.sort { $0.position < $1.position }
    var note = NoteSymbol(
      heads: heads, value: value, duration: event.duration,
      isBeamedWithPrevious: event.isBeamedWithPrevious)
    note.stemUp = Self.stemUp(lowest: note.lowest, highest: note.highest)
    return note
  }

  /// The usual rule: the head farthest from the middle line decides; a tie goes down.
  static func stemUp(lowest: Int, highest: Int) -> Bool {
    (highest - 4) < (4 - lowest)
  }

  func width(of glyph: SMuFLGlyph) -> Double {
    font.glyph(glyph)?.advance ?? 1
  }

  func extents(of note: NoteSymbol) -> (Double, Double) {
    let headWidth = width(of: note.value.notehead)
    var left = 0.0
    var right = headWidth
    for head in note.heads {
      left = max(left, -head.offset)
      right = max(right, head.offset + headWidth)
      if head.accidental != nil { left = max(left, -head.accidentalOffset) }
    }
    if note.value.dots > 0 {
      right += 0.35 + Double(note.value.dots) * 0.55
    }
    if note.stemUp && note.value.flagCount > 0 && note.beamGroup == nil {
      if let flag = note.value.flag(up: true), let metrics = font.glyph(flag) {
        right = max(right, headWidth + metrics.northEast.x)
      }
    }
    return (left, right)
  }

  func extents(of rest: RestSymbol) -> (Double, Double) {
    guard rest.measureCount == nil else { return (0, 8) }
    var right = width(of: rest.value.rest)
    if rest.value.dots > 0 { right += 0.35 + Double(rest.value.dots) * 0.55 }
    return (0, right)
  }

  func keyWidth(_ key: KeySignature, cancel: KeySignature?) -> Double {
    let count = KeyDrawing.accidentals(key: key, cancel: cancel, clef: .treble).count
    return count == 0 ? 0 : Double(count) * KeyDrawing.step(font: font)
  }

  func meterWidth(_ meter: Meter) -> Double {
    MeterDrawing.width(of: meter, font: font)
  }
}
