import ScoreModel

/// Directions and harmonies of a part being read: each becomes marks that wait in its
/// voice's lane for the note or rest at its time (`<offset>` counted), or an element of
/// the first voice (rehearsal marks, tempo changes). A system direction's words are set
/// once, above the staff: a copy at the same time in the part is dropped, and so is one in
/// a later part when the top part has the same words in that measure.
///
/// Dynamics keep their letters: `rf`, `fz`, `sffz` are decorations of those names, drawn
/// from the music font's dynamic letters; an `<other-dynamics>` such as "più p" is one
/// decoration of that text (words in italics, the dynamic in its letters).
extension PartReader {
  mutating func readDirection(_ element: XMLTree.Element) {
    guard let lane = lane(voice: element.childText("voice"), staff: element.childText("staff")) else {
      return
    }
    guard lanes[lane].marks.count < Limits.xmlWaitingPerVoice else {
      warn(
        "more than \(Limits.xmlWaitingPerVoice) directions wait for one note of this voice; the rest are dropped",
        at: element)
      return
    }
    let range = Self.range(element)
    var time = cursor
    if let offset = element.first("offset"),
      let value = integer(offset, in: -divisions * 64...divisions * 64, "<offset>")
    {
      time = max(measureStart, cursor + Rational(value, max(divisions, 1) * 4))
    }
    var mark = Pending(time: time)
    // A system direction (`system="only-top"`: a tempo, "rit.") is drawn once, above the
    // system's top staff: MuseScore 4 writes copies of it, in the top part and in others.
    let isSystemText = element.attribute("system") == "only-top"
    // Words with no placement are expression marks, which MuseScore sets below the staff.
    let below = !isSystemText && element.attribute("placement") != "above"
    var words: [String] = []
    var wordsStyle: TextStyle?
    var breaksAfterWords = false
    var metronome: XMLTree.Element?
    func decorate(_ name: String, _ at: XMLTree.Element) {
      mark.decorations.append(Decoration(name: name, range: Self.range(at)))
    }
    for type in element.elements(forName: "direction-type") {
      for child in type.children {
        let text = child.trimmedText
        switch child.name {
        case "words" where text == "\u{E047}" || text == "\u{E048}":
          // SMuFL's segno and coda typed as words in a music font.
          decorate(text == "\u{E047}" ? "segno" : "coda", child)
        case "words" where !text.isEmpty:
          if words.isEmpty { wordsStyle = textStyle(child) }
          // A run ending in a line break (MuseScore's footnotes and verses set as words)
          // starts the next run on a new line.
          if breaksAfterWords, let last = words.popLast() {
            words.append(last + "\n" + text)
          } else {
            words.append(text)
          }
          breaksAfterWords = child.text.last?.isNewline == true
        case "rehearsal" where !text.isEmpty && isFirstPart:
          if let first = lanes.indices.first {
            place(.partLabel(text, Self.range(child)), at: time, lane: first)
          }
        case "dynamics":
          // Words among the letters ("più" then <p/>) make one mark, "più p", as printed.
          if child.children.count > 1, child.children.contains(where: { $0.name == "other-dynamics" }) {
            let text = child.children.compactMap(Self.dynamicName).joined(separator: " ")
            if !text.isEmpty { decorate(text, child) }
          } else {
            for dynamic in child.children {
              if let name = Self.dynamicName(dynamic) { decorate(name, dynamic) }
            }
          }
        case "wedge":
          let number = child.attribute("number") ?? "1"
          switch child.attribute("type") ?? "" {
          case "stop":
            let open = openWedges.removeValue(forKey: number)
            let name = open == "diminuendo" ? "diminuendo)" : "crescendo)"
            // The hairpin ends where the last note under it ends: on that note, not under
            // the next one (which may be in the next bar).
            if !endOnLastElement(name, child, lane: lane, at: time) { decorate(name, child) }
          case let type where type == "crescendo" || type == "diminuendo":
            decorate(type + "(", child)
            openWedges[number] = type
          default: break
          }
        case "segno": decorate("segno", child)
        case "coda": decorate("coda", child)
        case "octave-shift":
          let size = child.attribute("size").flatMap { Int($0.trimmingSpaces) } ?? 8
          let shift = MusicXMLMark.octaveShift(type: child.attribute("type") ?? "stop", size: size)
          if let name = MusicXMLMark.decoration(for: shift) { decorate(name, child) }
        case "pedal":
          switch child.attribute("type") ?? "" {
          case "start": decorate("ped", child)
          case "stop": decorate("ped-up", child)
          case "change":
            decorate("ped-up", child)
            decorate("ped", child)
          default: break
          }
        case "metronome":
          metronome = child
        default: break
        }
      }
    }
    // Words beside a metronome mark are its tempo's text: "Allegro ♩ = 120", one mark.
    // (on one line: a tempo mark is not broken).
    let oneLine = words.joined(separator: " ").split(whereSeparator: \.isNewline).joined(separator: " ")
    if let metronome, readMetronome(metronome, at: time, text: oneLine) {
      words = []
    }
    if isSystemText && !words.isEmpty {
      let text = words.joined(separator: " ")
      let shownAbove = !isFirstPart && topSystemTexts.contains(SystemText(measure: measureIndex, text: text))
      if shownAbove
        || !systemTextsPlaced.insert(SystemText(measure: measureIndex, text: text, time: time)).inserted
      {
        words = []
      }
    }
    if !words.isEmpty {
      mark.annotations.append(
        TextAnnotation(
          text: words.joined(separator: " "), placement: below ? .below : .above, range: range,
          style: wordsStyle))
    }
    addMark(mark, lane: lane)
  }

