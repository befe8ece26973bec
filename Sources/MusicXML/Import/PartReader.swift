import ScoreModel

/// Reads one MusicXML part into voices: one per `<voice>` value, each at home on the staff
/// that holds most of its notes, and one more for a staff no voice calls home.
///
/// Method: a cursor follows the document's time through notes, `<backup>` and
/// `<forward>`; each voice (a `Lane`) keeps its own time. A note is added at the cursor:
/// the lane is first brought up to it — invisible rests fill a gap, split where a mark
/// waits, and changes another voice's stream placed there (a clef change in mid-bar, a
/// key) go in at their time (`PartReader+Lanes`). Directions wait in their lane for the
/// first note or rest at or after their time (`PartReader+Directions`). A note on another
/// staff than its lane's is a staff move. The measure's length is the furthest time
/// reached in it (a pickup is short), or the meter's bar when it is empty. Every element
/// keeps the line and column of the XML element it came from, so a diagnostic about it
/// points into the file. Every number is checked as it is read (`PartReader+Checks`).
///
/// Example: a measure with voice 1 `C4` and, after `<backup>`, voice 2 two half notes
/// gives voices `C4 |` and `E2 G2 |` with the same bar; a clef change written between
/// voice 1's notes lands in voice 2 at the same time, not where voice 2 happens to be.
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
  var nextSlurID = 0
  /// Open wedges by their `number`.
  var openWedges: [String: String] = [:]
  /// Lyric `number`s that are not whole numbers, by the verse given them (in the order met).
  var verseNames: [String: Int] = [:]
  var measureIndex = 0
  /// The `number` of the measure being read, for warnings.
  var measureNumber = "1"
  /// The number of each measure, by where its closing bar line starts (`Voice.measureNumbers`).
  var measureNumbers: [SourceLocation: String] = [:]
  /// Elements the part may still add (the tune's budget, `Limits.elementsPerTune`).
  var elementBudget = Limits.elementsPerTune
  /// Absurd values met, each once, at their element.
  var warnings: [Diagnostic] = []
  var warned: Set<String> = []

  /// Decorations and annotations waiting for their lane's first note or rest at or after
  /// `time`.
  struct Pending {
    var time: Rational
    var decorations: [Decoration] = []
    var annotations: [TextAnnotation] = []
  }

  /// One voice being read.
  struct Lane {
    var id: String
    /// The staff the voice is at home on (from 1), and the one its last note was on.
    var staff: Int
    var currentStaff: Int
    /// The `<voice>` value the lane reads (nil for a staff's own lane without notes).
    var voice: String? = nil
    var clef: Clef
    var elements: [VoiceElement] = []
    var time: Rational
    var openSlurs: [Int: Int] = [:]
    var graces: [NoteEvent] = []
    var graceSlash = false
    /// Slurs the waiting grace notes start (`<slur number>` → the start), and those a
    /// grace note ends (numbers), for the main note to settle.
    var graceSlurStarts: [Int: XMLTree.Element] = [:]
    var graceSlurStops: [Int] = []
    /// The open tuplets, outermost first: where each `tupletStart` stands, how many
    /// notes it has so far, and its `<tuplet number>`.
    var tuplets: [(index: Int, count: Int, number: Int)] = []
    /// The last note's index, for `<chord/>` heads.
    var lastNoteIndex: Int?
    /// Where the voice's notes move to another staff of the part: element index, staff.
    var moves: [(index: Int, staff: Int)] = []
    /// Elements placed at a time the lane has not reached yet, in time order.
    var waiting: [(time: Rational, element: VoiceElement)] = []
    /// Marks waiting for a note or rest, in time order.
    var marks: [Pending] = []
  }

  /// A measure of the part: its content (a `<measure>`, or a timewise score's `<part>`
  /// inside one) and its `number`.
  struct MeasureSource {
    var content: XMLTree.Element
    var number: String
  }

  /// Measures written in a longer meter of the part's own, by index: what their durations
  /// are scaled by (`LocalMeters`).
  var localScales: [Int: Rational] = [:]
  /// The measures whose parts are in meters of different lengths.
  var localMeasures: Set<Int> = []
  /// The scale of the measure being read.
  var scale = Rational(1, 1)

  /// The words of the top part's system directions (`system="only-top"`), by measure index.
  var topSystemTexts: Set<SystemText> = []
  /// The system directions' words set so far in this part, by measure and time.
  var systemTextsPlaced: Set<SystemText> = []

  /// The heads on which the file ends a tie (see `joinTiesAcrossVoices`).
  var tieStops: Set<TieStop> = []
  /// The grace notes on which the file ends a tie (at their main note's onset).
  var graceTieStops: Set<TieStop> = []

  /// The size of the score's default words, which a `<words font-size>` is measured against.
  var wordsSize = 10.0

  init(partIndex: Int, partID: String, name: String?, isFirstPart: Bool) {
    self.partIndex = partIndex
    self.partID = partID
    self.name = name
    self.isFirstPart = isFirstPart
  }

  /// Where an element of the file is: its start tag's line and column.
  static func range(_ element: XMLTree.Element) -> SourceRange {
    SourceRange(SourceLocation(line: element.line, column: element.column))
  }

  mutating func read(_ measures: [MeasureSource]) {
    createLanes(measures)
    for (index, measure) in measures.enumerated() {
      measureIndex = index
      scale = localScales[index] ?? Rational(1, 1)
      measureNumber = measure.number
      guard elementCount < elementBudget else {
        warn(
          "the score is too long: only its first \(Limits.elementsPerTune) notes, rests and bar lines are read",
          at: measure.content)
        break
      }
      readMeasure(measure.content)
    }
    for index in lanes.indices { finishLane(index) }
    joinTiesAcrossVoices()
  }

  /// Elements the part's voices hold.
  var elementCount: Int { lanes.reduce(0) { $0 + $1.elements.count } }

  /// The voices read, in staff order; `firstStaff` is the number of the part's first staff
  /// in the score (from 1), for staff moves.
  func voices(firstStaff: Int = 1) -> [Voice] {
    lanes.map { lane in
      var voice = Voice(id: lane.id, clef: lane.clef, elements: lane.elements)
      voice.hasExplicitClef = true
      voice.keepsStaff = true
      voice.measureNumbers = measureNumbers
      voice.label =
        "part '\(name ?? partID)'"
        + (lanes.count > 1 ? lane.voice.map { ", voice \($0)" } ?? ", staff \(lane.staff)" : "")
      voice.transpose = transpose
      if lane.id == lanes.first?.id {
        voice.name = name
        voice.shortName = shortName
      }
      voice.staffMoves = lane.moves.map {
        StaffMove(
          elementIndex: $0.index, target: .absolute(firstStaff + $0.staff - 1),
          range: lane.elements[min($0.index, lane.elements.count - 1)].range)
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

  /// One lane per `<voice>` value, at home on the staff that holds most of its notes,
  /// ordered by staff then first appearance; a staff no voice calls home gets a lane of
  /// its own (its rests and marks keep the staff on the page).
  private mutating func createLanes(_ measures: [MeasureSource]) {
    var found: [String] = []
    var kept = Set<String>()
    var notesOnStaff: [String: [Int: Int]] = [:]
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
        if notesOnStaff[voice] == nil {
          guard found.count < Limits.xmlVoicesPerPart else {
            warn(
              "more than \(Limits.xmlVoicesPerPart) voices in one part: voice '\(Diagnostic.excerpt(voice))' and later ones are dropped",
              at: note)
            notesOnStaff[voice] = [:]
            continue
          }
          found.append(voice)
          kept.insert(voice)
          notesOnStaff[voice] = [:]
        }
        guard kept.contains(voice) else { continue }
        notesOnStaff[voice]?[staffNumber(note.childText("staff")), default: 0] += 1
      }
    }
    var homes: [(voice: String?, staff: Int, order: Int)] = found.enumerated().map { order, voice in
      let counts = notesOnStaff[voice] ?? [:]
      let staff = counts.max { ($0.value, -$0.key) < ($1.value, -$1.key) }?.key ?? 1
      return (voice, staff, order)
    }
    if !homes.isEmpty {
      for staff in 1...max(staffCount, 1) where !homes.contains(where: { $0.staff == staff }) {
        homes.append((nil, staff, homes.count))
      }
    }
    homes.sort { ($0.staff, $0.order) < ($1.staff, $1.order) }
    for (number, home) in homes.enumerated() {
      let id = homes.count == 1 ? "P\(partIndex + 1)" : "P\(partIndex + 1)V\(number + 1)"
      if let voice = home.voice { laneIndex[voice] = lanes.count }
      let clef = firstClefs[home.staff] ?? .treble
      lanes.append(
        Lane(id: id, staff: home.staff, currentStaff: home.staff, voice: home.voice, clef: clef, time: .zero))
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
      let print = measure.elements(forName: "print").first(where: {
        $0.attribute("new-system") == "yes" || $0.attribute("new-page") == "yes"
      })
    {
      for index in lanes.indices { lanes[index].elements.append(.lineBreak(Self.range(print))) }
    }
    var closing = BarLine(style: .single, range: Self.range(measure))
    measureNumbers[closing.range.start] = measureNumber
    for element in measure.children {
      switch element.name {
      case "attributes": readAttributes(element)
      case "note": readNote(element)
      case "backup":
        // In a measure of a local meter, a backup to the bar's start is in real time.
        let raw = rawDuration(of: element) ?? .zero
        let back = raw == cursor - measureStart ? raw : raw * scale
        if cursor - back < measureStart {
          warn("<backup> goes back past the start of the measure; read to its start", at: element)
          cursor = measureStart
        } else {
          cursor = cursor - back
        }
      case "forward":
        cursor = cursor + (duration(of: element) ?? .zero)
        // In a local meter MuseScore's closing forward-and-backup pair may step past the
        // bar's end; the measure still lasts the real bar.
        var reach = cursor
        if scale != Rational(1, 1), let bar = meter.barLength {
          reach = min(reach, measureStart + bar * scale)
        }
        furthest = max(furthest, reach)
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
      advance(index, to: end)
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
      var bar = BarLine(style: .single, range: Self.range(element))
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
}

/// A system direction's words in a measure (and at a time in it, for copies in one part).
struct SystemText: Hashable {
  var measure: Int
  var text: String
  var time: Rational? = nil
}
