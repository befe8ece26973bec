import ScoreModel

/// Notes, chords, grace notes, tuplets, slurs and attributes of a part being read.
extension PartReader {
  mutating func readAttributes(_ element: XMLTree.Element) {
    if let value = integer(element.first("divisions"), in: Limits.xmlDivisions, "<divisions>") {
      divisions = value
    }
    let atStart = measureIndex == 0 && cursor == .zero
    let range = Self.range(element)
    // Clef, then key, then meter: the order they are read in at a change.
    for clefElement in element.elements(forName: "clef") {
      let staff = staffNumber(clefElement.attribute("number"))
      guard let clef = clef(clefElement), clefs[staff] != clef else { continue }
      clefs[staff] = clef
      guard !atStart else { continue }
      for lane in lanes.indices where lanes[lane].staff == staff {
        place(.clefChange(clef, Self.range(clefElement)), at: cursor, lane: lane)
      }
    }
    if let keyElement = element.first("key"), let parsed = key(keyElement) {
      if atStart {
        initialKey = parsed
      } else if parsed != key {
        for lane in lanes.indices { place(.keyChange(parsed, range), at: cursor, lane: lane) }
      }
      key = parsed
    }
    if let time = element.first("time"), let parsed = meter(time) {
      if atStart {
        initialMeter = parsed
      } else if parsed != meter {
        for lane in lanes.indices { place(.meterChange(parsed, range), at: cursor, lane: lane) }
      }
      meter = parsed
    }
    if let chromatic = element.first("transpose")?.first("chromatic"),
      let value = integer(chromatic, in: Limits.transpose, "<chromatic>")
    {
      transpose = value
    }
  }

  mutating func readNote(_ element: XMLTree.Element) {
    guard let lane = laneIndex[element.childText("voice") ?? "1"] else { return }
    let range = Self.range(element)
    let isRest = element.has("rest")
    var head = isRest ? nil : self.head(element)
    head?.isCue = element.has("cue")
    head?.isSmall = element.has("cue") || element.first("type")?.attribute("size") == "cue"
    if element.has("grace") {
      readGrace(element, head: head, lane: lane)
      return
    }
    if element.has("chord") {
      addChordMember(element, head: head, lane: lane)
      return
    }
    var duration = noteDuration(of: element) ?? .zero
    // Where the parts' meters differ, a whole-bar rest lasts the real bar and is written as
    // its own meter's.
    var wholeBar: Rational?
    if localMeasures.contains(measureIndex), isRest, element.first("rest")?.attribute("measure") == "yes",
      let bar = meter.barLength
    {
      if scale != Rational(1, 1) { duration = bar * scale }
      if duration != bar { wholeBar = bar }
    }
    let onset = cursor
    if let head { noteTieStop(element, head: head, lane: lane, onset: onset) }
    cursor = cursor + duration
    furthest = max(furthest, cursor)
    guard duration > .zero else { return }
    advance(lane, to: onset)
    // The notes of a two-note tremolo carry a 2:1 time modification for their written
    // length; the tremolo decoration says it (the layout shows them at twice their time).
    let pairsTremolo = element.elements(path: ["notations", "ornaments", "tremolo"]).contains {
      $0.attribute("type") == "start" || $0.attribute("type") == "stop"
    }
    if pairsTremolo { closeTuplet(lane) } else { startTupletIfNeeded(element, lane: lane) }
    let staff = staffNumber(element.childText("staff"))
    if staff != lanes[lane].currentStaff {
      lanes[lane].moves.append((lanes[lane].elements.count, staff))
      lanes[lane].currentStaff = staff
    }
    let marks = takeMarks(lane, upTo: onset)
    var decorations =
      marks.decorations + Self.notationDecorations(element).map { Decoration(name: $0, range: range) }
    if element.attribute("print-object") == "no" {
      decorations.append(Decoration(name: "invisible", range: range))
    }
    decorations = Array(decorations.prefix(Limits.attachmentsPerNote))
    let annotations = Array(marks.annotations.prefix(Limits.attachmentsPerNote))
    // In a tuplet the written length is what the ratio makes of the real one, so the
    // tuplet gives back the exact duration whatever `<type>` says (nested tuplets).
    var written = Self.writtenLength(element)
    if let ratio = openTupletRatio(lane) { written = duration * ratio }
    // In a local meter every note keeps its written value, as in a tuplet.
    if scale != Rational(1, 1), let raw = rawDuration(of: element), raw != duration {
      written = lanes[lane].tuplets.isEmpty ? raw : written.map { $0 / scale }
    }
    let inTuplet = !lanes[lane].tuplets.isEmpty || scale != Rational(1, 1)
    if let head {
      var note = NoteEvent(heads: [head], duration: duration, range: range)
      if inTuplet, let written, written != duration { note.writtenDuration = written }
      note.isBeamedWithPrevious = element.elements(forName: "beam").contains {
        $0.attribute("number") ?? "1" == "1" && ["continue", "end"].contains($0.trimmedText)
      }
      note.decorations = decorations
      note.annotations = annotations
      let graceSlurred = settleGraceSlurs(element, into: &note, lane: lane)
      readSlurs(element, into: &note, lane: lane, skipping: graceSlurred)
      note.lyrics = lyrics(element)
      if !lanes[lane].graces.isEmpty {
        note.graceNotes = GraceGroup(
          notes: lanes[lane].graces, isAcciaccatura: lanes[lane].graceSlash,
          range: lanes[lane].graces[0].range)
        note.graceNotes?.isSlurred = !graceSlurred.isEmpty
        lanes[lane].graces = []
      }
      lanes[lane].lastNoteIndex = lanes[lane].elements.count
      lanes[lane].elements.append(.note(note))
    } else {
      var rest = RestEvent(
        duration: duration, isVisible: element.attribute("print-object") != "no", range: range)
      if inTuplet, let written, written != duration { rest.writtenDuration = written }
      if let wholeBar { rest.writtenDuration = wholeBar }
      rest.decorations = decorations.filter { $0.name != "invisible" }
      rest.annotations = annotations
      lanes[lane].lastNoteIndex = nil
      lanes[lane].elements.append(.rest(rest))
    }
    lanes[lane].time = onset + duration
    for level in lanes[lane].tuplets.indices { lanes[lane].tuplets[level].count += 1 }
    // A stop ends its numbered tuplet and any inside it.
    for stop in element.elements(path: ["notations", "tuplet"]) where stop.attribute("type") == "stop" {
      let number = Self.tupletNumber(stop)
      let level = lanes[lane].tuplets.lastIndex { $0.number == number } ?? (lanes[lane].tuplets.count - 1)
      closeTuplet(lane, from: level)
    }
  }

