import ScoreModel

/// Notes, rests and chords.
///
/// A note is `accidental? letter octave-marks length?`: `^c'3/2`. The letter gives
/// step and octave (`C` = C4, `c` = C5), each `'` raises and each `,` lowers an
/// octave. A chord `[CEg]2` holds notes with their own lengths; the chord takes the
/// first note's inner length times the outer length (`[C2E2]/2` = one unit).
/// Microtonal accidentals `^/` `_/` `^3/2` give a fraction of a semitone (`^/` is a
/// quarter tone up); the note sounds that fraction rounded to whole semitones.
extension BodyParser {
  /// Reads one note head at the scanner, resolving its sounding alteration.
  ///
  /// Returns nil (consuming the accidentals) when no letter follows them.
  mutating func readHead(_ scanner: inout LineScanner) -> NoteHead? {
    let start = scanner.position
    var accidental: Accidental?
    switch (scanner.peek(), scanner.peek(1)) {
    case ("^", "^"): accidental = .doubleSharp
    case ("^", _): accidental = .sharp
    case ("_", "_"): accidental = .doubleFlat
    case ("_", _): accidental = .flat
    case ("=", _): accidental = .natural
    default: break
    }
    if let accidental { scanner.position += abs(accidental.alter) == 2 ? 2 : 1 }
    var microtone: Rational?
    if let sign = accidental?.alter, sign != 0, let next = scanner.peek(),
      next == "/" || next.asciiDigit != nil
    {
      microtone = readMicrotone(&scanner, sign: sign)
    }
    guard let (step, noteOctave) = scanner.readNoteName() else {
      diagnostics.error("accidental without a note", at: scanner.range(from: start))
      return nil
    }
    var octave = noteOctave
    if !Limits.octaves.contains(octave) {
      diagnostics.warning(
        "octave out of range (\(Limits.octaves.lowerBound) to \(Limits.octaves.upperBound)); note kept "
          + "at the nearest", at: scanner.range(from: start))
      octave = min(max(octave, Limits.octaves.lowerBound), Limits.octaves.upperBound)
    }
    var pitch = Pitch(step: step, octave: octave)
    if builder.pitchShift != 0 { pitch = Pitch(diatonicIndex: pitch.diatonicIndex + builder.pitchShift) }
    let written = microtone.map { Int($0.doubleValue.rounded()) } ?? accidental?.alter
    let alter = builder.accidentals.soundingAlter(of: pitch, written: written)
    return NoteHead(pitch: pitch, accidental: accidental, soundingAlter: alter, microtone: microtone)
  }

  /// Reads the fraction after `^`/`_` (`/`, `3/2`, `//`) as signed semitones.
  private mutating func readMicrotone(_ scanner: inout LineScanner, sign: Int) -> Rational {
    let start = scanner.position
    let numerator = scanner.readNumber() ?? 1
    var denominator = 1
    while scanner.consume("/") {
      denominator = min(denominator * max(scanner.readNumber() ?? 2, 1), Limits.microtoneDenominator)
    }
    guard numerator > 0, numerator <= Limits.microtoneNumerator else {
      diagnostics.warning("bad microtonal accidental", at: scanner.range(from: start))
      return Rational(sign)
    }
    return Rational(sign * numerator, denominator)
  }

  /// Reads a single note with its length.
  mutating func parseNote(_ scanner: inout LineScanner) {
    let start = scanner.position
    guard let head = readHead(&scanner) else { return }
    let multiplier = LengthReader.read(&scanner, diagnostics: diagnostics)
    appendNote([head], multiplier: multiplier, range: scanner.range(from: start))
  }

  /// Appends a note event, reporting an overflowing duration.
  mutating func appendNote(_ heads: [NoteHead], multiplier: Rational, range: SourceRange) {
    if !builder.appendNote(heads: heads, multiplier: multiplier, range: range) {
      diagnostics.error("note length out of range", at: range)
    }
    reportUnequalBrokenRhythm()
  }

  /// `a2>b`: the broken rhythm's notes differ in length, which is rarely meant.
  mutating func reportUnequalBrokenRhythm() {
    guard let (left, right, range) = builder.unequalBroken else { return }
    builder.unequalBroken = nil
    diagnostics.warning(
      "broken rhythm between notes of unequal length (\(left) and \(right)); '>' and '<' are meant for a"
        + " pair of equal notes", at: range)
  }

