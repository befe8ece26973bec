import ScoreModel

/// Collects the elements of one voice and applies the rhythm state that spans notes.
///
/// It owns what is carried from one note to the next: the unit note length, an open
/// tuplet, a pending broken-rhythm factor, bar-scoped accidentals and whether the
/// next note may be beamed to the previous one.
struct VoiceBuilder {
  private(set) var elements: [VoiceElement] = []
  var meter: Meter
  var unitLength: Rational
  private(set) var key: KeySignature
  var accidentals: AccidentalTracker
  var tuplet: TupletState?
  /// The factor a `>`/`<` left for the next note or rest.
  var pendingBrokenFactor: Rational?
  /// True while nothing has separated the last note from what comes next.
  var beamOpen = false
  /// Index of the last note or rest, for ties and broken rhythm.
  private(set) var lastDurationalIndex: Int?

  init(meter: Meter, unitLength: Rational, key: KeySignature) {
    self.meter = meter
    self.unitLength = unitLength
    self.key = key
    self.accidentals = AccidentalTracker(key: key)
  }

  /// The duration of something written with `multiplier`, consuming tuplet and broken state.
  mutating func duration(for multiplier: Rational) -> Rational? {
    var factor = multiplier
    if var open = tuplet {
      factor = factor.checkedMultiplied(by: open.factor) ?? factor
      open.remaining -= 1
      tuplet = open.remaining > 0 ? open : nil
    }
    if let broken = pendingBrokenFactor {
      factor = factor.checkedMultiplied(by: broken) ?? factor
      pendingBrokenFactor = nil
    }
    return unitLength.checkedMultiplied(by: factor)
  }

  /// Appends a note or chord; returns false when its duration overflowed.
  mutating func appendNote(heads: [NoteHead], multiplier: Rational, range: SourceRange) -> Bool {
    guard let duration = duration(for: multiplier) else { return false }
    let note = NoteEvent(heads: heads, duration: duration, isBeamedWithPrevious: beamOpen, range: range)
    lastDurationalIndex = elements.count
    elements.append(.note(note))
    beamOpen = true
    return true
  }

  /// Appends a rest of `multiplier` unit lengths; returns false on overflow.
  mutating func appendRest(multiplier: Rational, isVisible: Bool, range: SourceRange) -> Bool {
    guard let duration = duration(for: multiplier) else { return false }
    lastDurationalIndex = elements.count
    elements.append(.rest(RestEvent(duration: duration, isVisible: isVisible, range: range)))
    beamOpen = false
    return true
  }

  /// Appends a multi-measure rest of `count` bars.
  mutating func appendMultiMeasureRest(count: Int, isVisible: Bool, range: SourceRange) {
    let bar = meter.barLength ?? .one
    let duration = bar.checkedMultiplied(by: Rational(count)) ?? bar
    lastDurationalIndex = elements.count
    elements.append(
      .rest(RestEvent(duration: duration, isVisible: isVisible, measureCount: count, range: range)))
    beamOpen = false
  }

  /// Appends a bar line and ends the bar's accidentals.
  mutating func appendBar(_ bar: BarLine) {
    elements.append(.bar(bar))
    accidentals.endBar()
    beamOpen = false
    lastDurationalIndex = nil
  }

  /// Appends a non-durational element (key, meter, clef change, line break).
  mutating func append(_ element: VoiceElement) {
    elements.append(element)
    beamOpen = false
  }

  /// Changes the key for the notes that follow.
  mutating func setKey(_ newKey: KeySignature) {
    key = newKey
    accidentals.setKey(newKey)
  }

  /// Ties every head of the last note; false when the last element is not a note.
  mutating func tieLastNote() -> Bool {
    guard let index = lastDurationalIndex, case .note(var note) = elements[index] else { return false }
    for head in note.heads.indices { note.heads[head].isTiedToNext = true }
    elements[index] = .note(note)
    return true
  }

  /// Scales the last note or rest by `factor` (broken rhythm); false when there is none.
  mutating func scaleLastDuration(by factor: Rational) -> Bool {
    guard let index = lastDurationalIndex else { return false }
    switch elements[index] {
    case .note(var note):
      note.duration = note.duration.checkedMultiplied(by: factor) ?? note.duration
      elements[index] = .note(note)
    case .rest(var rest):
      rest.duration = rest.duration.checkedMultiplied(by: factor) ?? rest.duration
      elements[index] = .rest(rest)
    default: return false
    }
    return true
  }

  /// Attaches an ending label to the last bar line, or starts one on an invisible bar.
  mutating func attachEnding(_ label: String, range: SourceRange) {
    for index in elements.indices.reversed() {
      switch elements[index] {
      case .lineBreak: continue
      case .bar(var bar) where bar.ending == nil:
        bar.ending = label
        elements[index] = .bar(bar)
        return
      default: break
      }
      break
    }
    appendBar(BarLine(style: .invisible, ending: label, range: range))
  }
}
