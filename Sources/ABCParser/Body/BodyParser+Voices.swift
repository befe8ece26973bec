import ScoreModel

/// A `&` overlay in progress: which voice it lays over and the time span it covers.
struct OverlayState {
  /// The slot of the host voice.
  var hostSlot: Int
  /// 1 for the first `&` of the bar, 2 for the second …
  var level: Int
  /// The host's time where the overlay starts (its last bar line, or the line start
  /// for `&\`) and where the host stood at the first `&`.
  var startTime: Rational
  var endTime: Rational
  /// `&\` at the end of a line: the overlay covers the whole line and goes on below.
  var spansLines: Bool
}

/// Voices: one builder per `V:` id, voice switches, and `&` overlays.
///
/// Overlay method (ABC 2.1 §7.4): `&` sets time back to the host's last bar line;
/// the notes up to the next bar line go into an extra voice `<host>&1` (`&2` for a
/// second `&` in the bar) whose `overlayOf` is the host id. The overlay voice is
/// padded with invisible rests up to the bar's start so its onsets line up. `&` at the
/// end of a line before `\` (`&\`) overlays the whole line: time goes back to where
/// the line began and the next line's bars stay in the overlay until it has caught up.
/// abcm2ps's `(&` … `&` … `&)` overlays several bars the same way, from the `(&`.
extension BodyParser {
  /// Starts the body: creates the header's voices (or an implicit one) from the settings.
  ///
  /// `expectedElements` reserves room in the first voice (a guess from the tune's
  /// length), so long tunes do not copy their elements as the array grows.
  mutating func startBody(expectedElements: Int = 0) {
    inBody = true
    bodyStart = settings
    slots = []
    slotIndex = [:]
    droppedVoiceSlot = nil
    for declaration in settings.voiceDeclarations { _ = createSlot(for: declaration, implicit: false) }
    if slots.isEmpty { _ = createSlot(for: VoiceFieldValue(id: "1"), implicit: true) }
    activeSlot = 0
    swap(&builder, &slots[0])
    builder.reserveCapacity(min(expectedElements, 100_000))
  }

  /// Adds a voice built from `declaration`; returns its slot.
  mutating func createSlot(for declaration: VoiceFieldValue, implicit: Bool, overlayOf: String? = nil) -> Int
  {
    var properties = Voice(
      id: declaration.id, name: declaration.name, clef: declaration.staff.clef ?? bodyStart.clef)
    properties.hasExplicitClef = declaration.staff.clef != nil || bodyStart.clefIsExplicit
    properties.shortName = declaration.shortName
    properties.stemDirection = declaration.stem ?? .auto
    var staff = bodyStart.keyStaff
    staff.clef = nil
    staff.merge(declaration.staff)
    properties.transpose = staff.transpose ?? 0
    properties.staffLines = staff.staffLines ?? 5
    properties.staffScale = staff.staffScale ?? 1
    properties.voiceScale = staff.voiceScale ?? 1
    properties.headStyle = staff.headStyle
    properties.noteMap = staff.noteMap
    properties.overlayOf = overlayOf
    properties.mergesWithPrevious = declaration.merge
    var voice = VoiceBuilder(
      properties: properties, meter: bodyStart.meter, unitLength: bodyStart.unitLength, key: bodyStart.key,
      propagation: settings.propagation)
    voice.pitchShift = staff.pitchShift(clef: properties.clef)
    voice.isImplicit = implicit
    if overlayOf == nil, let change = scoreChanges.last {
      // A voice that first appears after a mid-tune `%%score` starts at its time.
      voice.appendPadding(change.time, range: change.range)
    }
    slots.append(voice)
    slotIndex[declaration.id] = slots.count - 1
    return slots.count - 1
  }

  /// The voices made so far (the slot of dropped voices does not count).
  var voiceCount: Int { slots.count - (droppedVoiceSlot == nil ? 0 : 1) }

