import ScoreModel

/// Notes, rests, grace notes and the changes between them, for one voice's measure.
extension PartwiseWriter {
  /// Writes a voice's measure; returns its length in divisions (for the `<backup>`).
  mutating func writeSlice(
    _ slice: MeasureSlice, state: inout VoiceState, meter: inout Meter, isLead: Bool, isPickup: Bool
  ) -> Int {
    let beams = BeamPlan.values(of: slice.items, meter: meter, isPickup: isPickup)
    let soleRest = slice.items.filter { $0.duration > .zero }.count == 1 && slice.duration == meter.barLength
    var written = 0
    for (index, item) in slice.items.enumerated() {
      switch item {
      case .note(let note):
        writeAttachments(note.decorations, note.annotations, state: &state)
        if let grace = note.graceNotes { writeGraceNotes(grace, state: &state) }
        writeNote(note, beams: beams[index] ?? [], state: &state)
      case .rest(let rest):
        writeAttachments(rest.decorations, rest.annotations, state: &state)
        writeRest(rest, wholeMeasure: soleRest && rest.isVisible, state: &state)
      case .spacer(let spacer):
        writeAttachments(spacer.decorations, spacer.annotations, state: &state)
      case .keyChange(let key, _) where isLead:
        xml.begin("attributes")
        writeKey(key)
        xml.end()
      case .meterChange(let next, _):
        meter = next
        guard isLead else { break }
        xml.begin("attributes")
        writeTime(next)
        xml.end()
      case .clefChange(let clef, _):
        xml.begin("attributes")
        writeClef(clef, staff: state.multiStaff ? state.member.staff : nil)
        xml.end()
      case .tupletStart(let tuplet, _):
        state.tuplets.append((tuplet, tuplet.r))
      case .tempoChange(let tempo, _) where isLead:
        writeTempo(tempo, state: state)
      case .partLabel(let label, _) where isLead:
        writeDirection(placement: "above", state: state) { $0.element("rehearsal", label) }
      case .sectionTitle(let title, _) where isLead:
        writeDirection(placement: "above", state: state) {
          $0.element("words", title, [("font-size", "14"), ("font-weight", "bold")])
        }
      default:
        break
      }
      written += ticks(item.duration)
    }
    return written
  }

  /// One note or chord: tied pieces when its length has no single written value.
  private mutating func writeNote(_ note: NoteEvent, beams: [String], state: inout VoiceState) {
    let pieces = NoteValue.pieces(of: note.displayDuration)
    let scale = note.displayDuration > .zero ? note.duration / note.displayDuration : .one
    let tuplets = state.nextTupletPositions()
    var slurs: [(String, Int)] = []
    // The slur from the note's grace notes (opened under the id -1).
    if let number = state.closeSlur(-1) { slurs.append(("stop", number)) }
    for end in note.slurEnds {
      if let number = state.closeSlur(end.id) { slurs.append(("stop", number)) }
    }
    for start in note.slurStarts {
      // The side the file set, as the tie's " dotted": "start below".
      let side = start.isBelow.map { $0 ? " below" : " above" } ?? ""
      slurs.append(("start" + side, state.openSlur(start.id)))
    }
    let marks = note.decorations.compactMap { MusicXMLMark.mark(for: $0.name) }.filter { !$0.isDirection }
    let count = max(pieces.count, 1)
    let tiedBefore = state.pendingTies
    for piece in 0..<count {
      let value = pieces.isEmpty ? nil : pieces[piece]
      let duration = value.map { $0.length * scale } ?? note.duration
      for (headIndex, head) in note.heads.enumerated() {
        let key = head.midiKey
        // A head continuing another voice's tie ends it (a tie passing between voices).
        let tieStop = piece > 0 || tiedBefore.contains(key) || head.continuesTie
        let tieStart = piece < count - 1 || head.isTiedToNext
        xml.begin("note")
        if headIndex > 0 { xml.element("chord") }
        writePitch(head)
        xml.element("duration", ticks(duration))
        if tieStop { xml.element("tie", nil, [("type", "stop")]) }
        if tieStart { xml.element("tie", nil, [("type", "start")]) }
        xml.element("voice", state.member.number)
        if let value { writeValue(value) }
        if piece == 0, let accidental = Self.accidentalName(head) { xml.element("accidental", accidental) }
        writeTimeModification(tuplets)
        if state.multiStaff { xml.element("staff", state.member.staff) }
        if headIndex == 0 && piece == 0 {
          for (level, beam) in beams.enumerated() {
            xml.element("beam", beam, [("number", String(level + 1))])
          }
        }
        var notations = Notations()
        if tieStop { notations.tied.append("stop") }
        if tieStart {
          let side = head.tieBelow.map { $0 ? " under" : " over" } ?? ""
          notations.tied.append((head.isTieDotted ? "start dotted" : "start") + side)
        }
        if headIndex == 0 {
          if piece == 0 { notations.slurs = slurs.filter { $0.0.hasPrefix("start") } }
          if piece == count - 1 { notations.slurs += slurs.filter { $0.0 == "stop" } }
          for tuplet in tuplets where (tuplet.isFirst && piece == 0) || (tuplet.isLast && piece == count - 1)
          {
            notations.tuplets.append((tuplet.isFirst && piece == 0 ? "start" : "stop", tuplet))
          }
          if piece == 0 { notations.marks = marks }
        } else if piece == 0 {
          notations.marks = marks.filter { $0 == .arpeggiate }
        }
        writeNotations(notations)
        if headIndex == 0 && piece == 0 { writeLyrics(note.lyrics, state: &state) }
        xml.end()
      }
    }
    state.pendingTies = Set(note.heads.filter(\.tiesWithinVoice).map(\.midiKey))
  }

