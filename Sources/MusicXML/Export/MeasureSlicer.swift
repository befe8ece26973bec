import ScoreModel

/// The music of one voice between two bar lines: one MusicXML measure of that voice.
struct MeasureSlice {
  /// Notes, rests and the changes among them, in order (no bar lines).
  var items: [VoiceElement] = []
  /// The bar line before the measure, when it opens a repeat or an ending.
  var opening: BarLine?
  /// The bar line that closes the measure; nil for music running to the end unbarred.
  var closing: BarLine?
  /// A line break in the source comes just before this measure.
  var startsLine = false
  /// For the first of several measures a `Z4`-style rest spans: how many.
  var multipleRest: Int?

  /// The time the measure's notes and rests take.
  var duration: Rational { items.reduce(.zero) { $0 + $1.duration } }

  /// True when it holds a note or rest.
  var hasMusic: Bool {
    items.contains {
      switch $0 {
      case .note, .rest: true
      default: false
      }
    }
  }
}

/// Cuts a voice into measures at its bar lines.
///
/// Method: one walk over the elements. A bar line closes the measure being filled (when
/// it holds music) and becomes the opening bar of the next; changes of key, meter or
/// clef and other non-durational elements stay in the measure they are written in, so a
/// change after the last bar of a line starts the next measure. Bar lines with no music
/// between them (`|| |:`) fold into one: the later one opens the next measure. A
/// multi-measure rest `Z4` becomes four measures of one whole-bar rest each, the first
/// marked as a multiple rest.
///
/// Example: `|: A B | c d :| e f |]` gives three measures: (opening `|:`, A B, closing
/// `|`), (c d, closing `:|`), (e f, closing `|]`).
///
/// Before cutting, what MusicXML readers reject is mended (`mended`): a tie with no note
/// of its pitch after it is dropped, a slur that starts and ends on one note is dropped,
/// and a tuplet cut short by a longer one (or by the end) counts only the notes it has.
enum MeasureSlicer {
  static func slices(of voice: Voice) -> [MeasureSlice] {
    var slices: [MeasureSlice] = []
    var current = MeasureSlice()
    var breakPending = false
    for element in mended(voice.elements) {
      switch element {
      case .bar(let bar):
        if current.hasMusic {
          current.closing = bar
          slices.append(current)
          current = MeasureSlice()
          current.startsLine = breakPending
          breakPending = false
        }
        current.opening = bar
      case .lineBreak:
        if current.hasMusic { breakPending = true } else { current.startsLine = !slices.isEmpty }
      case .rest(let rest) where (rest.measureCount ?? 1) > 1 && !current.hasMusic:
        let count = rest.measureCount ?? 1
        var single = rest
        single.measureCount = 1
        single.duration = rest.duration / Rational(count)
        single.writtenDuration = nil
        for index in 0..<count {
          current.items.append(.rest(single))
          if index == 0 { current.multipleRest = count }
          if index < count - 1 {
            slices.append(current)
            current = MeasureSlice()
          }
        }
      default:
        current.items.append(element)
      }
    }
    if current.hasMusic { slices.append(current) }
    return slices
  }
}

extension MeasureSlicer {
  /// A voice without bar lines of its own (a `&` overlay) cut where `host`'s measures end:
  /// an invisible rest that spans a bar line is split there, so the overlay's notes land
  /// in the measure they are written in.
  static func slices(of voice: Voice, like host: [MeasureSlice]) -> [MeasureSlice] {
    var ends: [Rational] = []
    var time = Rational.zero
    for slice in host {
      time = time + slice.duration
      ends.append(time)
    }
    var slices: [MeasureSlice] = []
    var current = MeasureSlice()
    var onset = Rational.zero
    func close() {
      if slices.count < host.count { current.closing = host[slices.count].closing }
      slices.append(current)
      current = MeasureSlice()
    }
    for element in mended(voice.elements) {
      if case .bar = element { continue }
      guard case .rest(var rest) = element, !rest.isVisible else {
        if element.duration > .zero, slices.count < ends.count, onset >= ends[slices.count] { close() }
        current.items.append(element)
        onset = onset + element.duration
        continue
      }
      // Split an invisible rest at the host's bar lines.
      var left = rest.duration
      while left > .zero {
        let measure = slices.count
        if measure < ends.count, onset >= ends[measure] { close() }
        let room = (slices.count < ends.count) ? ends[slices.count] - onset : left
        let piece = room > .zero && room < left ? room : left
        rest.duration = piece
        rest.writtenDuration = nil
        current.items.append(.rest(rest))
        onset = onset + piece
        left = left - piece
      }
    }
    if current.hasMusic { close() }
    return slices
  }

  /// The elements with dangling ties, one-note slurs and overlong tuplets mended.
  static func mended(_ elements: [VoiceElement]) -> [VoiceElement] {
    var result = elements
    // The open tuplets, innermost last (tuplets nest; an outer one counts the inner notes).
    var tuplets: [(index: Int, left: Int)] = []
    func closeTuplet() {
      guard let open = tuplets.popLast(), open.left > 0,
        case .tupletStart(var value, let range) = result[open.index]
      else {
        return
      }
      value.r = max(value.r - open.left, 1)
      result[open.index] = .tupletStart(value, range)
    }
    func countNote() {
      for level in tuplets.indices { tuplets[level].left -= 1 }
      tuplets.removeAll { $0.left <= 0 }
    }
    for index in result.indices {
      switch result[index] {
      case .tupletStart(let value, _):
        while let open = tuplets.last, open.left < value.r { closeTuplet() }
        tuplets.append((index, value.r))
      case .note(var note):
        countNote()
        var changed = false
        if note.heads.contains(where: \.isTiedToNext) {
          let next = result[(index + 1)...].first {
            switch $0 {
            case .note, .rest: true
            default: false
            }
          }
          var keys = Set<Int>()
          if case .note(let following) = next { keys = Set(following.heads.map(\.midiKey)) }
          for head in note.heads.indices
          where note.heads[head].tiesWithinVoice && !keys.contains(note.heads[head].midiKey) {
            note.heads[head].isTiedToNext = false
            changed = true
          }
        }
        let both = Set(note.slurStarts.map(\.id)).intersection(note.slurEnds.map(\.id))
        if !both.isEmpty {
          note.slurStarts.removeAll { both.contains($0.id) }
          note.slurEnds.removeAll { both.contains($0.id) }
          changed = true
        }
        if changed { result[index] = .note(note) }
      case .rest:
        countNote()
      default:
        break
      }
    }
    while !tuplets.isEmpty { closeTuplet() }
    return result
  }
}