  /// A grace note (or a head of a grace chord), kept for the next note of its voice.
  private mutating func readGrace(_ element: XMLTree.Element, head: NoteHead?, lane: Int) {
    guard let head else { return }
    // A tie that ends on a grace note does not reach the main note after it; one that
    // goes on from the grace (stop and start) does.
    let ties = element.elements(forName: "tie").compactMap { $0.attribute("type") }
    if ties.contains("stop") && !ties.contains("start") {
      graceTieStops.insert(TieStop(lane: lane, onset: cursor, key: head.midiKey))
    }
    if ties.contains("stop") && !ties.contains("start"),
      let last = lanes[lane].lastNoteIndex, case .note(var previous) = lanes[lane].elements[last]
    {
      for index in previous.heads.indices where previous.heads[index].midiKey == head.midiKey {
        previous.heads[index].isTiedToNext = false
      }
      lanes[lane].elements[last] = .note(previous)
    }
    for slur in element.elements(path: ["notations", "slur"]) {
      let number = Self.slurNumber(slur)
      switch slur.attribute("type") {
      case "start": lanes[lane].graceSlurStarts[number] = lanes[lane].graceSlurStarts[number] ?? slur
      case "stop":
        // Ends a slur of the grace group itself, or one from an earlier note (at the main note).
        if lanes[lane].graceSlurStarts.removeValue(forKey: number) == nil {
          lanes[lane].graceSlurStops.append(number)
        }
      default: break
      }
    }
    let value = Self.writtenLength(element) ?? Rational(1, 16)
    if element.has("chord"), var last = lanes[lane].graces.popLast() {
      if last.heads.count < Limits.notesPerChord { last.heads.append(head) }
      lanes[lane].graces.append(last)
    } else if lanes[lane].graces.count < Limits.graceNotesPerNote {
      var grace = NoteEvent(heads: [head], duration: value, range: Self.range(element))
      grace.isBeamedWithPrevious = element.elements(forName: "beam").contains {
        $0.attribute("number") ?? "1" == "1" && ["continue", "end"].contains($0.trimmedText)
      }
      lanes[lane].graces.append(grace)
      lanes[lane].graceSlash = element.first("grace")?.attribute("slash") == "yes"
    }
  }