  private mutating func writeRest(_ rest: RestEvent, wholeMeasure: Bool, state: inout VoiceState) {
    let tuplets = state.nextTupletPositions()
    state.pendingTies = []
    let marks = rest.decorations.compactMap { MusicXMLMark.mark(for: $0.name) }.filter { !$0.isDirection }
    let pieces: [NoteValue?] = wholeMeasure ? [nil] : NoteValue.pieces(of: rest.displayDuration).map { $0 }
    let scale = rest.displayDuration > .zero ? rest.duration / rest.displayDuration : .one
    for (index, value) in (pieces.isEmpty ? [nil] : pieces).enumerated() {
      xml.begin("note", rest.isVisible ? [] : [("print-object", "no")])
      xml.element("rest", nil, wholeMeasure ? [("measure", "yes")] : [])
      xml.element("duration", ticks(value.map { $0.length * scale } ?? rest.duration))
      xml.element("voice", state.member.number)
      if let value { writeValue(value) }
      writeTimeModification(tuplets)
      if state.multiStaff { xml.element("staff", state.member.staff) }
      var notations = Notations()
      if index == 0 {
        notations.marks = marks
        for tuplet in tuplets where tuplet.isFirst { notations.tuplets.append(("start", tuplet)) }
      }
      if index == pieces.count - 1 {
        for tuplet in tuplets where tuplet.isLast && !tuplet.isFirst {
          notations.tuplets.append(("stop", tuplet))
        }
      }
      writeNotations(notations)
      xml.end()
    }
  }

  /// The grace notes before a note; a group slurred to its note (`isSlurred`) opens the
  /// slur on its first note, and `writeNote` closes it.
  private mutating func writeGraceNotes(_ grace: GraceGroup, state: inout VoiceState) {
    let slur = grace.isSlurred == true ? state.openSlur(-1) : nil
    let counts = grace.notes.map { note in
      NoteValue(exactly: note.displayDuration)?.beamCount ?? 1
    }
    let beamed = grace.notes.count > 1 && !counts.contains(0)
    for (index, note) in grace.notes.enumerated() {
      let value = NoteValue(exactly: note.displayDuration) ?? NoteValue(exactly: Rational(1, 8))!
      for (headIndex, head) in note.heads.enumerated() {
        xml.begin("note")
        xml.element("grace", nil, grace.isAcciaccatura ? [("slash", "yes")] : [])
        if headIndex > 0 { xml.element("chord") }
        writePitch(head)
        xml.element("voice", state.member.number)
        writeValue(value)
        if let accidental = Self.accidentalName(head) { xml.element("accidental", accidental) }
        if state.multiStaff { xml.element("staff", state.member.staff) }
        if beamed && headIndex == 0 {
          for (level, beam) in BeamPlan.levels(counts, at: index).enumerated() {
            xml.element("beam", beam, [("number", String(level + 1))])
          }
        }
        if let slur, index == 0, headIndex == 0 {
          xml.group("notations") { $0.element("slur", nil, [("type", "start"), ("number", String(slur))]) }
        }
        xml.end()
      }
    }
  }

  private mutating func writePitch(_ head: NoteHead) {
    xml.group("pitch") { xml in
      xml.element("step", String(head.pitch.step.letter))
      if let microtone = head.microtone, microtone.denominator != 1 {
        xml.element("alter", Self.decimal(microtone))
      } else if head.soundingAlter != 0 {
        xml.element("alter", head.soundingAlter)
      }
      xml.element("octave", head.pitch.octave)
    }
  }

  private mutating func writeValue(_ value: NoteValue) {
    xml.element("type", value.type)
    for _ in 0..<value.dots { xml.element("dot") }
  }

  /// The `<time-modification>` of a note in `tuplets`: nested ratios multiply.
  private mutating func writeTimeModification(_ tuplets: [TupletPosition]) {
    guard !tuplets.isEmpty else { return }
    let actual = tuplets.reduce(1) { $0 * $1.tuplet.p }
    let normal = tuplets.reduce(1) { $0 * $1.tuplet.q }
    xml.group("time-modification") {
      $0.element("actual-notes", actual)
      $0.element("normal-notes", normal)
    }
  }

  /// The MusicXML name of a head's written accidental.
  static func accidentalName(_ head: NoteHead) -> String? {
    if let microtone = head.microtone, microtone.denominator != 1 {
      switch microtone.doubleValue {
      case 0.5: return "quarter-sharp"
      case -0.5: return "quarter-flat"
      case 1.5: return "three-quarters-sharp"
      case -1.5: return "three-quarters-flat"
      default: return nil
      }
    }
    switch head.accidental {
    case .sharp: return "sharp"
    case .flat: return "flat"
    case .natural: return "natural"
    case .doubleSharp: return "double-sharp"
    case .doubleFlat: return "flat-flat"
    case nil: return nil
    }
  }

  /// A rational as a short decimal (`1/2` → `0.5`).
  static func decimal(_ value: Rational) -> String {
    let text = String(value.doubleValue)
    return text.hasSuffix(".0") ? String(text.dropLast(2)) : text
  }
}
