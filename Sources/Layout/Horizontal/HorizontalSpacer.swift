import SMuFL
import ScoreModel

/*
 HorizontalSpacer — springs and rods, then one force for the whole line.

 Method. Every symbol has an anchor and ink extents (`left`, `right`). Between each pair of
 neighbours sits a `Spring`: after a note or rest its ideal length grows with the duration
 (`Spring.idealSpace`: the tune's common shortest note gets 2.4 staff spaces and each
 doubling of duration √2 times more), after a bar line or signature it is a fixed gap. The rod (minimum)
 is the ink of both symbols plus a padding that depends on what meets what. A line is set
 by one force F: every stretchable spring takes max(rod, F × ideal), fixed ones keep their
 length, and F is found by bisection so the line exactly fills the measure width. Because
 every line uses the same ideal lengths, spacing is consistent across systems: a crotchet
 gets the same space everywhere up to the line's single stretch factor.

     | A2  B  c |        springs: A2 → 5.5F   B → 3.9F   c → 3.9F   bar → fixed
     |<---- F chosen so the bar lands on the right edge ---->|

 Limits. Ideal spaces depend only on each note's own duration (no "shortest note in the
 bar" adjustment as in Gourlay's method); optical corrections (stem up followed by stem
 down) are not made.
 */

/// What a score line begins with before its first symbol: clef, key and maybe meter.
struct LineStart {
  var clef: Clef
  var key: KeySignature
  var meter: Meter?
  /// Index of the first symbol drawn after the start (leading signatures are folded in and
  /// a plain leading bar line is dropped).
  var firstSymbol: Int
  /// x of the clef, key and meter, and where the music may begin (staff spaces).
  var clefX: Double
  var keyX: Double
  var meterX: Double
  var width: Double
  /// Where a start-repeat sign stands when the line before ended on a bar that opens a
  /// repeat (`::`, `:|:`, `|:` at a line's end: `:|` ends that line, `|:` opens this one).
  var repeatX: Double? = nil
}

/// Computes springs, system starts and justified positions for a voice's symbols.
struct HorizontalSpacer {
  let font: MusicFont
  /// The tune's common shortest note, which gets the base space.
  var shortest = Rational(1, 8)

  /// The padding between two neighbours' ink, by kind.
  func padding(_ a: SymbolCategory, _ b: SymbolCategory) -> Double {
    switch (a, b) {
    case (.note, .bar), (.rest, .bar): 0.9
    case (.bar, .note), (.bar, .rest): 1.2
    case (.bar, _): 0.8
    case (.note, .note), (.note, .rest), (.rest, .note), (.rest, .rest): 0.45
    case (_, .note), (_, .rest): 1.1
    default: 0.8
    }
  }

  /// Spring i joins symbol i to symbol i + 1; the last spring is the trailing space.
  func springs(for symbols: [StaffSymbol]) -> [Spring] {
    var springs = neighbourSprings(for: symbols)
    holdChordSymbolsApart(symbols, springs: &springs)
    holdApart(
      symbols, reach: { $0.attachments.diagramReach }, left: { $0.attachments.diagramLeft }, springs: &springs
    )
    holdApart(
      symbols, reach: { $0.attachments.dynamicReach }, left: { $0.attachments.dynamicLeft }, springs: &springs
    )
    return springs
  }

  /// Long rods for chord symbols: from a symbol with chord symbols to the next one that has
  /// any (or the bar line ending the source line, so a chord does not overrun the line's
  /// end; other bar lines it may pass over, as text above the staff does), the springs must
  /// span the chord's reach even at the tightest force. A deficit is shared out over
  /// those springs' rods in proportion to their ideal lengths, so the notes under a long
  /// chord keep their rhythmic proportions. One pass: each spring is visited by the
  /// chord symbols whose reach spans it.
  ///
  ///     "Bbmaj7"B A G F | …   the chord overhangs A G F; only a chord on A would push A
  func holdChordSymbolsApart(_ symbols: [StaffSymbol], springs: inout [Spring]) {
    holdApart(symbols, reach: { $0.attachments.chordReach }, springs: &springs)
  }

  /// Long rods for one kind of text in a row (chord symbols, dynamics): each symbol's
  /// `reach` clears the next symbol that has one (and that one's own `left` overhang).
  /// (Closures, not key paths: a key path is read through the runtime, slowly.)
  func holdApart(
    _ symbols: [StaffSymbol], reach key: (StaffSymbol) -> Double,
    left: ((StaffSymbol) -> Double)? = nil, springs: inout [Spring]
  ) {
    var index = 0
    while index < symbols.count {
      let reach = key(symbols[index])
      guard reach > 0 else {
        index += 1
        continue
      }
      var end = index + 1
      while end < symbols.count, key(symbols[end]) == 0,
        !(symbols[end].isBar && (symbols[end].breakAfter || symbols[end].mustBreak))
      {
        end += 1
      }
      var overhang = 0.0
      if end < symbols.count, let left { overhang = left(symbols[end]) }
      Self.widen(&springs, over: index..<min(end, springs.count), toSpan: reach + overhang)
      index = end
    }
  }