  /// The style a `<words>` sets: italic, bold and its size against the score's default
  /// words (kept within half and twice); nil when it sets none.
  func textStyle(_ element: XMLTree.Element) -> TextStyle? {
    var style = TextStyle()
    switch element.attribute("font-style")?.trimmingSpaces {
    case "italic": style.isItalic = true
    case "normal": style.isItalic = false
    default: break
    }
    switch element.attribute("font-weight")?.trimmingSpaces {
    case "bold": style.isBold = true
    case "normal": style.isBold = false
    default: break
    }
    if let size = element.attribute("font-size").flatMap({ Double($0.trimmingSpaces) }), size.isFinite,
      size > 0
    {
      style.sizeRatio = min(2, max(0.5, size / wordsSize))
    }
    return style == TextStyle() ? nil : style
  }

  /// Puts a decoration on the lane's last note or rest when that ends exactly at `time`;
  /// false when the lane is not there.
  private mutating func endOnLastElement(
    _ name: String, _ element: XMLTree.Element, lane: Int, at time: Rational
  )
    -> Bool
  {
    guard lanes[lane].time == time, lanes[lane].waiting.isEmpty,
      let last = lanes[lane].elements.lastIndex(where: { $0.duration > .zero })
    else { return false }
    let decoration = Decoration(name: name, range: Self.range(element))
    switch lanes[lane].elements[last] {
    case .note(var note):
      note.decorations.append(decoration)
      lanes[lane].elements[last] = .note(note)
    case .rest(var rest):
      rest.decorations.append(decoration)
      lanes[lane].elements[last] = .rest(rest)
    default: return false
    }
    return true
  }

  /// The decoration a `<dynamics>` child names: the table's name, the mark's own letters
  /// (`rf`, `fz`, `sffz`), or an `<other-dynamics>`'s text.
  static func dynamicName(_ element: XMLTree.Element) -> String? {
    if element.name == "other-dynamics" {
      let text = element.trimmedText
      return text.isEmpty ? nil : text
    }
    if let name = MusicXMLMark.decoration(for: .dynamics(element.name)) { return name }
    return element.name.allSatisfy({ "pmfrszn".contains($0) }) && element.name.count <= 6 ? element.name : nil
  }

  /// Reads a `<metronome>` (with the words of its direction as the tempo's text) into the
  /// first part's tempo; whether the words went with it.
  private mutating func readMetronome(_ element: XMLTree.Element, at time: Rational, text: String) -> Bool {
    guard let unit = element.childText("beat-unit"),
      let beat = NoteValue.length(of: unit, dots: element.elements(forName: "beat-unit-dot").count)
    else { return false }
    let rate = Double(Limits.tempoRate)
    guard let perMinute = number(element.first("per-minute"), in: 1...rate, "<per-minute>") else {
      return false
    }
    var tempo = Tempo(
      text: text.isEmpty ? nil : text, beats: [beat], beatsPerMinute: Int(perMinute.rounded()))
    tempo.isParenthesized = element.attribute("parentheses") == "yes"
    if measureIndex == 0 && time == .zero && isFirstPart && initialTempo == nil {
      initialTempo = tempo
    } else if isFirstPart, let first = lanes.indices.first {
      place(.tempoChange(tempo, Self.range(element)), at: time, lane: first)
    } else {
      return false
    }
    return true
  }

  mutating func readHarmony(_ element: XMLTree.Element) {
    guard let root = element.first("root"), let letter = root.childText("root-step")?.first,
      let lane = lane(voice: nil, staff: element.childText("staff"))
    else { return }
    var text = String(letter) + accidentals(root.first("root-alter"), "<root-alter>")
    if let kind = element.first("kind") {
      text += kind.attribute("text") ?? HarmonyKind.suffix(of: kind.trimmedText) ?? ""
    }
    if let bass = element.first("bass"), let step = bass.childText("bass-step")?.first {
      text += "/" + String(step) + accidentals(bass.first("bass-alter"), "<bass-alter>")
    }
    var time = cursor
    if let offset = element.first("offset"), let value = integer(offset, in: 0...divisions * 64, "<offset>") {
      time = cursor + Rational(value, max(divisions, 1) * 4)
    }
    addMark(
      Pending(
        time: time,
        annotations: [TextAnnotation(text: text, placement: .chordSymbol, range: Self.range(element))]),
      lane: lane)
  }

  /// A chord symbol's `#` or `b` signs for an alteration element.
  private mutating func accidentals(_ element: XMLTree.Element?, _ what: String) -> String {
    guard let alter = number(element, in: Limits.xmlAlter, what).map({ Int($0.rounded()) }) else {
      return ""
    }
    return String(repeating: alter > 0 ? "#" : "b", count: abs(alter))
  }
}
