import ScoreModel

/// Where a head's tie ends, as the file says (`<tie type="stop">`): its voice's lane, its
/// onset and its key.
struct TieStop: Hashable {
  var lane: Int
  var onset: Rational
  var key: Int
}

extension PartReader {
  /// Whether a note's `<tie>` or `<tied>` says a tie ends on it.
  static func endsTie(_ element: XMLTree.Element) -> Bool {
    let tied = element.first("notations")?.elements(forName: "tied") ?? []
    return (element.elements(forName: "tie") + tied).contains { $0.attribute("type") == "stop" }
  }

  /// Notes that `head` of the note at `onset` in `lane` ends a tie, when the file says so.
  mutating func noteTieStop(_ element: XMLTree.Element, head: NoteHead, lane: Int, onset: Rational) {
    guard Self.endsTie(element) else { return }
    tieStops.insert(TieStop(lane: lane, onset: onset, key: head.midiKey))
  }

  /// Ties that pass from one voice to another. A tied head goes on in its own voice when
  /// the voice's next note has its pitch and the file ends the tie there (or writes no tie
  /// ends at all); otherwise into another voice's note of that pitch starting where it
  /// ends, the one whose tie ends there first (a piano's melody passing from one hand's
  /// voice to the other's, even where the first voice plays the pitch again). The head is
  /// held into that note and on through the notes tied from it, in either voice
  /// (`heldBeyond`); that note is not struck again (`continuesTie`), and the tie is drawn
  /// to the next column (`tiesAcrossVoices`); its own voice's next note is struck anew. A
  /// tie that the file ends on another voice's grace note ends there.
  mutating func joinTiesAcrossVoices() {
    // Where each voice's notes start: onset → element index.
    var starts: [[Rational: Int]] = []
    for lane in lanes {
      var onset = Rational.zero
      var found: [Rational: Int] = [:]
      for (index, element) in lane.elements.enumerated() {
        if case .note = element { found[onset] = index }
        onset = onset + element.duration
      }
      starts.append(found)
    }
    var joins: [TieLink: TieLink] = [:]
    for lane in lanes.indices {
      var onset = Rational.zero
      for (index, element) in lanes[lane].elements.enumerated() {
        defer { onset = onset + element.duration }
        guard case .note(var note) = element, note.heads.contains(where: \.isTiedToNext) else { continue }
        let end = onset + note.duration
        let next = lanes[lane].elements[(index + 1)...].first { $0.duration > .zero }
        var changed = false
        for head in note.heads.indices where note.heads[head].isTiedToNext {
          let key = note.heads[head].midiKey
          var ownNext = false
          if case .note(let following)? = next { ownNext = following.heads.contains { $0.midiKey == key } }
          let endsHere = tieStops.contains(TieStop(lane: lane, onset: end, key: key))
          if ownNext && (tieStops.isEmpty || endsHere) { continue }
          if !endsHere,
            lanes.indices.contains(where: { graceTieStops.contains(TieStop(lane: $0, onset: end, key: key)) })
          {
            note.heads[head].isTiedToNext = false
            changed = true
            continue
          }
          func target(in other: Int) -> (Int, NoteEvent, Int)? {
            guard other != lane, let target = starts[other][end],
              case .note(let into) = lanes[other].elements[target],
              let joined = into.heads.firstIndex(where: { $0.midiKey == key && !$0.continuesTie })
            else { return nil }
            return (target, into, joined)
          }
          let stopping = lanes.indices.first {
            tieStops.contains(TieStop(lane: $0, onset: end, key: key)) && target(in: $0) != nil
          }
          guard let other = stopping ?? (ownNext ? nil : lanes.indices.first { target(in: $0) != nil }),
            let (position, found, joined) = target(in: other)
          else { continue }
          var into = found
          into.heads[joined].continuesTie = true
          lanes[other].elements[position] = .note(into)
          note.heads[head].tiesAcrossVoices = true
          joins[TieLink(lane: lane, index: index, key: key)] = TieLink(lane: other, index: position, key: key)
          changed = true
        }
        if changed { lanes[lane].elements[index] = .note(note) }
      }
    }
    // Each crossing note is held through the whole chain it starts, once every link is known.
    for (from, to) in joins {
      guard case .note(var note) = lanes[from.lane].elements[from.index] else { continue }
      note.heldBeyond = max(note.heldBeyond ?? .zero, heldLength(from: to, joins: joins))
      lanes[from.lane].elements[from.index] = .note(note)
    }
  }

  /// How long a tie reaching `link`'s note holds its key: that note, and the notes its ties
  /// go on to, in its own voice or (`joins`) another.
  func heldLength(from link: TieLink, joins: [TieLink: TieLink]) -> Rational {
    var length = Rational.zero
    var link = link
    for _ in 0..<Limits.elementsPerTune {
      let elements = lanes[link.lane].elements
      guard case .note(let note) = elements[link.index],
        let head = note.heads.first(where: { $0.midiKey == link.key })
      else { break }
      length = length + note.duration
      guard head.isTiedToNext else { break }
      if let next = joins[link] {
        link = next
      } else if let next = elements[(link.index + 1)...].firstIndex(where: { $0.duration > .zero }),
        case .note(let following) = elements[next],
        following.heads.contains(where: { $0.midiKey == link.key })
      {
        link.index = next
      } else {
        break
      }
    }
    return length
  }
}

/// A head of a voice's note: lane, element index and key.
struct TieLink: Hashable {
  var lane: Int
  var index: Int
  var key: Int
}
