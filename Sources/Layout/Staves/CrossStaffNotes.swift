import DisplayList
import ScoreModel

/*
 CrossStaffNotes — a voice's notes drawn on another staff (`[I:staff N]`, abcm2ps).

 Method. Before symbols are built, each voice that moves notes is split in two or more:
 on its own staff it keeps the notes that stay (the moved ones become invisible rests of
 the same length), and for each staff it visits a borrowed voice joins that staff with the
 moved notes alone (the others invisible), read in that staff's clef. The borrowed voice
 keeps the bar lines, keys and meters, so every voice still lines up in time columns;
 its stems and rests follow its own notes (it does not make the staff "shared").

     V:GO  [CEG] [I:staff 3][CEG] [I:staff 2][DFA] …
       →   staff 2: [CEG]   ·    [DFA] …      staff 3 (borrowed):  ·  [CEG]  ·  …

 A beam group whose notes land on two staves is left unbeamed in both voices, its stems
 pointing at each other, and `CrossStaffBeams` joins it after the staves are stacked.

 A slur whose notes land on two staves is drawn by `CrossStaffSlurs` after stacking.

 A moved note's dynamics, hairpin ends, pedal marks and words stay with the voice's own
 staff, on the invisible rest that keeps its time there (MusicXML's direction names that
 staff; a left hand reaching up keeps its pedalling under the bass staff).

 The borrowed voice reads the host staff's clef as it changes: the host voice's clef
 changes are copied in at the same times (`hostClefs`), and are not drawn a second time.

 Limits. Ties do not cross from one staff to the other.
 */

/// Splits voices whose notes move to other staves into one voice per staff.
enum CrossStaffNotes {
  /// The segments with every moving voice split; unchanged when no voice moves.
  static func apply(to segments: [StaffSegment]) -> [StaffSegment] {
    guard let first = segments.first, first.plan.voices.contains(where: { !$0.staffMoves.isEmpty }) else {
      return segments
    }
    var segments = segments
    var voices = first.plan.voices
    for index in voices.indices where !voices[index].staffMoves.isEmpty {
      let plan = segments.first { $0.plan.draws(voice: index) }?.plan ?? first.plan
      let home = plan.staff(ofVoice: index)
      let staves = targets(of: voices[index], home: home, staffCount: plan.staves.count)
      let visited = Set(staves).subtracting([home]).sorted()
      guard !visited.isEmpty else { continue }
      let original = voices[index]
      let beams = crossBeams(in: original, staves: staves)
      let slurs = CrossStaffSlurs.slurs(in: original, staves: staves)
      var moved: [Int: Int] = [:]
      voices[index] = keeping(original, where: { staves[$0] == home }, clef: nil, moved: &moved)
      for segment in segments.indices {
        segments[segment].plan.crossBeamStems[index] = remapped(beams.stems, moved)
        segments[segment].plan.crossBeams += beams.runs
        segments[segment].plan.crossSlurs += slurs
      }
      for staff in visited {
        guard let host = plan.staves[staff].voices.first else { continue }
        var moved: [Int: Int] = [:]
        var borrowed = keeping(
          original, where: { staves[$0] == staff }, clef: voices[host].clef,
          clefChanges: hostClefs(voices[host]), moved: &moved)
        borrowed.id = original.id + "→\(staff + 1)"
        voices.append(borrowed)
        let number = voices.count - 1
        for segment in segments.indices {
          segments[segment].plan.crossBeamStems[number] = remapped(beams.stems, moved)
          // The staff that holds the host voice in each segment takes the borrowed one too.
          guard let target = segments[segment].plan.staves.firstIndex(where: { $0.voices.contains(host) })
          else { continue }
          segments[segment].plan.staves[target].voices.append(number)
          segments[segment].plan.borrowed.insert(number)
        }
      }
    }
    for index in segments.indices { segments[index].plan.voices = voices }
    return segments
  }

  /// The beam groups of `voice` whose notes lie on more than one staff: each note's stem
  /// direction (up on the lower staff, down on the upper, so the beam runs between them)
  /// and each group's notes.
  static func crossBeams(in voice: Voice, staves: [Int]) -> (
    stems: [Int: Bool], runs: [[(source: SourcePosition, beams: Int)]]
  ) {
    var stems: [Int: Bool] = [:]
    var runs: [[(source: SourcePosition, beams: Int)]] = []
    var run: [Int] = []
    func close() {
      defer { run = [] }
      let used = Set(run.map { staves[$0] })
      guard run.count > 1, used.count > 1, let top = used.min() else { return }
      for index in run { stems[index] = staves[index] != top }
      runs.append(
        run.map { index in
          let beams: Int
          if case .note(let note) = voice.elements[index] {
            beams = NoteValue(duration: note.displayDuration).flagCount
          } else {
            beams = 1
          }
          return (voice.elements[index].range.position, beams)
        })
    }
    for (index, element) in voice.elements.enumerated() {
      guard case .note(let note) = element, NoteValue(duration: note.displayDuration).flagCount > 0 else {
        if element.duration > .zero || { if case .bar = element { true } else { false } }() { close() }
        continue
      }
      if !note.isBeamedWithPrevious { close() }
      run.append(index)
    }
    close()
    return (stems, runs)
  }