  /// Sends voice `id` (past `Limits.voicesPerTune`) to the slot whose music is dropped,
  /// reporting the limit the first time; returns that slot.
  mutating func dropVoice(_ id: String, range: SourceRange) -> Int {
    let slot: Int
    if let existing = droppedVoiceSlot {
      slot = existing
    } else {
      diagnostics.warning(
        "more than \(Limits.voicesPerTune) voices in one tune: voice '\(Diagnostic.excerpt(id))' and "
          + "later new voices are dropped", at: range)
      slot = createSlot(for: VoiceFieldValue(id: "\u{FFFF}dropped"), implicit: false)
      droppedVoiceSlot = slot
    }
    slotIndex[id] = slot
    return slot
  }

  /// Declares a header `V:`; a new voice past `Limits.voicesPerTune` is reported (once)
  /// and ignored.
  mutating func declareVoice(_ voice: VoiceFieldValue, range: SourceRange) {
    let declared = settings.voiceDeclarations
    if declared.count >= Limits.voicesPerTune, !declared.contains(where: { $0.id == voice.id }) {
      if !reportedVoiceLimit {
        reportedVoiceLimit = true
        diagnostics.warning(
          "more than \(Limits.voicesPerTune) voices in one tune: voice '\(Diagnostic.excerpt(voice.id))' "
            + "and later new voices are ignored", at: range)
      }
      return
    }
    settings.declareVoice(voice)
  }

  /// Makes slot `index` the active voice (swapping, so nothing is copied).
  mutating func activate(_ index: Int) {
    guard index != activeSlot, slots.indices.contains(index) else { return }
    swap(&builder, &slots[activeSlot])
    swap(&builder, &slots[index])
    activeSlot = index
  }

  /// Follows a body `V:` field: switches voice, creating it on first use, and applies
  /// the properties it sets.
  mutating func switchVoice(_ value: VoiceFieldValue, range: SourceRange) {
    endOverlay()
    guard let index = slotIndex[value.id] else {
      if builder.isImplicit, slots.count == 1,
        !builder.elements.contains(where: { $0.duration > .zero || $0.isBar })
      {
        // Nothing was written in the made-up voice: the first `V:` replaces it.
        slots = []
        slotIndex = [:]
        _ = createSlot(for: value, implicit: false)
        swap(&builder, &slots[0])
        activeSlot = 0
        return
      }
      guard voiceCount < Limits.voicesPerTune else {
        activate(dropVoice(value.id, range: range))
        return
      }
      activate(createSlot(for: value, implicit: false))
      return
    }
    activate(index)
    builder.isImplicit = false
    if let name = value.name { builder.properties.name = name }
    if let short = value.shortName { builder.properties.shortName = short }
    if let stem = value.stem { builder.properties.stemDirection = stem }
    if value.merge { builder.properties.mergesWithPrevious = true }
    applyStaffParameters(value.staff, range: range)
  }

  /// Applies clef and staff parameters from a body `K:` or `V:` to the active voice.
  mutating func applyStaffParameters(_ staff: StaffParameters, range: SourceRange) {
    guard !staff.isEmpty else { return }
    let hasMusic = builder.elements.contains { $0.duration > .zero }
    if let clef = staff.clef {
      if hasMusic {
        builder.append(.clefChange(clef, range))
      } else {
        builder.properties.clef = clef
        builder.properties.hasExplicitClef = true
      }
    }
    if let transpose = staff.transpose { builder.properties.transpose = transpose }
    if let lines = staff.staffLines { builder.properties.staffLines = lines }
    if let size = staff.staffScale { builder.properties.staffScale = size }
    if let size = staff.voiceScale { builder.properties.voiceScale = size }
    if let style = staff.headStyle { builder.properties.headStyle = style }
    if let map = staff.noteMap { builder.properties.noteMap = map }
    if let move = staff.staffMove { noteStaffMove(move, range: range) }
    if staff.octave != nil || staff.middle != nil {
      builder.pitchShift = staff.pitchShift(clef: staff.clef ?? builder.properties.clef)
    }
  }

