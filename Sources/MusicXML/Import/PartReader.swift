import ScoreModel

/// Reads one MusicXML part into voices: one per `<voice>` value, on the staff where it
/// first appears.
///
/// Method: a cursor follows the document's time through notes, `<backup>` and
/// `<forward>`; each voice (a `Lane`) keeps its own time and is padded with invisible
/// rests up to the cursor before a note is added, and to the measure's end before the
/// bar line that closes it. Directions and harmonies wait (`pending`) for the next note
/// of their voice, or of any voice when they name none. The measure's length is the
/// furthest time reached in it (a pickup is short), or the meter's bar when it is empty.
/// Every number is checked as it is read (`PartReader+Checks`): an absurd one is a
/// warning at its element and is not used.
///
/// Example: a measure with voice 1 `C4` and, after `<backup>`, voice 2 two half notes
/// gives voices `C4 |` and `E2 G2 |` with the same bar.
struct PartReader {
  let partIndex: Int
  let name: String?
  let isFirstPart: Bool
  /// The part's `id`, for warnings.
  let partID: String
  /// `<part-abbreviation>`: the name on later systems.
  var shortName: String?
  var divisions = 1
  var staffCount = 1
  var initialKey = KeySignature.cMajor
  var initialMeter = Meter.fraction(numerators: [4], denominator: 4)
  var initialTempo: Tempo?
  var meter = Meter.fraction(numerators: [4], denominator: 4)
  var key = KeySignature.cMajor
  var clefs: [Int: Clef] = [:]
  var transpose = 0
  var lanes: [Lane] = []
  var laneIndex: [String: Int] = [:]
  /// The start of the measure being read and the document's cursor, in whole notes.
  var measureStart = Rational.zero
  var cursor = Rational.zero
  var furthest = Rational.zero
  var pending: [Pending] = []
  var nextSlurID = 0
  var openWedge: String?
  var measureIndex = 0
  /// The `number` of the measure being read, for warnings.
  var measureNumber = "1"
  /// Elements the part may still add (the tune's budget, `Limits.elementsPerTune`).
  var elementBudget = Limits.elementsPerTune
  /// Absurd values met, each once, at their element.
  var warnings: [Diagnostic] = []
  var warned: Set<String> = []
  let place = SourceRange(SourceLocation(line: 1, column: 1))

  /// Decorations, annotations and elements waiting for the next note of a voice.
  struct Pending {
    var voice: String?
    var decorations: [String] = []
    var annotations: [TextAnnotation] = []
  }

  /// One voice being read.
  struct Lane {
    var id: String
    var staff: Int
    var clef: Clef
    var elements: [VoiceElement] = []
    var time: Rational
    var openSlurs: [Int: Int] = [:]
    var graces: [NoteEvent] = []
    var graceSlash = false
    /// The index of the open tuplet's `tupletStart` and how many notes it has so far.
    var tuplet: (index: Int, count: Int)?
    /// The last note's start, for `<chord/>` heads.
    var lastNoteIndex: Int?
  }

  /// A measure of the part: its content (a `<measure>`, or a timewise score's `<part>`
  /// inside one) and its `number`.
  struct MeasureSource {
    var content: XMLTree.Element
    var number: String
  }

  init(partIndex: Int, partID: String, name: String?, isFirstPart: Bool) {
    self.partIndex = partIndex
    self.partID = partID
    self.name = name
    self.isFirstPart = isFirstPart
  }

  mutating func read(_ measures: [MeasureSource]) {
    createLanes(measures)
    for (index, measure) in measures.enumerated() {
      measureIndex = index
      measureNumber = measure.number
      guard elementCount < elementBudget else {
        warn(
          "the score is too long: only its first \(Limits.elementsPerTune) notes, rests and bar lines are read",
          at: measure.content)
        break
      }
      readMeasure(measure.content)
    }
    for index in lanes.indices { closeTuplet(index) }
  }

  /// Elements the part's voices hold.
  var elementCount: Int { lanes.reduce(0) { $0 + $1.elements.count } }

  /// The voices read, in staff order.
  func voices() -> [Voice] {
    lanes.map { lane in
      var voice = Voice(id: lane.id, clef: lane.clef, elements: lane.elements)
      voice.hasExplicitClef = true
      voice.transpose = transpose
      if lane.id == lanes.first?.id {
        voice.name = name
        voice.shortName = shortName
      }
      return voice
    }
  }

  /// The part as a staff group: a brace over several staves, else one staff.
  func staffGroup(of voices: [Voice]) -> StaffGroup {
    var staves: [[String]] = []
    for staff in 1...max(staffCount, 1) {
      let ids = lanes.filter { $0.staff == staff }.map(\.id)
      if !ids.isEmpty { staves.append(ids) }
    }
    return StaffGroup(bracket: staves.count > 1 ? .brace : .none, staves: staves)
  }

