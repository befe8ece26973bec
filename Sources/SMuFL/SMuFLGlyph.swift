/// The SMuFL glyphs the engraver draws, by their standard names.
public enum SMuFLGlyph: String, Sendable, CaseIterable {
  // Staff groups
  case brace, bracketTop, bracketBottom
  // Clefs
  case gClef, fClef, cClef, unpitchedPercussionClef1, gClef8vb, gClef8va, fClef8vb
  case sixStringTabClef = "6stringTabClef"
  case fourStringTabClef = "4stringTabClef"
  // Noteheads
  case noteheadBlack, noteheadHalf, noteheadWhole, noteheadDoubleWhole
  case noteheadXBlack, noteheadCircleX, noteheadDiamondBlack, noteheadDiamondHalf
  case noteheadSquareBlack, noteheadSquareWhite, noteheadPlusBlack
  case noteheadSlashHorizontalEnds, noteheadSlashWhiteHalf
  case noteheadTriangleUpBlack, noteheadTriangleUpWhite
  // Flags
  case flag8thUp, flag8thDown, flag16thUp, flag16thDown, flag32ndUp, flag32ndDown
  case flag64thUp, flag64thDown
  // Rests
  case restDoubleWhole, restWhole, restHalf, restQuarter, rest8th, rest16th, rest32nd, rest64th
  case restHBar, restHBarLeft, restHBarMiddle, restHBarRight
  // Accidentals
  case accidentalFlat, accidentalNatural, accidentalSharp, accidentalDoubleSharp
  case accidentalDoubleFlat, accidentalParensLeft, accidentalParensRight
  case accidentalQuarterToneSharpStein, accidentalThreeQuarterTonesSharpStein
  case accidentalQuarterToneFlatStein, accidentalThreeQuarterTonesFlatZimmermann
  // Tremolos
  case tremolo1, tremolo2, tremolo3
  // Time signatures
  case timeSig0, timeSig1, timeSig2, timeSig3, timeSig4, timeSig5, timeSig6, timeSig7
  case timeSig8, timeSig9, timeSigCommon, timeSigCutCommon, timeSigPlus
  // Dots and repeats
  case augmentationDot, repeatDot, repeatDots, repeat1Bar, repeat2Bars, repeatBarSlash
  // Metronome marks
  case metNoteWhole, metNoteHalfUp, metNoteQuarterUp, metNote8thUp, metNote16thUp
  case metAugmentationDot
  // Articulations
  case articStaccatoAbove, articStaccatoBelow, articAccentAbove, articAccentBelow
  case articTenutoAbove, articTenutoBelow, articStaccatissimoWedgeAbove, articStaccatissimoWedgeBelow
  case articMarcatoAbove, articMarcatoBelow
  // Ornaments, fermatas, bowings, repeats
  case ornamentTrill, ornamentMordent, ornamentShortTrill, ornamentTurn, ornamentTurnSlash
  case ornamentTurnInverted, fermataAbove, fermataBelow, stringsUpBow, stringsDownBow
  case fermataShortAbove, fermataLongAbove, fermataVeryLongAbove, fermataShortBelow, fermataLongBelow
  case caesura, keyboardPedalPed, keyboardPedalUp, ottavaAlta, ottavaBassaVb, quindicesimaAlta
  case brassMuteOpen, pluckedLeftHandPizzicato, pluckedSnapPizzicatoAbove, breathMarkComma
  case segno, coda, wiggleTrill
  // Dynamics
  case dynamicPiano, dynamicPP, dynamicPPP, dynamicPPPP, dynamicForte, dynamicFF, dynamicFFF
  case dynamicFFFF, dynamicMP, dynamicMF, dynamicSforzando1, dynamicFortePiano, dynamicRinforzando2
  case dynamicSforzandoPiano, dynamicSforzato, dynamicMezzo, dynamicRinforzando, dynamicSforzando
  case dynamicZ, dynamicNiente
  // Tuplets
  case tuplet0, tuplet1, tuplet2, tuplet3, tuplet4, tuplet5, tuplet6, tuplet7, tuplet8, tuplet9
  case tupletColon

  /// The case's position in `allCases` (0, 1, 2, …): an index into per-glyph tables.
  ///
  /// A case of an enum without payloads is stored as its declaration index, so reading
  /// that byte costs nothing (hashing the case would hash its name); a test checks that
  /// the index matches `allCases`.
  @inlinable
  public var ordinal: Int {
    Int(unsafeBitCast(self, to: UInt8.self))
  }

  /// The decimal digits of a number's magnitude, most significant first (`407` → 4, 0, 7).
  public static func decimalDigits(_ number: Int) -> [Int] {
    var rest = number.magnitude
    var digits: [Int] = []
    repeat {
      digits.append(Int(rest % 10))
      rest /= 10
    } while rest > 0
    digits.reverse()
    return digits
  }

  /// The time signature digit glyph for 0...9.
  public static func timeSignatureDigit(_ digit: Int) -> SMuFLGlyph {
    timeSignatureDigits[max(0, min(9, digit))]
  }
  private static let timeSignatureDigits: [SMuFLGlyph] = [
    .timeSig0, .timeSig1, .timeSig2, .timeSig3, .timeSig4, .timeSig5, .timeSig6, .timeSig7,
    .timeSig8, .timeSig9,
  ]

  /// The tuplet number glyph for 0...9.
  public static func tupletDigit(_ digit: Int) -> SMuFLGlyph {
    tupletDigits[max(0, min(9, digit))]
  }
  private static let tupletDigits: [SMuFLGlyph] = [
    .tuplet0, .tuplet1, .tuplet2, .tuplet3, .tuplet4, .tuplet5, .tuplet6, .tuplet7,
    .tuplet8, .tuplet9,
  ]
}
