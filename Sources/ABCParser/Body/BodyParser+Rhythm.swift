import ScoreModel

/// Tuplets, slurs and broken rhythm.
///
/// `(` followed by a digit is a tuplet `(p:q:r`: a `.tupletStart` element is written
/// and the next r notes take q/p of their length (their `writtenDuration` keeps the
/// look); tuplets nest (see `TupletState`). Otherwise `(` opens a slur at the next note and `)` closes the innermost open
/// slur on the last note; slurs pair by id within a voice, and a `)` with nothing to
/// close is reported. `>`/`<` lengthen one note of a pair and shorten the other.
extension BodyParser {
  /// Reads `(` (or `.(`): a tuplet `(p:q:r` when a digit follows, else a slur start.
  mutating func parseOpenParenthesis(_ scanner: inout LineScanner, dotted: Bool) {
    let start = scanner.position - (dotted ? 1 : 0)
    scanner.advance()
    if scanner.peek() == "&" {
      builder.overlayAnchor = builder.currentTime  // abcm2ps `(&`: an overlay over several bars.
      return
    }
    guard let p = scanner.readNumber() else {
      let below = scanner.readCurveSide()  // abcm2ps: `('` above, `(,` below.
      openSlur(dotted: dotted, below: below, range: scanner.range(from: start))
      return
    }
    var q: Int?
    var r: Int?
    if scanner.consume(":") {
      q = scanner.readNumber()
      if scanner.consume(":") { r = scanner.readNumber() }
    }
    let range = scanner.range(from: start)
    let sizes = 1...Limits.tupletSize
    guard sizes.contains(p), sizes.contains(q ?? 1), sizes.contains(r ?? 1) else {
      diagnostics.error("bad tuplet: p, q and r must be 1 to \(Limits.tupletSize); ignored", at: range)
      return
    }
    let numerator = q ?? TupletState.defaultQ(for: p, meter: builder.meter)
    let count = r ?? p
    // An inner tuplet's notes are counted by the outer one too. One longer than what
    // its outer tuplet has left was most likely miscounted: the outer one ends there.
    if let outer = builder.tuplets.last, count > outer.remaining {
      diagnostics.warning(
        "this tuplet of \(count) notes starts where the tuplet before has \(outer.remaining) left; that one ends here",
        at: range)
      while let open = builder.tuplets.last, count > open.remaining { builder.endInnermostTuplet() }
    }
    guard builder.tuplets.count < Limits.tupletDepth else {
      diagnostics.error("tuplets nested more than \(Limits.tupletDepth) deep; ignored", at: range)
      return
    }
    var tuplet = Tuplet(p: p, q: numerator, r: count)
    tuplet.style = settings.tupletStyle
    builder.tuplets.append(
      TupletState(remaining: count, factor: Rational(numerator, p), elementIndex: builder.elements.count))
    builder.appendMarker(.tupletStart(tuplet, range))
  }

  /// Reads `)`: closes the innermost open slur on the last note.
  mutating func parseCloseParenthesis(_ scanner: inout LineScanner) {
    let start = scanner.peek() == ")" ? scanner.position : scanner.position - 1
    scanner.advance()
    let range = scanner.line.range(from: start, to: scanner.position)
    if !builder.closeSlur(range: range) {
      diagnostics.warning("')' closes no slur", at: range)
    }
  }

  /// Reads `>`, `>>`, `<` …: lengthens one side of a note pair, shortens the other.
  mutating func parseBrokenRhythm(_ scanner: inout LineScanner) {
    let start = scanner.position
    guard let arrow = scanner.peek() else { return }
    var count = 0
    while scanner.consume(arrow) { count += 1 }
    if count > 3 {
      diagnostics.error("too many '\(Character(arrow))' in broken rhythm", at: scanner.range(from: start))
    }
    let factors = BrokenRhythm.factors(count: count, dotsFirst: arrow == ">")
    let before = builder.lastDuration
    if builder.scaleLastDuration(by: factors.before) {
      builder.pendingBrokenFactor = factors.after
      builder.brokenLeft = before.map { ($0, scanner.range(from: start)) }
    } else {
      diagnostics.warning("broken rhythm does not follow a note", at: scanner.range(from: start))
    }
  }
}