  /// A `<chord/>` note: one more head of the voice's last note, with its own marks and
  /// slurs joining the note's (an arpeggio or a fermata written on every head counts once).
  private mutating func addChordMember(_ element: XMLTree.Element, head: NoteHead?, lane: Int) {
    guard let head, let last = lanes[lane].lastNoteIndex, case .note(var note) = lanes[lane].elements[last]
    else { return }
    if note.heads.count < Limits.notesPerChord { note.heads.append(head) }
    noteTieStop(element, head: head, lane: lane, onset: lanes[lane].time - note.duration)
    let range = Self.range(element)
    for name in Self.notationDecorations(element) where !note.decorations.contains(where: { $0.name == name })
    {
      guard note.decorations.count < Limits.attachmentsPerNote else { break }
      note.decorations.append(Decoration(name: name, range: range))
    }
    readSlurs(element, into: &note, lane: lane)
    var verses = note.lyrics
    for (verse, syllable) in lyrics(element).enumerated() {
      guard let syllable else { continue }
      while verses.count <= verse { verses.append(nil) }
      if verses[verse] == nil { verses[verse] = syllable }
    }
    note.lyrics = verses
    lanes[lane].elements[last] = .note(note)
  }

  /// Opens the tuplets a note with `<time-modification>` starts (nested ones inside the
  /// open ones, each `<tuplet type="start">` a level); closes them all at a note without.
  ///
  /// A nested note's modification is the product of its tuplets' ratios (a triplet in a
  /// triplet: 9:4), so each new level takes what its own `<tuplet-actual>` and
  /// `<tuplet-normal>` say, else what the product leaves once the open levels are
  /// divided out. A file without `<tuplet>` elements gets one tuplet per run of equal
  /// ratios.
  private mutating func startTupletIfNeeded(_ element: XMLTree.Element, lane: Int) {
    let range = 1...Limits.tupletSize
    guard let modification = element.first("time-modification"),
      let actual = integer(modification.first("actual-notes"), in: range, "<actual-notes>"),
      let normal = integer(modification.first("normal-notes"), in: range, "<normal-notes>")
    else {
      closeTuplet(lane)
      return
    }
    let total = Rational(actual, normal)
    let starts = element.elements(path: ["notations", "tuplet"]).filter { $0.attribute("type") == "start" }
      .sorted { Self.tupletNumber($0) < Self.tupletNumber($1) }
    // A start whose number is still open ends that tuplet first (its stop was missing).
    for start in starts {
      if let level = lanes[lane].tuplets.firstIndex(where: { $0.number == Self.tupletNumber(start) }) {
        closeTuplet(lane, from: level)
      }
    }
    let open = openTupletRatio(lane) ?? .one
    if starts.isEmpty {
      guard open != total || lanes[lane].tuplets.isEmpty else { return }
      closeTuplet(lane)
      openTuplet(p: actual, q: normal, number: 1, element: element, lane: lane)
      return
    }
    var product = open
    for (position, start) in starts.enumerated() {
      var ratio: (p: Int, q: Int)?
      if let p = start.first("tuplet-actual")?.first("tuplet-number")?.trimmedText,
        let q = start.first("tuplet-normal")?.first("tuplet-number")?.trimmedText,
        let p = Int(p), let q = Int(q), range.contains(p), range.contains(q)
      {
        ratio = (p, q)
      } else if position == starts.count - 1, product == .one {
        ratio = (actual, normal)
      } else if position == starts.count - 1, product != .zero {
        let rest = total / product
        if rest != .one, range.contains(rest.numerator), range.contains(rest.denominator) {
          ratio = (rest.numerator, rest.denominator)
        }
      }
      guard let ratio, lanes[lane].tuplets.count < Limits.tupletDepth else {
        // Not nestable as written: one tuplet with the note's whole ratio.
        closeTuplet(lane)
        openTuplet(p: actual, q: normal, number: Self.tupletNumber(start), element: element, lane: lane)
        return
      }
      openTuplet(p: ratio.p, q: ratio.q, number: Self.tupletNumber(start), element: element, lane: lane)
      product = product * Rational(ratio.p, ratio.q)
    }
  }