  /// The staff (plan index) each element of `voice` is drawn on; a move beyond the
  /// score's staves leaves the notes where they are.
  static func targets(of voice: Voice, home: Int, staffCount: Int) -> [Int] {
    var staff = home
    var moves = voice.staffMoves[...]
    var result: [Int] = []
    result.reserveCapacity(voice.elements.count)
    for index in voice.elements.indices {
      while let move = moves.first, move.elementIndex <= index {
        moves.removeFirst()
        let wanted =
          switch move.target {
          case .absolute(let number): number - 1
          case .relative(let offset): staff + offset
          }
        if (0..<staffCount).contains(wanted) { staff = wanted }
      }
      result.append(staff)
    }
    return result
  }

  /// An invisible rest keeping time for notes drawn elsewhere.
  static func placeholder(_ duration: Rational, written: Rational?, range: SourceRange) -> RestEvent {
    var rest = RestEvent(duration: duration, isVisible: false, range: range)
    rest.writtenDuration = written
    rest.isPlaceholder = true
    return rest
  }

  /// A mark of the staff rather than the note (a dynamic, a hairpin's end, a pedal mark):
  /// MusicXML's direction names the staff, and a piano's left hand that reaches up for a
  /// note keeps its dynamics, hairpins and pedalling under its own staff.
  static func staysHome(_ decoration: Decoration) -> Bool {
    switch DecorationTable.kind(of: decoration.name) {
    case .dynamic, .hairpinStart, .hairpinEnd, .dynamicText, .dynamicPhrase,
      .below(.keyboardPedalPed), .below(.keyboardPedalUp):
      true
    default: false
    }
  }

  /// Words above or below the staff (not a chord symbol) stay on the voice's own staff.
  static func staysHome(_ annotation: TextAnnotation) -> Bool {
    switch annotation.placement {
    case .above, .below: true
    default: false
    }
  }

  /// The clef changes of a staff's host voice, each with the time it comes at.
  static func hostClefs(_ host: Voice) -> [(time: Rational, change: VoiceElement)] {
    var time = Rational.zero
    var changes: [(time: Rational, change: VoiceElement)] = []
    for element in host.elements {
      if case .clefChange = element { changes.append((time, element)) }
      time += element.duration
    }
    return changes
  }

  /// Stem directions keyed by the original voice's element indices, keyed instead by
  /// where `moved` says those elements went.
  static func remapped(_ stems: [Int: Bool], _ moved: [Int: Int]) -> [Int: Bool] {
    var result: [Int: Bool] = [:]
    for (index, up) in stems {
      if let target = moved[index] { result[target] = up }
    }
    return result
  }

  /// The voice with the notes and rests for which `keeps` is false made invisible rests;
  /// with a `clef`, a borrowed voice: that clef changing as `clefChanges` (its host staff's,
  /// by time) and not its own, no texts, free stems. `moved` maps each note's index in
  /// `voice` to its index in the result (clef changes and placeholders split at them come
  /// in between, a borrowed voice's own changes drop out).
  static func keeping(
    _ voice: Voice, where keeps: (Int) -> Bool, clef: Clef?,
    clefChanges: [(time: Rational, change: VoiceElement)] = [], moved: inout [Int: Int]
  ) -> Voice {
    var result = voice
    result.staffMoves = []
    result.elements = []
    result.elements.reserveCapacity(voice.elements.count + clefChanges.count)
    var time = Rational.zero
    var pending = clefChanges[...]
    /// Invisible rests for `element` from `time`; outside tuplets, split where the host's
    /// clef changes inside it, so the change takes the host's column, not a later one.
    func placeholders(_ duration: Rational, written: Rational?, range: SourceRange) {
      var start = time
      if written == nil {
        while let next = pending.first, next.time > start, next.time < time + duration {
          result.elements.append(.rest(placeholder(next.time - start, written: nil, range: range)))
          result.elements.append(next.change)
          pending.removeFirst()
          start = next.time
        }
      }
      result.elements.append(
        .rest(placeholder(time + duration - start, written: start == time ? written : nil, range: range)))
    }
    for (index, element) in voice.elements.enumerated() {
      // A change at a bar's start comes after its bar line, before its first note.
      while let next = pending.first, next.time < time || next.time == time && element.duration > .zero {
        result.elements.append(next.change)
        pending.removeFirst()
      }
      switch element {
      case .note(let note) where !keeps(index):
        let first = result.elements.count
        placeholders(note.duration, written: note.writtenDuration, range: note.range)
        // The staff's marks of a note drawn elsewhere stay on the voice's own staff.
        if clef == nil, case .rest(var rest) = result.elements[first] {
          rest.decorations = note.decorations.filter(staysHome)
          rest.annotations = note.annotations.filter(staysHome)
          result.elements[first] = .rest(rest)
        }
      case .note(var note) where clef != nil:
        note.decorations.removeAll(where: staysHome)
        note.annotations.removeAll(where: staysHome)
        moved[index] = result.elements.count
        result.elements.append(.note(note))
      case .rest(let rest) where !keeps(index):
        placeholders(rest.duration, written: rest.writtenDuration, range: rest.range)
      case .clefChange, .tempoChange, .partLabel, .sectionTitle, .spacer:
        if clef == nil { result.elements.append(element) }
      default:
        if case .note = element { moved[index] = result.elements.count }
        result.elements.append(element)
      }
      time += element.duration
    }
    result.elements += pending.map(\.change)
    if let clef {
      result.clef = clef
      result.name = nil
      result.shortName = nil
      result.stemDirection = .auto
      result.overlayOf = nil
      result.mergesWithPrevious = false
    }
    return result
  }
}
