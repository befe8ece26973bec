import DisplayList
import SMuFL
import ScoreModel

/// How much room a staff symbol's ink and text take either side of its anchor: heads,
/// accidentals, dots, flags, arpeggios and grace notes of a note; a rest's glyph; the
/// chord symbols, lyrics and dynamics on it; key and meter widths.
extension SymbolBuilder {
  /// Extra room right of an up-stem flag, in staff spaces (it hangs over the next note's
  /// head otherwise: flags need clearing more than heads do).
  static let flagClearance = 0.35
  /// Room an arpeggio takes left of its chord's accidentals (its line and a gap).
  static let arpeggioRoom = 1.0
  /// The room kept before an arpeggio for a tie into its chord (staff spaces).
  static let tieRoomBeforeArpeggio = 1.0

  func extents(of note: NoteSymbol) -> (Double, Double) {
    let size = note.size
    let headWidth = width(of: note.notehead) * size
    var left = 0.0
    var right = headWidth
    for head in note.heads {
      left = max(left, -head.offset * size)
      right = max(right, head.offset * size + headWidth)
      if head.accidental != nil && !head.isEditorial { left = max(left, -head.accidentalOffset * size) }
    }
    if note.value.dots > 0 {
      let drawing = NoteDrawing(font: font)
      // Only an up-stem flag can push the dot right: other notes need no stem.
      let flagged = note.stemUp && note.value.flagCount > 0 && note.beamGroup == nil && !note.isCrossBeamed
      let dotX = drawing.firstDotX(note, x: 0, stem: flagged ? drawing.defaultStem(note, x: 0) : nil)
      right = max(right, dotX + Double(note.value.dots) * 0.55 * size)
    }
    if note.stemUp && note.value.flagCount > 0 && note.beamGroup == nil && !note.isStemless
      && !note.isCrossBeamed
    {
      if let flag = note.value.flag(up: true), let metrics = font.glyph(flag) {
        // The flag's tip keeps a little more than the usual gap from the next note.
        right = max(right, headWidth + metrics.northEast.x * size + Self.flagClearance)
      }
    }
    if note.tremoloStrokes != nil && note.beamGroup == nil {
      // A stemless two-note tremolo: room for the strokes between the heads.
      right += 2
    }
    if note.hasArpeggio {
      left += note.grace.map(GraceDrawing.arpeggioRoom(after:)) ?? Self.arpeggioRoom
      // A tie arriving stops before the arpeggio: room for a tie a space long.
      if note.isTiedInto && note.grace == nil { left += Self.tieRoomBeforeArpeggio }
    }
    if let grace = note.grace {
      left += GraceDrawing.width(of: grace, font: font) + 0.3 + grace.tieRoom
    }
    return (left, right)
  }

  func extents(of rest: RestSymbol) -> (Double, Double) {
    guard rest.measureCount == nil else { return (0, 8) }
    if let sign = rest.repeatSign { return (0, width(of: RestDrawing.glyph(for: sign))) }
    var right = width(of: rest.value.rest)
    if rest.value.dots > 0 { right += 0.35 + Double(rest.value.dots) * 0.55 }
    return (0, right * rest.size)
  }

