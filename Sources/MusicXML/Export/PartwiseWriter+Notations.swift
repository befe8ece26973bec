import ScoreModel

/// The `<notations>` of a note, its lyrics, and the directions and harmonies before it.
extension PartwiseWriter {
  /// What goes into one note's `<notations>`.
  struct Notations {
    var tied: [String] = []
    var slurs: [(String, Int)] = []
    var tuplets: [(String, TupletPosition)] = []
    var marks: [MusicXMLMark] = []

    var isEmpty: Bool { tied.isEmpty && slurs.isEmpty && tuplets.isEmpty && marks.isEmpty }
  }

  mutating func writeNotations(_ notations: Notations) {
    guard !notations.isEmpty else { return }
    xml.begin("notations")
    for tie in notations.tied {
      // "start", then " dotted" and " over" or " under" as the head asks.
      let words = tie.split(separator: " ").map(String.init)
      var attributes = [("type", words.first ?? tie)]
      if words.contains("dotted") { attributes.append(("line-type", "dotted")) }
      if let side = words.first(where: { $0 == "over" || $0 == "under" }) {
        attributes.append(("orientation", side))
      }
      xml.element("tied", nil, attributes)
    }
    for (type, number) in notations.slurs {
      let parts = type.split(separator: " ").map(String.init)
      let side = parts.dropFirst().first.map { [("placement", $0)] } ?? []
      xml.element("slur", nil, [("type", parts.first ?? type), ("number", String(number))] + side)
    }
    for (type, position) in notations.tuplets {
      let tuplet = position.tuplet
      var attributes = [("type", type), ("number", String(position.number))]
      if type == "start" {
        attributes.append(
          (
            "bracket",
            tuplet.style.shape == .bracket && tuplet.style.when != .never && tuplet.style.when != .noBracket
              ? "yes" : "no"
          ))
        if tuplet.style.number == .none || tuplet.style.when == .never {
          attributes.append(("show-number", "none"))
        }
        if tuplet.style.number == .ratio { attributes.append(("show-number", "both")) }
        if tuplet.style.side != .automatic {
          attributes.append(("placement", tuplet.style.side == .above ? "above" : "below"))
        }
      }
      if type == "start" && position.isNested {
        xml.begin("tuplet", attributes)
        xml.group("tuplet-actual") { $0.element("tuplet-number", tuplet.p) }
        xml.group("tuplet-normal") { $0.element("tuplet-number", tuplet.q) }
        xml.end()
      } else {
        xml.element("tuplet", nil, attributes)
      }
    }
    let articulations = notations.marks.compactMap { mark -> (String, [(String, String)])? in
      switch mark {
      case .articulation(let name): (name, [])
      case .strongAccent(let up): ("strong-accent", [("type", up ? "up" : "down")])
      default: nil
      }
    }
    if !articulations.isEmpty {
      xml.group("articulations") { xml in
        for (name, attributes) in articulations { xml.element(name, nil, attributes) }
      }
    }
    let ornaments = notations.marks.filter {
      switch $0 {
      case .ornament, .tremolo: true
      default: false
      }
    }
    if !ornaments.isEmpty {
      xml.group("ornaments") { xml in
        for mark in ornaments {
          if case .ornament(let name, let text) = mark { xml.element(name, text) }
          if case .tremolo(let strokes) = mark {
            xml.element("tremolo", String(strokes), [("type", "single")])
          }
        }
      }
    }
    let technical = notations.marks.compactMap { mark -> (String, String?)? in
      if case .technical(let name, let text) = mark { return (name, text) }
      return nil
    }
    if !technical.isEmpty {
      xml.group("technical") { xml in for (name, text) in technical { xml.element(name, text) } }
    }
    for mark in notations.marks {
      switch mark {
      case .fermata(let inverted, let shape):
        xml.element("fermata", shape, [("type", inverted ? "inverted" : "upright")])
      case .arpeggiate:
        xml.element("arpeggiate")
      default:
        break
      }
    }
    xml.end()
  }

  mutating func writeLyrics(_ lyrics: [LyricSyllable?], state: inout VoiceState) {
    for (verse, syllable) in lyrics.enumerated() {
      guard let syllable, !syllable.text.isEmpty else { continue }
      let syllabic = state.syllabic(verse: verse, continuesWord: syllable.continuesWord)
      xml.group("lyric", [("number", String(verse + 1))]) {
        $0.element("syllabic", syllabic)
        $0.element("text", syllable.text)
        if syllable.hasExtender { $0.element("extend") }
      }
    }
  }

  /// A `<words>` element's style attributes: italic, bold, and its size in points against
  /// the 10 points the writer's default words have.
  static func wordsAttributes(_ style: TextStyle?) -> [(String, String)] {
    guard let style else { return [] }
    var attributes: [(String, String)] = []
    if let italic = style.isItalic { attributes.append(("font-style", italic ? "italic" : "normal")) }
    if let bold = style.isBold { attributes.append(("font-weight", bold ? "bold" : "normal")) }
    if style.sizeRatio != 1 {
      let size = (1000 * style.sizeRatio).rounded() / 100
      attributes.append(("font-size", size == size.rounded() ? String(Int(size)) : String(size)))
    }
    return attributes
  }