  /// Reads `&`: starts (or moves to the next) overlay of the current bar.
  mutating func parseOverlay(_ scanner: inout LineScanner) {
    let start = scanner.position
    scanner.advance()
    let range = scanner.range(from: start)
    if scanner.consume(")") {
      endOverlay()  // abcm2ps `&)`: the several-bar overlay ends.
      return
    }
    var spans = scanner.peek() == "\\" && isOnlyWhitespace(after: scanner.position + 1, in: scanner)
    var state: OverlayState
    if var open = overlay {
      activate(open.hostSlot)
      open.level += 1
      state = open
    } else {
      var from = spans ? builder.lineStartTime : builder.barStartTime
      if let anchor = builder.overlayAnchor {
        from = anchor
        spans = true
        builder.overlayAnchor = nil
      }
      state = OverlayState(
        hostSlot: activeSlot, level: 1, startTime: from, endTime: builder.currentTime, spansLines: spans)
    }
    guard state.level <= Limits.overlaysPerBar else {
      diagnostics.warning("too many '&' overlays in one bar (at most \(Limits.overlaysPerBar))", at: range)
      return
    }
    let host = builder
    let id = "\(host.properties.id)&\(state.level)"
    let index: Int
    if let existing = slotIndex[id] {
      index = existing
    } else if voiceCount < Limits.voicesPerTune {
      index = createSlot(for: VoiceFieldValue(id: id), implicit: false, overlayOf: host.properties.id)
    } else {
      index = dropVoice(id, range: range)
    }
    activate(index)
    builder.properties.clef = builder.elements.isEmpty ? host.properties.clef : builder.properties.clef
    builder.unitLength = host.unitLength
    builder.meter = host.meter
    if builder.key != host.key { builder.setKey(host.key) }
    builder.accidentals.endBar()
    builder.pitchShift = host.pitchShift
    builder.beamOpen = false
    if builder.currentTime < state.startTime {
      builder.appendPadding(state.startTime - builder.currentTime, range: range)
    }
    overlay = state
  }

  /// Leaves an overlay, back to its host voice.
  mutating func endOverlay() {
    guard let open = overlay else { return }
    overlay = nil
    activate(open.hostSlot)
  }

  /// Appends a bar line: in a line-spanning overlay that has not caught up with its
  /// host, the bar only ends the overlay's accidentals; otherwise the overlay ends and
  /// the host gets the bar.
  mutating func appendBarLine(_ bar: BarLine) {
    if let open = overlay, open.spansLines, builder.currentTime < open.endTime {
      builder.accidentals.endBar()
      builder.beamOpen = false
      return
    }
    endOverlay()
    builder.appendBar(bar)
  }

  /// Ends the body: reports what was left open and returns the voices in order.
  mutating func finish() -> [Voice] {
    guard inBody else { return [] }
    endOverlay()
    swap(&builder, &slots[activeSlot])
    var voices: [Voice] = []
    for (index, slot) in slots.enumerated() where index != droppedVoiceSlot {
      if let range = slot.pending.firstRange,
        slot.pending.graces != nil || !slot.pending.decorations.isEmpty
          || !slot.pending.annotations.isEmpty
      {
        diagnostics.warning("decoration, annotation or grace notes not followed by a note", at: range)
      }
      for open in slot.openSlurs {
        diagnostics.warning(
          "unclosed slur: '(' has no matching ')' in voice \(Diagnostic.excerpt(slot.properties.id))",
          at: open.range)
      }
      if slot.isImplicit, slots.count > 1,
        !slot.elements.contains(where: { $0.duration > .zero || $0.isBar })
      {
        continue
      }
      voices.append(slot.makeVoice())
    }
    return voices
  }
}

extension VoiceElement {
  /// True for bar lines.
  var isBar: Bool {
    if case .bar = self { return true }
    return false
  }
}
