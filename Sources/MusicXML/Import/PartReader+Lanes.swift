import ScoreModel

/// Keeping each voice in time: gaps filled with invisible rests, elements from another
/// voice's stream put in at their time, marks handed to the note or rest they belong to.
///
/// A voice's own notes arrive in time order, but MusicXML writes one part's voices one
/// after another (`<backup>` between them), so a clef change met between voice 1's notes
/// may concern voice 2, which is still at the measure's start: it waits in voice 2's lane
/// (`waiting`) until voice 2 reaches its time, or is inserted among voice 2's elements when
/// voice 2 is already past it.
extension PartReader {
  /// Places `element` in the lane at `time`: queued when the lane has not reached it, else
  /// inserted after the element sounding at that time.
  mutating func place(_ element: VoiceElement, at time: Rational, lane: Int) {
    if lanes[lane].time <= time {
      guard lanes[lane].waiting.count < Limits.xmlWaitingPerVoice else { return }
      let position = lanes[lane].waiting.firstIndex { $0.time > time } ?? lanes[lane].waiting.count
      lanes[lane].waiting.insert((time, element), at: position)
      return
    }
    var at = lanes[lane].time
    var index = lanes[lane].elements.count
    while index > 0, at > time {
      index -= 1
      at = at - lanes[lane].elements[index].duration
    }
    if at < time { index += 1 }
    insert(element, at: index, lane: lane)
  }

  /// Inserts an element, keeping the lane's indices (tuplet, last note, moves) right.
  private mutating func insert(_ element: VoiceElement, at index: Int, lane: Int) {
    lanes[lane].elements.insert(element, at: index)
    for level in lanes[lane].tuplets.indices where lanes[lane].tuplets[level].index >= index {
      lanes[lane].tuplets[level].index += 1
    }
    if let last = lanes[lane].lastNoteIndex, last >= index { lanes[lane].lastNoteIndex = last + 1 }
    for move in lanes[lane].moves.indices where lanes[lane].moves[move].index >= index {
      lanes[lane].moves[move].index += 1
    }
  }

  /// Brings the lane to `time`: the waiting elements up to it go in at their times, gaps
  /// become invisible rests.
  mutating func advance(_ lane: Int, to time: Rational) {
    while let first = lanes[lane].waiting.first, first.time <= time {
      lanes[lane].waiting.removeFirst()
      fill(lane, to: first.time)
      lanes[lane].elements.append(first.element)
    }
    fill(lane, to: time)
  }

  /// Fills a gap with invisible rests, one more where a waiting mark's time falls inside,
  /// so that a dynamic under a voice's silence keeps its place.
  private mutating func fill(_ lane: Int, to time: Rational) {
    while lanes[lane].time < time {
      let start = lanes[lane].time
      let next = lanes[lane].marks.first { $0.time > start && $0.time < time }?.time ?? time
      closeTuplet(lane)
      var rest = RestEvent(duration: next - start, isVisible: false, range: gapRange(lane))
      // In a local meter the gap is written in the staff's own meter, as its notes are.
      if scale != Rational(1, 1) { rest.writtenDuration = (next - start) / scale }
      let marks = takeMarks(lane, upTo: start)
      rest.decorations = marks.decorations
      rest.annotations = marks.annotations
      lanes[lane].elements.append(.rest(rest))
      lanes[lane].time = next
    }
  }

  /// Where a gap's rest points: the element before it, or the part's start.
  private func gapRange(_ lane: Int) -> SourceRange {
    lanes[lane].elements.last?.range ?? SourceRange(SourceLocation(line: 1, column: 1))
  }

  /// The marks waiting in the lane up to `time`, taken out.
  mutating func takeMarks(_ lane: Int, upTo time: Rational) -> (
    decorations: [Decoration], annotations: [TextAnnotation]
  ) {
    var decorations: [Decoration] = []
    var annotations: [TextAnnotation] = []
    while let first = lanes[lane].marks.first, first.time <= time {
      lanes[lane].marks.removeFirst()
      decorations += first.decorations
      annotations += first.annotations
    }
    return (decorations, annotations)
  }

  /// Ends a lane at the end of the part: what still waits goes in, marks left over go on
  /// its last note or rest (a hairpin that ends with the piece).
  mutating func finishLane(_ lane: Int) {
    closeTuplet(lane)
    for (_, element) in lanes[lane].waiting { lanes[lane].elements.append(element) }
    lanes[lane].waiting = []
    let marks = takeMarks(lane, upTo: lanes[lane].time + Rational(1_000_000))
    guard !marks.decorations.isEmpty || !marks.annotations.isEmpty,
      let last = lanes[lane].elements.lastIndex(where: { $0.duration > .zero })
    else { return }
    switch lanes[lane].elements[last] {
    case .note(var note):
      note.decorations += marks.decorations
      note.annotations += marks.annotations
      lanes[lane].elements[last] = .note(note)
    case .rest(var rest):
      rest.decorations += marks.decorations
      rest.annotations += marks.annotations
      lanes[lane].elements[last] = .rest(rest)
    default: break
    }
  }

  /// Ends the lane's open tuplets from `level` inwards (all by default) at the notes
  /// each has.
  mutating func closeTuplet(_ index: Int, from level: Int = 0) {
    while lanes[index].tuplets.count > max(level, 0) {
      let (start, count, _) = lanes[index].tuplets.removeLast()
      if case .tupletStart(var tuplet, let range) = lanes[index].elements[start] {
        tuplet.r = max(count, 1)
        lanes[index].elements[start] = .tupletStart(tuplet, range)
      }
    }
  }

  /// The lane a direction or harmony belongs to: its `<voice>`'s, else the first voice at
  /// home on its `<staff>`, else the part's first.
  func lane(voice: String?, staff: String?) -> Int? {
    if let voice, let lane = laneIndex[voice.trimmingSpaces] {
      if let staff, staffNumber(staff) != lanes[lane].staff,
        let home = lanes.firstIndex(where: { $0.staff == staffNumber(staff) })
      {
        return home
      }
      return lane
    }
    if let staff {
      let number = staffNumber(staff)
      if let home = lanes.firstIndex(where: { $0.staff == number }) { return home }
    }
    return lanes.indices.first
  }

  /// Adds a mark to a lane, to wait for the note or rest at or after `time`.
  mutating func addMark(_ mark: Pending, lane: Int) {
    guard !mark.decorations.isEmpty || !mark.annotations.isEmpty,
      lanes[lane].marks.count < Limits.xmlWaitingPerVoice
    else { return }
    let position = lanes[lane].marks.firstIndex { $0.time > mark.time } ?? lanes[lane].marks.count
    lanes[lane].marks.insert(mark, at: position)
  }
}
