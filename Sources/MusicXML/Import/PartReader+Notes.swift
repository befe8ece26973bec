import ScoreModel

/// Notes, attributes, directions and harmonies of a part being read.
extension PartReader {
  mutating func readAttributes(_ element: XMLTree.Element) {
    if let value = integer(element.first("divisions"), in: Limits.xmlDivisions, "<divisions>") {
      divisions = value
    }
    let atStart = measureIndex == 0 && cursor == .zero
    if let keyElement = element.first("key"), let parsed = key(keyElement) {
      if atStart { initialKey = parsed } else if parsed != key { addToAll(.keyChange(parsed, place)) }
      key = parsed
    }
    if let time = element.first("time"), let parsed = meter(time) {
      if atStart { initialMeter = parsed } else if parsed != meter { addToAll(.meterChange(parsed, place)) }
      meter = parsed
    }
    if let chromatic = element.first("transpose")?.first("chromatic"),
      let value = integer(chromatic, in: Limits.transpose, "<chromatic>")
    {
      transpose = value
    }
    for clefElement in element.elements(forName: "clef") {
      let staff = staffNumber(clefElement.attribute("number"))
      guard let clef = clef(clefElement), clefs[staff] != clef else { continue }
      clefs[staff] = clef
      guard !atStart else { continue }
      for index in lanes.indices where lanes[index].staff == staff && lanes[index].time <= cursor {
        pad(index, to: cursor)
        lanes[index].elements.append(.clefChange(clef, place))
      }
    }
  }

  /// Adds a change to every lane at the cursor.
  private mutating func addToAll(_ element: VoiceElement) {
    for index in lanes.indices {
      if lanes[index].time <= cursor { pad(index, to: cursor) }
      lanes[index].elements.append(element)
    }
  }

  mutating func readNote(_ element: XMLTree.Element) {
    guard let lane = laneIndex[element.childText("voice") ?? "1"] else { return }
    let isGrace = element.has("grace")
    let isChord = element.has("chord")
    let isRest = element.has("rest")
    let head = isRest ? nil : self.head(element)
    if isGrace {
      guard let head else { return }
      let value = Self.writtenLength(element) ?? Rational(1, 16)
      if isChord, var last = lanes[lane].graces.popLast() {
        if last.heads.count < Limits.notesPerChord { last.heads.append(head) }
        lanes[lane].graces.append(last)
      } else if lanes[lane].graces.count < Limits.graceNotesPerNote {
        lanes[lane].graces.append(NoteEvent(heads: [head], duration: value, range: place))
        lanes[lane].graceSlash = element.first("grace")?.attribute("slash") == "yes"
      }
      return
    }
    if isChord, let head, let last = lanes[lane].lastNoteIndex,
      case .note(var note) = lanes[lane].elements[last]
    {
      if note.heads.count < Limits.notesPerChord { note.heads.append(head) }
      lanes[lane].elements[last] = .note(note)
      return
    }
    let duration = duration(of: element) ?? .zero
    let onset = cursor
    cursor = cursor + duration
    furthest = max(furthest, cursor)
    guard duration > .zero else { return }
    pad(lane, to: onset)
    startTupletIfNeeded(element, lane: lane)
    var decorations = Self.notationDecorations(element)
    var annotations: [TextAnnotation] = []
    let voice = element.childText("voice") ?? "1"
    pending.removeAll { item in
      guard item.voice == nil || item.voice == voice else { return false }
      decorations = item.decorations + decorations
      annotations += item.annotations
      return true
    }
    decorations = Array(decorations.prefix(Limits.attachmentsPerNote))
    annotations = Array(annotations.prefix(Limits.attachmentsPerNote))
    let inTuplet = lanes[lane].tuplet != nil
    // In a tuplet the written length is what the ratio makes of the real one, so the ABC
    // tuplet gives back the exact duration whatever `<type>` says (nested tuplets).
    var written = Self.writtenLength(element)
    if let open = lanes[lane].tuplet, case .tupletStart(let tuplet, _) = lanes[lane].elements[open.index] {
      written = duration * Rational(tuplet.p, tuplet.q)
    }
    if let head {
      var note = NoteEvent(heads: [head], duration: duration, range: place)
      if inTuplet, let written, written != duration { note.writtenDuration = written }
      note.isBeamedWithPrevious = element.elements(forName: "beam").contains {
        $0.attribute("number") ?? "1" == "1" && ["continue", "end"].contains($0.trimmedText)
      }
      note.decorations = decorations.map { Decoration(name: $0, range: place) }
      note.annotations = annotations
      readSlurs(element, into: &note, lane: lane)
      note.lyrics = Self.lyrics(element, place: place)
      if !lanes[lane].graces.isEmpty {
        note.graceNotes = GraceGroup(
          notes: lanes[lane].graces, isAcciaccatura: lanes[lane].graceSlash, range: place)
        lanes[lane].graces = []
      }
      lanes[lane].lastNoteIndex = lanes[lane].elements.count
      lanes[lane].elements.append(.note(note))
    } else {
      var rest = RestEvent(
        duration: duration, isVisible: element.attribute("print-object") != "no", range: place)
      if inTuplet, let written, written != duration { rest.writtenDuration = written }
      rest.decorations = decorations.map { Decoration(name: $0, range: place) }
      rest.annotations = annotations
      lanes[lane].lastNoteIndex = nil
      lanes[lane].elements.append(.rest(rest))
    }
    lanes[lane].time = onset + duration
    if var tuplet = lanes[lane].tuplet {
      tuplet.count += 1
      lanes[lane].tuplet = tuplet
      let stops = element.elements(path: ["notations", "tuplet"]).contains { $0.attribute("type") == "stop" }
      if stops { closeTuplet(lane) }
    }
  }