  /// Chord symbols start at the note and lyrics centre under it: both may need room.
  func widenForText(_ symbol: inout StaffSymbol) {
    let attachments = symbol.attachments
    // Ornaments over the note (trill, mordent, fermata …) keep their width clear of the
    // neighbours' (as abcm2ps spaces them), so a run of them stands in one row.
    if case .note = symbol.kind {
      let head = font.glyph(.noteheadBlack)?.advance ?? 1.18
      for kind in attachments.decorationKinds {
        guard case .above(let glyph)? = kind,
          let metrics = font.glyph(glyph)
        else { continue }
        let half = metrics.width / 2 + 0.15
        symbol.left = max(symbol.left, half - head / 2)
        symbol.right = max(symbol.right, head / 2 + half)
      }
    }
    for annotation in attachments.annotations {
      // Text above or below the staff overhangs free space (as abcm2ps sets it): annotations
      // stack clear of each other instead of spreading the notes.
      if annotation.placement == .above || annotation.placement == .below { continue }
      var width =
        annotation.placement == .chordSymbol
        ? ChordSymbolText.measure(
          annotation.text, style: style.chordSymbolStyle, font: style.chordSymbolFont, measurer: measurer,
          scale: scale
        ).width
        : measurer.measure(annotation.text, font: style.annotationFont).width / scale
      if annotation.placement == .chordSymbol && style.chordSymbolsBoxed {
        width += 2 * MarkPlacement.framePadding + 0.2
      }
      switch annotation.placement {
      case .chordSymbol:
        // Chord symbols overhang the notes after them: only the next chord symbol is kept
        // clear (`HorizontalSpacer.holdChordSymbolsApart`), as text above the staff is.
        // One on a bar line (`"D.C."|]`) may end a line: it widens the bar itself.
        if symbol.isBar {
          symbol.right = max(symbol.right, width + 0.6)
        } else {
          symbol.attachments.chordReach = max(symbol.attachments.chordReach, width + 1.0)
        }
      case .above, .below: break
      case .left: symbol.left = max(symbol.left, width + 0.5)
      case .right: symbol.right = max(symbol.right, width + 1.7)
      case .free: break
      }
    }
    for kind in attachments.decorationKinds {
      guard let kind else { continue }
      let (left, right) = dynamicExtents(kind)
      if right > 0 { symbol.attachments.dynamicReach = max(symbol.attachments.dynamicReach, right + 0.6) }
      if left > 0 { symbol.attachments.dynamicLeft = max(symbol.attachments.dynamicLeft, left) }
    }
    let headCentre = 0.59
    var (lyricLeft, lyricRight) = (0.0, 0.0)
    for syllable in attachments.lyrics.compactMap({ $0 }) {
      let width = measurer.measure(syllable.text, font: style.lyricFont).width / scale
      // Room for the hyphen after a syllable that goes on (with a little air either side),
      // or for the space between words. In a score of several voices (`lyricsApart`) the
      // room is as LilyPond sets it; a single voice keeps the wider room abcm2ps gives.
      let hyphen = syllable.continuesWord ? measurer.measure("-", font: style.lyricFont).width / scale : 0
      if lyricsApart {
        lyricLeft = max(lyricLeft, width / 2 - headCentre)
        lyricRight = max(lyricRight, headCentre + width / 2 + (hyphen > 0 ? hyphen + 0.5 : 0) + 0.1)
      } else {
        let wide = width + (hyphen > 0 ? hyphen + 0.8 : 0)
        lyricLeft = max(lyricLeft, wide / 2 - headCentre)
        lyricRight = max(lyricRight, headCentre + wide / 2 + 0.4)
      }
    }
    guard lyricLeft > 0 || lyricRight > 0 else { return }
    if lyricsApart {
      symbol.attachments.lyricLeft = lyricLeft
      symbol.attachments.lyricRight = lyricRight
    } else {
      symbol.left = max(symbol.left, lyricLeft)
      symbol.right = max(symbol.right, lyricRight)
    }
  }

  /// How far a dynamic mark reaches left and right of the note's centre (staff spaces), as
  /// `MarkPlacement.placeDynamicPhrase` sets it; zeros for other decorations.
  func dynamicExtents(_ kind: DecorationKind) -> (left: Double, right: Double) {
    switch kind {
    case .dynamic, .dynamicText:
      let width = dynamicWidth(kind)
      return (width / 2, width / 2)
    case .dynamicPhrase(let pieces):
      let widths = pieces.map { dynamicWidth(.dynamicPhrase([$0])) }
      let first = pieces.firstIndex { if case .letters = $0 { true } else { false } } ?? 0
      let before = widths[..<first].reduce(0, +) + widths[first] / 2
      return (before, widths.reduce(0, +) - before)
    default: return (0, 0)
    }
  }

  /// The width of a dynamic mark (staff spaces), 0 for other decorations.
  func dynamicWidth(_ kind: DecorationKind) -> Double {
    func glyphsWidth(_ glyphs: [SMuFLGlyph]) -> Double {
      glyphs.reduce(0) { total, glyph in
        guard let metrics = font.glyph(glyph) else { return total }
        return total + (metrics.advance > 0 ? metrics.advance : metrics.width)
      }
    }
    var spec = style.directionFont
    spec.isBold = false
    switch kind {
    case .dynamic(let glyph): return glyphsWidth([glyph])
    case .dynamicText(let words): return measurer.measure(words, font: spec).width / scale
    case .dynamicPhrase(let pieces):
      return pieces.reduce(0) { total, piece in
        switch piece {
        case .letters(let glyphs): total + glyphsWidth(glyphs) + 0.35
        case .words(let text): total + measurer.measure(text, font: spec).width / scale + 0.35
        }
      }
    default: return 0
    }
  }

  func keyWidth(_ key: KeySignature, cancel: KeySignature?) -> Double {
    let count = KeyDrawing.accidentals(key: key, cancel: cancel, clef: .treble).count
    return count == 0 ? 0 : Double(count) * KeyDrawing.step(font: font)
  }

  func meterWidth(_ meter: Meter) -> Double {
    MeterDrawing.width(of: meter, font: font)
  }
}
