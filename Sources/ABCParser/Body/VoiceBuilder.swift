import ScoreModel

/// Collects the elements of one voice and applies the state that spans notes.
///
/// It owns what is carried from one note to the next: the unit note length, an open
/// tuplet, a pending broken-rhythm factor, bar-scoped accidentals, whether the next
/// note may be beamed to the previous one, the decorations, annotations, grace notes
/// and slur starts waiting for the next note (`pending`), open slurs, the running time
/// (for overlays) and where `w:` lyrics resume.
struct VoiceBuilder {
  private(set) var elements: [VoiceElement] = []
  /// The voice's properties (id, name, clef …); `elements` is filled in at the end.
  var properties: Voice
  /// True for the voice made up when music comes before any `V:`.
  var isImplicit = false
  var meter: Meter
  var unitLength: Rational
  private(set) var key: KeySignature
  var accidentals: AccidentalTracker
  /// Diatonic steps added to written notes (`octave=`, `middle=`).
  var pitchShift = 0
  /// The open tuplets, innermost last.
  var tuplets: [TupletState] = []
  /// The factor a `>`/`<` left for the next note or rest.
  var pendingBrokenFactor: Rational?
  /// The length the note before a broken rhythm had as written, and the rhythm's place,
  /// until the note after it comes.
  var brokenLeft: (length: Rational, range: SourceRange)?
  /// A broken rhythm between notes of unequal written lengths (`a2>b`), to report.
  var unequalBroken: (left: Rational, right: Rational, range: SourceRange)?
  /// True while nothing has separated the last note from what comes next.
  var beamOpen = false
  /// Index of the last note or rest, for ties and broken rhythm.
  private(set) var lastDurationalIndex: Int?
  /// The sounding length of the last note or rest, nil when there is none.
  var lastDuration: Rational? { lastDurationalIndex.map { elements[$0].duration } }
  /// Index of the last note or chord, for slur ends.
  private(set) var lastNoteIndex: Int?
  /// What waits for the next note, rest, bar or spacer.
  var pending = PendingAttachments()
  /// Slurs opened and not yet closed, innermost last.
  var openSlurs: [SlurMark] = []
  var nextSlurID = 1
  /// Time from the start of the voice, at the end of the last element (nil on overflow).
  private(set) var currentTime: Rational = .zero
  /// `currentTime` at the last bar line and at the start of the current music line.
  private(set) var barStartTime: Rational = .zero
  var lineStartTime: Rational = .zero
  /// `(&`: where a several-bar overlay starts, until its first `&`.
  var overlayAnchor: Rational?
  /// Where lyrics and symbol lines align.
  var lyrics = LyricState()

  init(
    properties: Voice, meter: Meter, unitLength: Rational, key: KeySignature,
    propagation: AccidentalPropagation
  ) {
    self.properties = properties
    self.meter = meter
    self.unitLength = unitLength
    self.key = key
    self.accidentals = AccidentalTracker(key: key, propagation: propagation)
  }

  /// The sounding and written durations of something written with `multiplier`,
  /// consuming tuplet and broken-rhythm state; nil on overflow.
  mutating func duration(for multiplier: Rational) -> (Rational, written: Rational?)? {
    var factor = multiplier
    var tupletFactor: Rational?
    if !tuplets.isEmpty {
      var product = Rational.one
      for level in tuplets.indices {
        product = product.checkedMultiplied(by: tuplets[level].factor) ?? product
        tuplets[level].remaining -= 1
      }
      tupletFactor = product
      factor = factor.checkedMultiplied(by: product) ?? factor
      tuplets.removeAll { $0.remaining <= 0 }
    }
    if let broken = pendingBrokenFactor {
      if let left = brokenLeft, let plain = unitLength.checkedMultiplied(by: factor), plain != left.length {
        unequalBroken = (left.length, plain, left.range)
      }
      brokenLeft = nil
      factor = factor.checkedMultiplied(by: broken) ?? factor
      pendingBrokenFactor = nil
    }
    guard let duration = unitLength.checkedMultiplied(by: factor) else { return nil }
    guard let tupletFactor, !tupletFactor.isZero else { return (duration, nil) }
    return (duration, duration / tupletFactor)
  }

  /// Appends a note or chord; returns false when its duration overflowed.
  mutating func appendNote(heads: [NoteHead], multiplier: Rational, range: SourceRange) -> Bool {
    guard let (duration, written) = duration(for: multiplier) else { return false }
    var note = NoteEvent(heads: heads, duration: duration, isBeamedWithPrevious: beamOpen, range: range)
    note.writtenDuration = written
    attachPending(to: &note)
    lastDurationalIndex = elements.count
    lastNoteIndex = elements.count
    elements.append(.note(consume note))
    advanceTime(by: duration)
    beamOpen = true
    return true
  }

  /// Appends a rest of `multiplier` unit lengths; returns false on overflow.
  mutating func appendRest(multiplier: Rational, isVisible: Bool, range: SourceRange) -> Bool {
    guard let (duration, written) = duration(for: multiplier) else { return false }
    var rest = RestEvent(duration: duration, isVisible: isVisible, range: range)
    rest.writtenDuration = written
    attachPending(to: &rest)
    lastDurationalIndex = elements.count
    elements.append(.rest(consume rest))
    advanceTime(by: duration)
    beamOpen = false
    return true
  }

