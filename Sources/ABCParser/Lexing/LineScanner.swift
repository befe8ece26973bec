import ScoreModel

/// A cursor over the code part of one `SourceLine`, with location tracking.
///
/// Every reading method either consumes at least one scalar or reports that it did
/// not, so loops built on the scanner always make progress.
struct LineScanner {
  let line: SourceLine
  /// The 0-based index of the next scalar.
  var position: Int
  /// One past the last scalar the scanner may read.
  let end: Int

  init(line: SourceLine, from start: Int = 0, to end: Int? = nil) {
    self.line = line
    self.end = min(end ?? line.codeEnd, line.scalars.count)
    self.position = min(max(start, 0), self.end)
  }

  var isAtEnd: Bool { position >= end }

  /// The scanner without a `\` that ends its text (blanks after it aside), and whether
  /// there was one: a `w:` line so ended goes on in the next `w:` line.
  func droppingTrailingBackslash() -> (LineScanner, Bool) {
    var last = end
    while last > position, line.scalars[last - 1].isABCWhitespace { last -= 1 }
    guard last > position, line.scalars[last - 1] == "\\" else { return (self, false) }
    return (LineScanner(line: line, from: position, to: last - 1), true)
  }

  /// The scalar `offset` places ahead, or nil past the end.
  func peek(_ offset: Int = 0) -> Unicode.Scalar? {
    let index = position + offset
    return index >= 0 && index < end ? line.scalars[index] : nil
  }

  /// Consumes and returns the next scalar.
  @discardableResult
  mutating func advance() -> Unicode.Scalar? {
    guard position < end else { return nil }
    defer { position += 1 }
    return line.scalars[position]
  }

  /// abcm2ps's side mark after `(` or `-`: `'` above (false), `,` below (true), nil when
  /// neither follows.
  mutating func readCurveSide() -> Bool? {
    if consume("'") { return false }
    if consume(",") { return true }
    return nil
  }

  /// Consumes the next scalar when it equals `scalar`.
  mutating func consume(_ scalar: Unicode.Scalar) -> Bool {
    guard peek() == scalar else { return false }
    position += 1
    return true
  }

  /// The location of the next scalar.
  var location: SourceLocation { line.location(at: position) }

  /// The range from `start` (an index) to the current position.
  func range(from start: Int) -> SourceRange { line.range(from: start, to: position) }

  /// Skips spaces and tabs; returns true if any were skipped.
  @discardableResult
  mutating func skipWhitespace() -> Bool {
    let start = position
    while let scalar = peek(), scalar.isABCWhitespace { position += 1 }
    return position > start
  }

  /// Reads a run of ASCII digits, saturating at `Limits.number`; nil if none.
  mutating func readNumber() -> Int? {
    var value: Int?
    while let scalar = peek(), let digit = scalar.asciiDigit {
      value = min((value ?? 0) * 10 + digit, Limits.number)
      position += 1
    }
    return value
  }

  /// Reads everything up to the end, trimmed of surrounding whitespace.
  mutating func readRest() -> String {
    let text = line.trimmedText(from: position, to: end)
    position = end
    return text
  }

  /// Reads scalars while `predicate` holds.
  mutating func read(while predicate: (Unicode.Scalar) -> Bool) -> String {
    let start = position
    while let scalar = peek(), predicate(scalar) { position += 1 }
    return line.text(from: start, to: position)
  }
}

extension LineScanner {
  /// Reads a note letter and its octave marks (`c'`, `C,,`): the step and the octave
  /// (`C` is octave 4, `c` 5); nil, reading nothing, when no note letter comes next.
  mutating func readNoteName() -> (step: Step, octave: Int)? {
    guard let letter = peek(), let step = Step(abcLetter: letter) else { return nil }
    advance()
    var octave = letter.isASCIILowercase ? 5 : 4
    while let mark = peek(), mark == "'" || mark == "," {
      octave += mark == "'" ? 1 : -1
      advance()
    }
    return (step, octave)
  }
}