  /// A long rod: the springs in `span` must together be at least `reach` long at the
  /// tightest force. A deficit is shared out by ideal length, so the notes in between
  /// keep their rhythmic proportions.
  static func widen(_ springs: inout [Spring], over span: Range<Int>, toSpan reach: Double) {
    guard !span.isEmpty else { return }
    let tight = springs[span].reduce(0) { $0 + $1.length(force: minimumForce) }
    let ideal = springs[span].reduce(0) { $0 + $1.ideal }
    guard tight < reach, ideal > 0 else { return }
    let deficit = reach - tight
    for index in span {
      let rod = springs[index].length(force: minimumForce) + deficit * springs[index].ideal / ideal
      springs[index].minimum = rod
      springs[index].ideal = max(springs[index].ideal, rod)
    }
  }

  /// Springs between neighbours: ideal space by duration, rods from the symbols' ink.
  func neighbourSprings(for symbols: [StaffSymbol]) -> [Spring] {
    // Fields are read in place: copying whole symbols was a large part of spacing's cost.
    symbols.indices.map { index in
      guard index + 1 < symbols.count else { return trailingSpring(after: index, in: symbols) }
      let minimum =
        symbols[index].right + padding(symbols[index].category, symbols[index + 1].category)
        + symbols[index + 1].left
      if symbols[index].isDurational {
        return Spring(
          ideal: max(Spring.idealSpace(for: symbols[index].duration, shortest: shortest), minimum),
          minimum: minimum, isStretchable: true)
      }
      return Spring(ideal: minimum, minimum: minimum, isStretchable: false)
    }
  }

  /// The space after symbol `index` when it ends a line, up to the staff's end (the
  /// symbol read in place: it is large to copy).
  func trailingSpring(after index: Int, in symbols: [StaffSymbol]) -> Spring {
    let right = symbols[index].right
    if symbols[index].isDurational {
      let minimum = right + 0.6
      return Spring(
        ideal: max(Spring.idealSpace(for: symbols[index].duration, shortest: shortest), minimum),
        minimum: minimum, isStretchable: true)
    }
    return Spring(ideal: right, minimum: right, isStretchable: false)
  }

  /// The start of a line beginning at `first`, with the meter shown when given.
  func lineStart(_ symbols: [StaffSymbol], from first: Int, meter: Meter?) -> LineStart {
    var clef = first < symbols.count ? symbols[first].clef : .treble
    var key = first < symbols.count ? symbols[first].key : .cMajor
    var shownMeter = meter
    var index = first
    while index < symbols.count, symbols[index].isSignature {
      switch symbols[index].kind {
      case .clef(let newClef): clef = newClef
      case .key(let newKey, _): key = newKey
      case .meter(let newMeter): shownMeter = newMeter
      default: break
      }
      index += 1
    }
    if index < symbols.count, case .bar(let bar) = symbols[index].kind, bar.style == .single,
      !bar.repeatsStart, !bar.repeatsEnd, bar.ending == nil, index + 1 < symbols.count
    {
      index += 1
    }
    let (clefX, keyX, meterX, signatures) = startGeometry(clef: clef, key: key, meter: shownMeter)
    var width = signatures
    var repeatX: Double?
    if Self.opensRepeat(before: first, in: symbols) {
      repeatX = signatures + Self.repeatGap
      width = signatures + Self.repeatGap + BarLineDrawing.width(of: Self.startRepeat, font: font)
    }
    if index < symbols.count {
      let lead = symbols[index].isBar ? 0.6 : 1.4
      width += lead + symbols[index].left
    }
    var start = LineStart(
      clef: clef, key: key, meter: shownMeter, firstSymbol: index, clefX: clefX, keyX: keyX,
      meterX: meterX, width: width)
    start.repeatX = repeatX
    return start
  }

  /// The gap before a line's start-repeat sign, after the signatures.
  static let repeatGap = 0.8

  /// The start-repeat sign a line opens with after a repeat bar closed the line before.
  static let startRepeat = BarLine(
    style: .single, repeatsStart: true, range: SourceRange(.init(line: 1, column: 1)))

  /// True when the line starting at `first` follows a bar line that opens a repeat: the
  /// line before shows its end (`:|` or `|`), this one its start (`|:`).
  static func opensRepeat(before first: Int, in symbols: [StaffSymbol]) -> Bool {
    guard first > 0, first <= symbols.count, case .bar(let bar) = symbols[first - 1].kind else {
      return false
    }
    return bar.repeatsStart
  }

  /// A bar line as drawn at the end of a line: one that also opens a repeat shows only
  /// its closing part there (`::` → `:|`, `|:` → `|`).
  static func atLineEnd(_ bar: BarLine) -> BarLine {
    guard bar.repeatsStart else { return bar }
    var shown = bar
    shown.repeatsStart = false
    if bar.repeatsEnd || bar.style == .thickThin { shown.style = .single }
    return shown
  }