  /// Directions (dynamics, hairpins, words, signs) and harmonies written before a note.
  mutating func writeAttachments(
    _ decorations: [Decoration], _ annotations: [TextAnnotation], state: inout VoiceState
  ) {
    for annotation in annotations {
      switch annotation.placement {
      case .chordSymbol:
        if let chord = ChordSymbol(annotation.text) {
          writeHarmony(chord, state: state)
        } else {
          writeDirection(placement: "above", state: state) { $0.element("words", annotation.text) }
        }
      case .below:
        writeDirection(placement: "below", state: state) {
          $0.element("words", annotation.text, Self.wordsAttributes(annotation.style))
        }
      default:
        writeDirection(placement: "above", state: state) {
          $0.element("words", annotation.text, Self.wordsAttributes(annotation.style))
        }
      }
    }
    for decoration in decorations {
      guard let mark = MusicXMLMark.mark(for: decoration.name), mark.isDirection else { continue }
      switch mark {
      case .dynamics(let name):
        writeDirection(placement: "below", state: state) { xml in xml.group("dynamics") { $0.element(name) } }
      case .wedge(let type):
        if state.wedgeOpen && type != "stop" {
          writeDirection(placement: "below", state: state) { $0.element("wedge", nil, [("type", "stop")]) }
        }
        guard type != "stop" || state.wedgeOpen else { break }
        state.wedgeOpen = type != "stop"
        writeDirection(placement: "below", state: state) { $0.element("wedge", nil, [("type", type)]) }
      case .segno:
        writeDirection(placement: "above", state: state) { $0.element("segno") }
      case .coda:
        writeDirection(placement: "above", state: state) { $0.element("coda") }
      case .words(let text):
        writeDirection(placement: "above", state: state) { $0.element("words", text) }
      case .octaveShift(let type, let size):
        if state.octaveShiftOpen && type != "stop" {
          writeDirection(placement: "above", state: state) {
            $0.element("octave-shift", nil, [("type", "stop"), ("size", String(size))])
          }
        }
        guard type != "stop" || state.octaveShiftOpen else { break }
        state.octaveShiftOpen = type != "stop"
        writeDirection(placement: type == "up" ? "below" : "above", state: state) {
          $0.element("octave-shift", nil, [("type", type), ("size", String(size))])
        }
      case .pedal(let type):
        writeDirection(placement: "below", state: state) { $0.element("pedal", nil, [("type", type)]) }
      default:
        break
      }
    }
  }

  mutating func writeHarmony(_ chord: ChordSymbol, state: VoiceState) {
    xml.begin("harmony", [("print-frame", "no")])
    xml.group("root") {
      $0.element("root-step", String(chord.root.letter))
      if chord.rootAlter != 0 { $0.element("root-alter", chord.rootAlter) }
    }
    xml.element("kind", HarmonyKind.kind(of: chord.suffix), [("text", chord.suffix)])
    if let bass = chord.bass {
      xml.group("bass") {
        $0.element("bass-step", String(bass.letter))
        if chord.bassAlter != 0 { $0.element("bass-alter", chord.bassAlter) }
      }
    }
    if state.multiStaff { xml.element("staff", state.member.staff) }
    xml.end()
  }

  /// A `<direction>` holding one direction type that `body` writes.
  mutating func writeDirection(placement: String, state: VoiceState?, _ body: (inout XMLWriter) -> Void) {
    xml.begin("direction", [("placement", placement)])
    xml.group("direction-type", [], body)
    if let state {
      xml.element("voice", state.member.number)
      if state.multiStaff { xml.element("staff", state.member.staff) }
    }
    xml.end()
  }

  /// A tempo: its words and its metronome mark, with the playback tempo in crotchets.
  mutating func writeTempo(_ tempo: Tempo, state: VoiceState?) {
    let beat = tempo.beats.reduce(Rational.zero, +)
    let unit = beat > .zero ? NoteValue(exactly: beat) : nil
    let text = [tempo.text, tempo.trailingText].compactMap { $0 }.joined(separator: " ")
    guard !text.isEmpty || (unit != nil && tempo.beatsPerMinute != nil) else { return }
    xml.begin("direction", [("placement", "above")])
    if !text.isEmpty { xml.group("direction-type") { $0.element("words", text, [("font-weight", "bold")]) } }
    if let unit, let perMinute = tempo.beatsPerMinute {
      xml.group("direction-type") { xml in
        xml.group("metronome", tempo.isParenthesized ? [("parentheses", "yes")] : []) { xml in
          xml.element("beat-unit", unit.type)
          for _ in 0..<unit.dots { xml.element("beat-unit-dot") }
          xml.element("per-minute", perMinute)
        }
      }
    }
    if let state {
      xml.element("voice", state.member.number)
      if state.multiStaff { xml.element("staff", state.member.staff) }
    }
    if let perMinute = tempo.beatsPerMinute, beat > .zero {
      xml.element("sound", nil, [("tempo", Self.decimal(Rational(perMinute) * beat * Rational(4)))])
    }
    xml.end()
  }
}