  private mutating func openTuplet(p: Int, q: Int, number: Int, element: XMLTree.Element, lane: Int) {
    var tuplet = Tuplet(p: p, q: q, r: 1)
    if let start = element.elements(path: ["notations", "tuplet"]).first(where: {
      $0.attribute("type") == "start" && Self.tupletNumber($0) == number
    }) {
      tuplet.style = Self.tupletStyle(start)
    }
    lanes[lane].tuplets.append((lanes[lane].elements.count, 0, number))
    lanes[lane].elements.append(.tupletStart(tuplet, Self.range(element)))
  }

  /// How a `<tuplet type="start">` asks to be drawn: `bracket`, `show-number` and
  /// `placement` (absent: as the layout decides, a bracket where the notes are not beamed).
  static func tupletStyle(_ start: XMLTree.Element) -> TupletStyle {
    var style = TupletStyle()
    switch start.attribute("show-number") {
    case "none": style.number = .none
    case "both": style.number = .ratio
    default: break
    }
    switch start.attribute("bracket") {
    case "yes": style.when = .always
    case "no": style.when = style.number == .none ? .never : .noBracket
    default: break
    }
    switch start.attribute("placement") {
    case "above": style.side = .above
    case "below": style.side = .below
    default: break
    }
    return style
  }

  /// What the open tuplets of a lane make of a note's length together (q/p, multiplied).
  private func openTupletRatio(_ lane: Int) -> Rational? {
    guard !lanes[lane].tuplets.isEmpty else { return nil }
    var ratio = Rational.one
    for level in lanes[lane].tuplets {
      if case .tupletStart(let tuplet, _) = lanes[lane].elements[level.index] {
        ratio = ratio * Rational(tuplet.p, tuplet.q)
      }
    }
    return ratio
  }

  /// A `<tuplet>`'s `number` (1 when absent or not a small number).
  static func tupletNumber(_ element: XMLTree.Element) -> Int {
    element.attribute("number").flatMap { Int($0.trimmingSpaces) }.flatMap {
      (1...16).contains($0) ? $0 : nil
    } ?? 1
  }

  /// The slurs the grace notes before this note start or end: one the note ends is the
  /// grace group's own slur (its numbers are returned, for `readSlurs` to skip their
  /// stops); one that goes on past the note starts at the note; one a grace note ends
  /// ends at the note.
  private mutating func settleGraceSlurs(_ element: XMLTree.Element, into note: inout NoteEvent, lane: Int)
    -> Set<Int>
  {
    defer {
      lanes[lane].graceSlurStarts = [:]
      lanes[lane].graceSlurStops = []
    }
    for number in lanes[lane].graceSlurStops {
      if let id = lanes[lane].openSlurs.removeValue(forKey: number) {
        note.slurEnds.append(SlurMark(id: id, range: note.range))
      }
    }
    guard !lanes[lane].graceSlurStarts.isEmpty else { return [] }
    let stops = Set(
      element.elements(path: ["notations", "slur"]).filter { $0.attribute("type") == "stop" }.map(
        Self.slurNumber))
    var own: Set<Int> = []
    for (number, start) in lanes[lane].graceSlurStarts.sorted(by: { $0.key < $1.key }) {
      if stops.contains(number) {
        own.insert(number)
      } else {
        startSlur(start, number: number, on: &note, lane: lane)
      }
    }
    return own
  }

  static func slurNumber(_ slur: XMLTree.Element) -> Int {
    slur.attribute("number").flatMap { Int($0.trimmingSpaces) } ?? 1
  }

  /// Opens slur `number` on `note` with the side and line the `<slur>` start gives.
  private mutating func startSlur(_ slur: XMLTree.Element, number: Int, on note: inout NoteEvent, lane: Int) {
    guard lanes[lane].openSlurs.count < Limits.openSlurs, lanes[lane].openSlurs[number] == nil else { return }
    nextSlurID += 1
    lanes[lane].openSlurs[number] = nextSlurID
    note.slurStarts.append(
      SlurMark(
        id: nextSlurID, isDotted: slur.attribute("line-type") == "dotted", range: Self.range(slur),
        isBelow: Self.curveBelow(slur)))
  }

  /// The side a `<slur>` or `<tied>` start asks for: true below, false above, nil when it
  /// says nothing (`orientation` first: it names the curve's own shape).
  static func curveBelow(_ curve: XMLTree.Element) -> Bool? {
    switch curve.attribute("orientation") ?? curve.attribute("placement") {
    case "under", "below": true
    case "over", "above": false
    default: nil
    }
  }