  /// Where a line's clef, key and meter go, and where they end (staff spaces).
  func startGeometry(clef: Clef, key: KeySignature, meter: Meter?)
    -> (clefX: Double, keyX: Double, meterX: Double, end: Double)
  {
    let clefX = 0.7
    let clefWidth = clef.shape == .none ? 0 : (font.advance(of: ClefDrawing.glyph(for: clef)) ?? 2.7)
    let keyX = clefX + clefWidth + (clefWidth > 0 ? 0.6 : 0)
    let keyWidth =
      Double(KeyDrawing.accidentalCount(key: key, cancel: nil)) * KeyDrawing.step(font: font)
    let meterX = keyX + keyWidth + (keyWidth > 0 ? 0.6 : 0)
    let meterWidth = meter.map { MeterDrawing.width(of: $0, font: font) } ?? 0
    return (clefX, keyX, meterX, meterX + meterWidth)
  }

  /// The least force a line may be set at: spacing may tighten by 30% before a
  /// source line is split.
  static let minimumForce = 0.7

  /// The width of a line from its start through symbol `last` at the given force
  /// (1 = natural spacing).
  func width(
    start: LineStart, last: Int, springs: [Spring], symbols: [StaffSymbol], force: Double = 1
  ) -> Double {
    guard start.firstSymbol <= last else { return start.width }
    var width = start.width
    for index in start.firstSymbol..<last {
      width += springs[index].length(force: force)
    }
    return width + trailingSpring(after: last, in: symbols).length(force: force)
  }

  /// Anchor positions for symbols `start.firstSymbol...last`: filling `width` staff
  /// spaces when `justify` is set, else at `looseForce` (natural spacing by default, the
  /// previous line's spacing for a short last line) but never wider than `width`.
  /// Returns the positions, the line's end and the force used.
  func positions(
    start: LineStart, last: Int, springs: [Spring], symbols: [StaffSymbol], width: Double,
    justify: Bool, looseForce: Double = 1
  ) -> (xs: [Double], end: Double, force: Double) {
    guard start.firstSymbol <= last else { return ([], justify ? width : start.width, 1) }
    var lineSprings: [Spring] = []
    lineSprings.reserveCapacity(last - start.firstSymbol + 1)
    lineSprings.append(contentsOf: springs[start.firstSymbol..<last])
    lineSprings.append(trailingSpring(after: last, in: symbols))
    let filling = solveForce(lineSprings, target: width - start.width)
    let force = justify ? filling : min(looseForce, filling)
    var xs: [Double] = []
    xs.reserveCapacity(lineSprings.count)
    var x = start.width
    for spring in lineSprings {
      xs.append(x)
      x += spring.length(force: force)
    }
    return (xs, x, force)
  }

  /// The force at which the springs' total length equals `target`.
  ///
  /// The total is convex and piecewise linear in the force (each spring is `max(rod,
  /// ideal × force)`), so Newton's method from a force that is long enough lands on the
  /// answer in a step per spring that meets its rod on the way (one or two in practice),
  /// where halving the bracket took sixty sums.
  func solveForce(_ springs: [Spring], target: Double) -> Double {
    func total(_ force: Double) -> Double { springs.reduce(0) { $0 + $1.length(force: force) } }
    var high = 1.0
    while total(high) < target && high < 1e6 { high *= 2 }
    guard total(high) >= target else { return high }
    guard total(0) < target else { return bisect(target: target, high: high, total: total) }
    var force = high
    for _ in 0...springs.count {
      // The line through the springs' lengths at `force`, solved for the target: below the
      // convex total, so its answer is still long enough.
      var rest = target
      var slope = 0.0
      for spring in springs {
        if spring.isStretchable && spring.ideal * force > spring.minimum {
          slope += spring.ideal
        } else {
          rest -= spring.length(force: force)
        }
      }
      guard slope > 0 else { break }
      let next = rest / slope
      guard next < force, next >= 0 else { break }
      force = next
    }
    // The least force whose total reaches the target, as halving finds it (it does when
    // the answer is above a 64th of the bracket: sixty halvings reach the last bit): a
    // few steps of one unit in the last place from Newton's answer.
    guard force > high / 64 else { return bisect(target: target, high: high, total: total) }
    for _ in 0..<64 {
      if total(force) < target {
        force = force.nextUp
      } else if total(force.nextDown) >= target {
        force = force.nextDown
      } else {
        return force
      }
    }
    return bisect(target: target, high: high, total: total)
  }

  /// The force found by halving [0, high] (for a target even the tightest spacing meets).
  private func bisect(target: Double, high: Double, total: (Double) -> Double) -> Double {
    var low = 0.0
    var high = high
    for _ in 0..<60 {
      let middle = (low + high) / 2
      if total(middle) < target { low = middle } else { high = middle }
    }
    return high
  }
}