  /// One lane per `<voice>` value, ordered by staff then first appearance.
  private mutating func createLanes(_ measures: [MeasureSource]) {
    var found: [(voice: String, staff: Int)] = []
    var seen = Set<String>()
    var firstClefs: [Int: Clef] = [:]
    for measure in measures {
      measureNumber = measure.number
      for child in measure.content.elements(forName: "attributes") {
        if let count = integer(child.first("staves"), in: Limits.xmlStaves, "<staves>") {
          staffCount = max(staffCount, count)
        }
      }
    }
    for measure in measures {
      measureNumber = measure.number
      for child in measure.content.elements(forName: "attributes") {
        for clef in child.elements(forName: "clef") {
          let staff = staffNumber(clef.attribute("number"))
          if firstClefs[staff] == nil, let parsed = self.clef(clef) { firstClefs[staff] = parsed }
        }
      }
      for note in measure.content.elements(forName: "note") {
        let voice = note.childText("voice") ?? "1"
        guard !seen.contains(voice) else { continue }
        guard found.count < Limits.xmlVoicesPerPart else {
          warn(
            "more than \(Limits.xmlVoicesPerPart) voices in one part: voice '\(Diagnostic.excerpt(voice))' and later ones are dropped",
            at: note)
          seen.insert(voice)
          continue
        }
        seen.insert(voice)
        found.append((voice, staffNumber(note.childText("staff"))))
      }
    }
    if found.isEmpty { return }
    let ordered = found.enumerated().sorted { ($0.element.staff, $0.offset) < ($1.element.staff, $1.offset) }
    for (number, entry) in ordered.enumerated() {
      let id = found.count == 1 ? "P\(partIndex + 1)" : "P\(partIndex + 1)V\(number + 1)"
      laneIndex[entry.element.voice] = lanes.count
      lanes.append(
        Lane(
          id: id, staff: entry.element.staff, clef: firstClefs[entry.element.staff] ?? .treble, time: .zero))
    }
    clefs = firstClefs
  }

  /// A `<staff>` or clef `number` as one of the part's staves (1 when absent or absurd).
  func staffNumber(_ text: String?) -> Int {
    guard let text, let value = Int(text.trimmingSpaces), value >= 1 else { return 1 }
    return min(value, max(staffCount, 1))
  }

  private mutating func readMeasure(_ measure: XMLTree.Element) {
    cursor = measureStart
    furthest = measureStart
    if measureIndex > 0,
      measure.elements(forName: "print").contains(where: {
        $0.attribute("new-system") == "yes" || $0.attribute("new-page") == "yes"
      })
    {
      for index in lanes.indices { lanes[index].elements.append(.lineBreak(place)) }
    }
    var closing = BarLine(style: .single, range: place)
    for element in measure.children {
      switch element.name {
      case "attributes": readAttributes(element)
      case "note": readNote(element)
      case "backup":
        let back = duration(of: element) ?? .zero
        if cursor - back < measureStart {
          warn("<backup> goes back past the start of the measure; read to its start", at: element)
          cursor = measureStart
        } else {
          cursor = cursor - back
        }
      case "forward":
        cursor = cursor + (duration(of: element) ?? .zero)
        furthest = max(furthest, cursor)
      case "direction": readDirection(element)
      case "harmony": readHarmony(element)
      case "barline":
        if element.attribute("location") == "left" {
          openBar(element)
        } else if element.attribute("location") != "middle" {
          closing = bar(element, base: closing)
        }
      default: break
      }
    }
    var end = furthest
    if end == measureStart, let bar = meter.barLength { end = measureStart + bar }
    for index in lanes.indices {
      pad(index, to: end)
      lanes[index].elements.append(.bar(closing))
    }
    measureStart = end
  }

  /// A left bar line: a repeat start or an ending on the bar before the measure.
  private mutating func openBar(_ element: XMLTree.Element) {
    let repeats = element.elements(forName: "repeat").contains { $0.attribute("direction") == "forward" }
    let ending = element.elements(forName: "ending").first { $0.attribute("type") == "start" }
    guard repeats || ending != nil else { return }
    for index in lanes.indices {
      var bar = BarLine(style: .single, range: place)
      var position: Int?
      if let last = lanes[index].elements.lastIndex(where: {
        if case .bar = $0 { return true }
        return false
      }), case .bar(let previous) = lanes[index].elements[last],
        lanes[index].elements[(last + 1)...].allSatisfy({
          $0.duration == .zero
        })
      {
        bar = previous
        position = last
      }
      if repeats { bar.repeatsStart = true }
      if let ending, let number = ending.attribute("number") {
        bar.ending = String(Diagnostic.excerpt(number.filter { $0 != " " }))
      }
      if let position {
        lanes[index].elements[position] = .bar(bar)
      } else {
        lanes[index].elements.append(.bar(bar))
      }
    }
  }

  /// A right bar line's style and repeat, over `base`.
  mutating func bar(_ element: XMLTree.Element, base: BarLine) -> BarLine {
    var bar = base
    switch element.childText("bar-style") {
    case "light-light": bar.style = .double
    case "light-heavy": bar.style = .thinThick
    case "heavy-light": bar.style = .thickThin
    case "dotted", "dashed": bar.style = .dotted
    case "none": bar.style = .invisible
    default: break
    }
    if let repeatMark = element.first("repeat"), repeatMark.attribute("direction") == "backward" {
      bar.repeatsEnd = true
      bar.style = .single
      if let text = repeatMark.attribute("times"), let times = Int(text.trimmingSpaces), times > 2 {
        bar.repeatCount = min(times, Limits.repeatPasses)
      }
    }
    return bar
  }

  /// Fills a lane with an invisible rest up to `time`.
  mutating func pad(_ index: Int, to time: Rational) {
    let gap = time - lanes[index].time
    guard gap > .zero else { return }
    closeTuplet(index)
    lanes[index].elements.append(.rest(RestEvent(duration: gap, isVisible: false, range: place)))
    lanes[index].time = time
  }

  /// Ends the lane's open tuplet at the notes it has.
  mutating func closeTuplet(_ index: Int) {
    guard let (start, count) = lanes[index].tuplet else { return }
    if case .tupletStart(var tuplet, let range) = lanes[index].elements[start] {
      tuplet.r = max(count, 1)
      lanes[index].elements[start] = .tupletStart(tuplet, range)
    }
    lanes[index].tuplet = nil
  }
}