  /// Appends an invisible rest of exactly `duration` (overlay padding).
  mutating func appendPadding(_ duration: Rational, range: SourceRange) {
    guard duration > .zero else { return }
    elements.append(.rest(RestEvent(duration: duration, isVisible: false, range: range)))
    advanceTime(by: duration)
    beamOpen = false
  }

  /// Appends a multi-measure rest of `count` bars.
  mutating func appendMultiMeasureRest(count: Int, isVisible: Bool, range: SourceRange) {
    let bar = meter.barLength ?? .one
    let duration = bar.checkedMultiplied(by: Rational(count)) ?? bar
    var rest = RestEvent(duration: duration, isVisible: isVisible, measureCount: count, range: range)
    attachPending(to: &rest)
    lastDurationalIndex = elements.count
    elements.append(.rest(consume rest))
    advanceTime(by: duration)
    beamOpen = false
  }

  /// True when the last element is a bar line carrying `!beamon!`.
  var endsWithBeamOnBar: Bool {
    guard case .bar(let bar)? = elements.last else { return false }
    return bar.decorations.contains { $0.name == "beamon" }
  }

  /// Appends a bar line (with pending decorations) and ends the bar's accidentals.
  mutating func appendBar(_ bar: consuming BarLine) {
    // Taken, not copied (most bars carry nothing pending).
    if !pending.decorations.isEmpty {
      bar.decorations += pending.decorations
      pending.decorations = []
    }
    if !pending.annotations.isEmpty {
      bar.annotations += pending.annotations
      pending.annotations = []
    }
    pending.reportedOverflow = false
    // Grace notes written before the bar line stay at the end of the bar (no slur).
    if var graces = pending.graces {
      graces.standsBeforeBar = true
      graces.isSlurred = graces.isSlurred ?? false
      pending.graces = graces
    }
    // `!beamon!` on a bar line (abcm2ps): the beam runs on across it.
    beamOpen = beamOpen && bar.decorations.contains { $0.name == "beamon" }
    elements.append(.bar(consume bar))
    accidentals.endBar()
    lastDurationalIndex = nil
    barStartTime = currentTime
  }

  /// Appends a `y` spacer carrying the pending decorations and annotations.
  mutating func appendSpacer(_ spacer: Spacer) {
    var spacer = spacer
    spacer.decorations = pending.decorations
    spacer.annotations = pending.annotations
    pending.decorations = []
    pending.annotations = []
    pending.reportedOverflow = false
    elements.append(.spacer(spacer))
  }

  /// Makes room for `count` elements.
  mutating func reserveCapacity(_ count: Int) {
    elements.reserveCapacity(count)
  }

  /// Ends the innermost open tuplet at the notes it has had (its `r` is cut to them).
  mutating func endInnermostTuplet() {
    guard let open = tuplets.popLast() else { return }
    guard elements.indices.contains(open.elementIndex),
      case .tupletStart(var tuplet, let range) = elements[open.elementIndex]
    else { return }
    tuplet.r = max(tuplet.r - open.remaining, 1)
    elements[open.elementIndex] = .tupletStart(tuplet, range)
  }

  /// Appends a marker that does not break a beam (a tuplet start).
  mutating func appendMarker(_ element: VoiceElement) {
    elements.append(element)
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

  /// Adds `duration` to the running time.
  private mutating func advanceTime(by duration: Rational) {
    currentTime = currentTime.checkedAdding(duration) ?? currentTime
  }

  /// Changes the element at `index` in place (lyrics, symbol lines, slur ends, ties).
  mutating func modifyElement(at index: Int, _ change: (inout VoiceElement) -> Void) {
    guard elements.indices.contains(index) else { return }
    change(&elements[index])
  }

  /// The decorations and annotations of the note at `index` (0 for other elements).
  func attachmentCount(at index: Int) -> Int {
    guard elements.indices.contains(index), case .note(let note) = elements[index] else { return 0 }
    return note.decorations.count + note.annotations.count
  }

  /// Ties every head of the last note; false when the last element is not a note.
  mutating func tieLastNote(dotted: Bool, below: Bool? = nil) -> Bool {
    guard let index = lastDurationalIndex, case .note(var note) = elements[index] else { return false }
    for head in note.heads.indices {
      note.heads[head].isTiedToNext = true
      note.heads[head].isTieDotted = dotted
      note.heads[head].tieBelow = below
    }
    elements[index] = .note(note)
    return true
  }

  /// Scales the last note or rest by `factor` (broken rhythm); false when there is none.
  mutating func scaleLastDuration(by factor: Rational) -> Bool {
    guard let index = lastDurationalIndex else { return false }
    let old = elements[index].duration
    switch elements[index] {
    case .note(var note):
      note.duration = note.duration.checkedMultiplied(by: factor) ?? note.duration
      note.writtenDuration = note.writtenDuration.map { $0.checkedMultiplied(by: factor) ?? $0 }
      elements[index] = .note(note)
    case .rest(var rest):
      rest.duration = rest.duration.checkedMultiplied(by: factor) ?? rest.duration
      rest.writtenDuration = rest.writtenDuration.map { $0.checkedMultiplied(by: factor) ?? $0 }
      elements[index] = .rest(rest)
    default: return false
    }
    let change = elements[index].duration - old
    currentTime = currentTime.checkedAdding(change) ?? currentTime
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

  /// The finished voice.
  func makeVoice() -> Voice {
    var voice = properties
    voice.elements = elements
    return voice
  }
}