  /// Opens a tuplet at a note with `<time-modification>` when none is open; closes the
  /// open one at a note without.
  private mutating func startTupletIfNeeded(_ element: XMLTree.Element, lane: Int) {
    let range = 1...Limits.tupletSize
    guard let modification = element.first("time-modification"),
      let actual = integer(modification.first("actual-notes"), in: range, "<actual-notes>"),
      let normal = integer(modification.first("normal-notes"), in: range, "<normal-notes>")
    else {
      closeTuplet(lane)
      return
    }
    let starts = element.elements(path: ["notations", "tuplet"]).contains { $0.attribute("type") == "start" }
    // A new tuplet, or a different ratio (a nested tuplet): the open one ends here.
    if let open = lanes[lane].tuplet, case .tupletStart(let tuplet, _) = lanes[lane].elements[open.index],
      starts || tuplet.p != actual || tuplet.q != normal
    {
      closeTuplet(lane)
    }
    guard lanes[lane].tuplet == nil else { return }
    lanes[lane].tuplet = (lanes[lane].elements.count, 0)
    lanes[lane].elements.append(.tupletStart(Tuplet(p: actual, q: normal, r: 1), place))
  }

  private mutating func readSlurs(_ element: XMLTree.Element, into note: inout NoteEvent, lane: Int) {
    for slur in element.elements(path: ["notations", "slur"]) {
      let number = slur.attribute("number").flatMap { Int($0.trimmingSpaces) } ?? 1
      switch slur.attribute("type") {
      case "start":
        guard lanes[lane].openSlurs.count < Limits.openSlurs else { continue }
        nextSlurID += 1
        lanes[lane].openSlurs[number] = nextSlurID
        note.slurStarts.append(SlurMark(id: nextSlurID, range: place))
      case "stop":
        if let id = lanes[lane].openSlurs.removeValue(forKey: number) {
          note.slurEnds.append(SlurMark(id: id, range: place))
        }
      default: break
      }
    }
  }

  mutating func readDirection(_ element: XMLTree.Element) {
    var item = Pending(voice: element.childText("voice"))
    let below = element.attribute("placement") == "below"
    for type in element.elements(forName: "direction-type") {
      for child in type.children {
        let text = child.trimmedText
        switch child.name {
        case "words" where !text.isEmpty:
          item.annotations.append(
            TextAnnotation(text: text, placement: below ? .below : .above, range: place))
        case "rehearsal" where !text.isEmpty && isFirstPart:
          if let lane = lanes.indices.first {
            pad(lane, to: cursor)
            lanes[lane].elements.append(.partLabel(text, place))
          }
        case "dynamics":
          for mark in child.children {
            if let decoration = MusicXMLMark.decoration(for: .dynamics(mark.name)) {
              item.decorations.append(decoration)
            }
          }
        case "wedge":
          let type = child.attribute("type") ?? ""
          if type == "stop" {
            item.decorations.append(openWedge == "diminuendo" ? "diminuendo)" : "crescendo)")
            openWedge = nil
          } else if type == "crescendo" || type == "diminuendo" {
            item.decorations.append(type + "(")
            openWedge = type
          }
        case "segno": item.decorations.append("segno")
        case "coda": item.decorations.append("coda")
        case "octave-shift":
          let size = child.attribute("size").flatMap { Int($0.trimmingSpaces) } ?? 8
          let mark = MusicXMLMark.octaveShift(type: child.attribute("type") ?? "stop", size: size)
          if let name = MusicXMLMark.decoration(for: mark) { item.decorations.append(name) }
        case "pedal":
          if let name = MusicXMLMark.decoration(for: .pedal(child.attribute("type") ?? "")) {
            item.decorations.append(name)
          }
        case "metronome":
          readMetronome(child, sound: element.first("sound"))
        default: break
        }
      }
    }
    if !item.decorations.isEmpty || !item.annotations.isEmpty { pending.append(item) }
  }

  private mutating func readMetronome(_ element: XMLTree.Element, sound: XMLTree.Element?) {
    guard let unit = element.childText("beat-unit"),
      let beat = NoteValue.length(of: unit, dots: element.elements(forName: "beat-unit-dot").count)
    else { return }
    let rate = Double(Limits.tempoRate)
    guard let perMinute = number(element.first("per-minute"), in: 1...rate, "<per-minute>") else { return }
    let tempo = Tempo(beats: [beat], beatsPerMinute: Int(perMinute.rounded()))
    if measureIndex == 0 && cursor == .zero && isFirstPart && initialTempo == nil {
      initialTempo = tempo
    } else if isFirstPart, let lane = lanes.indices.first {
      pad(lane, to: cursor)
      lanes[lane].elements.append(.tempoChange(tempo, place))
    }
  }

  mutating func readHarmony(_ element: XMLTree.Element) {
    guard let root = element.first("root"), let letter = root.childText("root-step")?.first else { return }
    var text = String(letter) + accidentals(root.first("root-alter"), "<root-alter>")
    if let kind = element.first("kind") {
      text += kind.attribute("text") ?? HarmonyKind.suffix(of: kind.trimmedText) ?? ""
    }
    if let bass = element.first("bass"), let step = bass.childText("bass-step")?.first {
      text += "/" + String(step) + accidentals(bass.first("bass-alter"), "<bass-alter>")
    }
    pending.append(Pending(annotations: [TextAnnotation(text: text, placement: .chordSymbol, range: place)]))
  }

  /// A chord symbol's `#` or `b` signs for an alteration element.
  private mutating func accidentals(_ element: XMLTree.Element?, _ what: String) -> String {
    guard let alter = number(element, in: Limits.xmlAlter, what).map({ Int($0.rounded()) }) else {
      return ""
    }
    return String(repeating: alter > 0 ? "#" : "b", count: abs(alter))
  }
}