  private mutating func readSlurs(
    _ element: XMLTree.Element, into note: inout NoteEvent, lane: Int, skipping: Set<Int> = []
  ) {
    for slur in element.elements(path: ["notations", "slur"]) {
      let number = Self.slurNumber(slur)
      switch slur.attribute("type") {
      case "start":
        startSlur(slur, number: number, on: &note, lane: lane)
      case "stop":
        if skipping.contains(number) { continue }
        if let id = lanes[lane].openSlurs.removeValue(forKey: number) {
          note.slurEnds.append(SlurMark(id: id, range: Self.range(slur)))
        } else if let other = lanes.indices.first(where: { $0 != lane && lanes[$0].openSlurs[number] != nil }
        ),
          let id = lanes[other].openSlurs.removeValue(forKey: number)
        {
          endSlur(id, inLane: other, range: Self.range(slur))
        }
      default: break
      }
    }
  }

  /// Ends slur `id`, opened in another lane, at that lane's latest note: MusicXML numbers
  /// slurs per part, so a phrase may run from one voice's note into another's, which a
  /// voice's slur cannot; it spans the same time in the voice it started in. Left open, it
  /// would pair with that voice's next stop of the number, pages later. A slur whose start
  /// is that latest note is dropped.
  private mutating func endSlur(_ id: Int, inLane lane: Int, range: SourceRange) {
    guard
      let index = lanes[lane].elements.lastIndex(where: {
        if case .note = $0 { true } else { false }
      }), case .note(var note) = lanes[lane].elements[index]
    else { return }
    if let start = note.slurStarts.firstIndex(where: { $0.id == id }) {
      note.slurStarts.remove(at: start)
    } else {
      note.slurEnds.append(SlurMark(id: id, range: range))
    }
    lanes[lane].elements[index] = .note(note)
  }

  /// A syllable's text: its `<text>`s joined by an elision where the file has one
  /// (`<elision>`'s own text, or a `<text>` holding only an elision sign as MuseScore
  /// writes it: `‿`), else run together (a change of font within the syllable, a bold
  /// verse number before the word). Line breaks in a text are spaces; empty texts add
  /// nothing.
  static func syllableText(_ lyric: XMLTree.Element) -> String {
    func isElision(_ text: String) -> Bool {
      let sign = text.trimmingSpaces
      return !sign.isEmpty
        && sign.unicodeScalars.allSatisfy { (0xE550...0xE552).contains($0.value) || $0 == "‿" }
    }
    var result = ""
    var joiner: String?
    for child in lyric.children {
      switch child.name {
      case "elision":
        let sign = child.trimmedText
        joiner = sign.isEmpty || isElision(sign) ? "‿" : sign
      case "text":
        if isElision(child.text) {
          joiner = "‿"
          continue
        }
        let text = child.text.split(whereSeparator: \.isNewline).joined(separator: " ")
        guard !text.isEmpty else { continue }
        if !result.isEmpty, let joiner { result += joiner }
        result += text
        joiner = nil
      default: break
      }
    }
    return result
  }

  /// Lyric syllables by verse: a whole `number` is its verse, any other is numbered in the
  /// order met; elided syllables are joined by `‿`.
  mutating func lyrics(_ element: XMLTree.Element) -> [LyricSyllable?] {
    var verses: [LyricSyllable?] = []
    for lyric in element.elements(forName: "lyric") {
      let label = (lyric.attribute("number") ?? lyric.attribute("name") ?? "1").trimmingSpaces
      let verse: Int
      if let number = Int(label), number >= 1 {
        verse = number - 1
      } else if let known = verseNames[label] {
        verse = known
      } else {
        verse = verseNames.count
        verseNames[label] = verse
      }
      guard verse < Limits.versesPerBlock else { continue }
      // Spaces around a syllable carry no ink (MuseScore users pad verse numbers with
      // them, "1.         "): kept, they would push the next syllables aside.
      let text = Self.syllableText(lyric).trimmingSpaces
      guard !text.isEmpty else { continue }
      let syllabic = lyric.elements(forName: "syllabic").last?.trimmedText ?? "single"
      let extend = lyric.first("extend")
      while verses.count <= verse { verses.append(nil) }
      verses[verse] = LyricSyllable(
        text: text, continuesWord: syllabic == "begin" || syllabic == "middle",
        hasExtender: extend != nil && (extend?.attribute("type") ?? "start") == "start",
        range: Self.range(lyric))
    }
    return verses
  }
}
