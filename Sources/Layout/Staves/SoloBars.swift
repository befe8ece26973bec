import ScoreModel

/*
 SoloBars — the bars in which a voice of a shared staff is alone, set as a single voice.

 Method. Voices sharing a staff take fixed stems (the first up, the others down) and move
 their rests apart. In a bar where the staff's other voices have no visible note or rest
 (a piano's second voice that enters for a few bars, written in MusicXML as invisible
 rests elsewhere, or ABC's `x` rests) engravers set the voice left alone as any single
 voice: stems by pitch, beams on the side the notes ask for, rests in the middle (Gould;
 MuseScore and abcm2ps do the same). The voice's bars come from its own bar lines; the
 other voices' visible notes and rests are intervals of time, sorted by start; a bar is
 solo when no interval overlaps it (a running maximum of the ends of the intervals that
 start before the bar's end decides it in one pass).

     V1:  c2 B2 | e2 f2 |         bar 1 shared: V1 stems up
     V2:  E2 G2 | x4    |         bar 2: V1 alone — e and f take stems down

 Limits. A bar is all or nothing: a second voice entering in mid-bar makes the whole bar
 shared.
 */

/// Finds the bars in which a voice has its shared staff to itself.
enum SoloBars {
  /// The time spans (whole bars of `voice`) in which none of `others` shows a note or rest.
  static func spans(of voice: Voice, others: [Voice]) -> [Range<Rational>] {
    var bounds: [Rational] = [.zero]
    var time = Rational.zero
    for element in voice.elements {
      if case .bar = element, bounds.last != time { bounds.append(time) }
      time = time + element.duration
    }
    if bounds.last != time { bounds.append(time) }
    var busy: [Range<Rational>] = []
    for other in others {
      var onset = Rational.zero
      for element in other.elements {
        let duration = element.duration
        if duration > .zero, isVisible(element) { busy.append(onset..<(onset + duration)) }
        onset = onset + duration
      }
    }
    busy.sort { $0.lowerBound < $1.lowerBound }
    var spans: [Range<Rational>] = []
    var next = 0
    var reach: Rational?
    for (start, end) in zip(bounds, bounds.dropFirst()) {
      while next < busy.count && busy[next].lowerBound < end {
        reach = max(reach ?? busy[next].upperBound, busy[next].upperBound)
        next += 1
      }
      if reach.map({ $0 <= start }) ?? true { spans.append(start..<end) }
    }
    return spans
  }

  /// Whether `time` falls in one of `spans` (in time order).
  static func contains(_ spans: [Range<Rational>], _ time: Rational) -> Bool {
    var low = 0
    var high = spans.count
    while low < high {
      let middle = (low + high) / 2
      if spans[middle].upperBound <= time { low = middle + 1 } else { high = middle }
    }
    return low < spans.count && spans[low].contains(time)
  }

  /// Whether an element is seen: a visible note or rest.
  static func isVisible(_ element: VoiceElement) -> Bool {
    switch element {
    case .note(let note): !note.decorations.contains { $0.name == "invisible" }
    case .rest(let rest): rest.isVisible && !rest.isPlaceholder
    default: false
    }
  }
}
