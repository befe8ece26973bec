import DisplayList
import SMuFL
import ScoreModel

/// Draws clefs.
enum ClefDrawing {
  static func glyph(for clef: Clef) -> SMuFLGlyph {
    switch clef.shape {
    case .treble: clef.octaveShift < 0 ? .gClef8vb : (clef.octaveShift > 0 ? .gClef8va : .gClef)
    case .bass: clef.octaveShift < 0 ? .fClef8vb : .fClef
    case .alto: .cClef
    case .percussion: .unpitchedPercussionClef1
    case .none: .gClef
    }
  }

  /// Draws the clef with its left edge at x; returns the advance in staff spaces.
  @discardableResult
  static func draw(
    _ clef: Clef, x: Double, on canvas: inout StaffCanvas, column: Int? = nil,
    source: SourcePosition? = nil, size: Double = 1
  ) -> Double {
    guard clef.shape != .none else { return 0 }
    let position = clef.shape == .percussion ? 4 : (clef.line - 1) * 2
    let glyph = glyph(for: clef)
    canvas.glyph(
      glyph, x: x, y: StaffCanvas.y(ofPosition: position), role: .clef, column: column,
      source: source, size: size)
    return (canvas.font.glyph(glyph)?.advance ?? 2.7) * size
  }
}

/// Draws key signatures, with naturals that cancel the previous key.
enum KeyDrawing {
  /// The horizontal step between key accidentals, in staff spaces.
  static func step(font: MusicFont) -> Double {
    (font.glyph(.accidentalSharp)?.advance ?? 1.0) + 0.12
  }

  /// How many accidentals the signature draws (the width of `accidentals` without making it).
  static func accidentalCount(key: KeySignature, cancel: KeySignature?) -> Int {
    guard let old = cancel else { return key.writtenAccidentalCount }
    let new = key.writtenAccidentals
    let kept = old.writtenAccidentals.filter { step, accidental in
      new.contains { $0.step == step && $0.accidental == accidental }
    }
    return new.count + old.writtenAccidentals.count - kept.count
  }

  /// The accidentals to draw, naturals first, with their staff positions.
  static func accidentals(key: KeySignature, cancel: KeySignature?, clef: Clef)
    -> [(glyph: SMuFLGlyph, position: Int)]
  {
    let new = key.writtenAccidentals
    // Labelled as returned (an unlabelled array was cast at run time on return).
    var result: [(glyph: SMuFLGlyph, position: Int)] = []
    result.reserveCapacity(new.count + (cancel == nil ? 0 : 7))
    if let old = cancel {
      for (step, accidental) in old.writtenAccidentals
      where !new.contains(where: { $0.step == step && $0.accidental == accidental }) {
        result.append(
          (.accidentalNatural, KeySignaturePlacement.position(of: step, accidental: accidental, clef: clef)))
      }
    }
    for (step, accidental) in new {
      result.append(
        (accidental.glyph, KeySignaturePlacement.position(of: step, accidental: accidental, clef: clef)))
    }
    return result
  }

  /// Draws the signature from x; returns its width.
  @discardableResult
  static func draw(
    _ key: KeySignature, cancel: KeySignature?, clef: Clef, x: Double,
    on canvas: inout StaffCanvas, column: Int? = nil, source: SourcePosition? = nil
  ) -> Double {
    let marks = accidentals(key: key, cancel: cancel, clef: clef)
    let step = step(font: canvas.font)
    for (index, mark) in marks.enumerated() {
      canvas.glyph(
        mark.glyph, x: x + Double(index) * step, y: StaffCanvas.y(ofPosition: mark.position),
        role: .keySignature, column: column, source: source)
    }
    return Double(marks.count) * step
  }
}

/// Draws time signatures.
enum MeterDrawing {
  static func rows(of meter: Meter) -> [[SMuFLGlyph]] {
    switch meter {
    case .none: return []
    case .common: return [[.timeSigCommon]]
    case .cut: return [[.timeSigCutCommon]]
    case .fraction(let numerators, let denominator):
      if numerators.count == 1 { return [digits(numerators[0]), digits(denominator)] }
      var top: [SMuFLGlyph] = []
      for (index, term) in numerators.enumerated() {
        if index > 0 { top.append(.timeSigPlus) }
        top += digits(term)
      }
      return [top, digits(denominator)]
    case .numeral(let count): return [digits(count)]
    }
  }

  /// The glyphs of a number's decimal digits (0 for a negative one).
  static func digits(_ number: Int) -> [SMuFLGlyph] {
    if number >= 0 && number < smallNumbers.count { return smallNumbers[number] }
    return SMuFLGlyph.decimalDigits(max(0, number)).map(SMuFLGlyph.timeSignatureDigit)
  }

  /// The digits of 0…99, made once (a line's start measures its meter, and each measure
  /// made the digits' arrays anew).
  private static let smallNumbers: [[SMuFLGlyph]] = (0..<100).map {
    SMuFLGlyph.decimalDigits($0).map(SMuFLGlyph.timeSignatureDigit)
  }

  static func rowWidth(_ row: [SMuFLGlyph], font: MusicFont) -> Double {
    row.reduce(0) { $0 + (font.glyph($1)?.advance ?? 1.8) }
  }

  /// Scale that keeps fraction digits within two staff spaces each (some fonts, such as
  /// Petaluma, draw taller numerals that would otherwise collide).
  static func digitScale(of meter: Meter, font: MusicFont) -> Double {
    digitScale(rows(of: meter), font: font)
  }

  /// The scale of a two-row meter's digits (1 when they fit the staff), from its rows.
  static func digitScale(_ rows: [[SMuFLGlyph]], font: MusicFont) -> Double {
    guard rows.count == 2 else { return 1 }
    var tallest: Double?
    for row in rows {
      for glyph in row {
        if let height = font.glyph(glyph)?.height { tallest = max(tallest ?? height, height) }
      }
    }
    let height = tallest ?? 2
    return height > 2.3 ? 2.05 / height : 1
  }

  static func width(of meter: Meter, font: MusicFont) -> Double {
    width(rows(of: meter), font: font)
  }

  /// The width of a meter's rows: the widest row, scaled.
  static func width(_ rows: [[SMuFLGlyph]], font: MusicFont) -> Double {
    var widest: Double?
    for row in rows {
      let width = rowWidth(row, font: font)
      widest = max(widest ?? width, width)
    }
    return (widest ?? 0) * digitScale(rows, font: font)
  }

  @discardableResult
  static func draw(
    _ meter: Meter, x: Double, on canvas: inout StaffCanvas, column: Int? = nil,
    source: SourcePosition? = nil
  ) -> Double {
    let rows = rows(of: meter)
    let total = width(rows, font: canvas.font)
    let scale = digitScale(rows, font: canvas.font)
    let positions = rows.count == 1 ? [4] : [6, 2]
    for (row, position) in zip(rows, positions) {
      var cursor = x + (total - rowWidth(row, font: canvas.font) * scale) / 2
      for glyph in row {
        canvas.glyph(
          glyph, x: cursor, y: StaffCanvas.y(ofPosition: position), role: .timeSignature,
          column: column, source: source, size: scale)
        cursor += (canvas.font.glyph(glyph)?.advance ?? 1.8) * scale
      }
    }
    return total
  }
}