  /// Reads `z` or `x` with its length.
  mutating func parseRest(_ scanner: inout LineScanner) {
    let start = scanner.position
    let isVisible = scanner.advance() == "z"
    let multiplier = LengthReader.read(&scanner, diagnostics: diagnostics)
    let range = scanner.range(from: start)
    if !builder.appendRest(multiplier: multiplier, isVisible: isVisible, range: range) {
      diagnostics.error("rest length out of range", at: range)
    }
    reportUnequalBrokenRhythm()
  }

  /// Reads `Z4` or `X` (multi-measure rests, one bar by default).
  mutating func parseMultiMeasureRest(_ scanner: inout LineScanner) {
    let start = scanner.position
    let isVisible = scanner.advance() == "Z"
    var count = scanner.readNumber() ?? 1
    if count < 1 || count > LengthReader.limit {
      diagnostics.error("bad multi-measure rest count", at: scanner.range(from: start))
      count = 1
    }
    builder.appendMultiMeasureRest(count: count, isVisible: isVisible, range: scanner.range(from: start))
  }

  /// Dispatches `[`: inline field, `[|` bar, `[1` ending, or a chord.
  mutating func parseBracket(_ scanner: inout LineScanner) {
    let next = scanner.peek(1)
    if let next, next.isASCIILetter, scanner.peek(2) == ":" {
      parseInlineField(&scanner)
    } else if next == "|" {
      parseBar(&scanner)
    } else if let next, next.asciiDigit != nil || next == "\"" {
      let start = scanner.position
      scanner.advance()
      let label = readEndingLabel(&scanner)
      builder.attachEnding(label, range: scanner.range(from: start))
    } else {
      parseChord(&scanner)
    }
  }

  /// Reads `[CEG]` with inner and outer lengths; decorations, annotations and slur
  /// marks inside the brackets belong to the chord.
  mutating func parseChord(_ scanner: inout LineScanner) {
    let start = scanner.position
    scanner.advance()
    var heads: [NoteHead] = []
    var firstLength: Rational?
    var closed = false
    var slurEnds: [SourceRange] = []
    while let scalar = scanner.peek() {
      let before = scanner.position
      switch scalar {
      case "]":
        scanner.advance()
        closed = true
      case "A"..."G", "a"..."g", "^", "_", "=":
        if let head = readHead(&scanner) {
          let length = LengthReader.read(&scanner, diagnostics: diagnostics)
          if hasRoomInChord(heads.count, range: scanner.range(from: before)) { heads.append(head) }
          if firstLength == nil { firstLength = length }
        }
      case "-", ".":
        let dotted = scanner.advance() == "."
        if dotted && scanner.peek() != "-" {
          addPendingDecoration(Decoration(name: "staccato", range: scanner.range(from: before)))
        } else {
          if dotted { scanner.advance() }
          let below = scanner.readCurveSide()  // abcm2ps: `-'` above, `-,` below.
          if !heads.isEmpty {
            heads[heads.count - 1].isTiedToNext = true
            heads[heads.count - 1].isTieDotted = dotted
            heads[heads.count - 1].tieBelow = below
          }
        }
      case "\"": parseString(&scanner)
      case "!": parseDecoration(&scanner, delimiter: "!", mayBreakLine: false)
      case "+": parseDecoration(&scanner, delimiter: "+", mayBreakLine: false)
      case "(":
        scanner.advance()
        let below = scanner.readCurveSide()
        openSlur(dotted: false, below: below, range: scanner.range(from: before))
      case ")":
        scanner.advance()
        slurEnds.append(scanner.range(from: before))
      case " ", "\t", "`":
        scanner.advance()
      default:
        if !parseSymbol(&scanner) {
          diagnostics.error("unexpected '\(Character(scalar))' in chord", at: scanner.location)
          scanner.advance()
        }
      }
      if closed { break }
      if scanner.position <= before { scanner.position = before + 1 }
    }
    if !closed {
      diagnostics.error("unterminated chord: missing ']'", at: scanner.line.range(from: start, to: start + 1))
    }
    let outer = closed ? LengthReader.read(&scanner, diagnostics: diagnostics) : .one
    guard !heads.isEmpty else {
      if closed { diagnostics.warning("empty chord", at: scanner.range(from: start)) }
      return
    }
    let multiplier = (firstLength ?? .one).checkedMultiplied(by: outer) ?? .one
    appendNote(heads, multiplier: multiplier, range: scanner.range(from: start))
    for range in slurEnds where !builder.closeSlur(range: range) {
      diagnostics.warning("')' closes no slur", at: range)
    }
  }
}
