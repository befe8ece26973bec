import ScoreModel

/// Reading single MusicXML values: pitches, lengths, keys, meters, clefs, notations and
/// lyrics.
extension PartReader {
  /// A note's head: pitch (or an unpitched note's display position), alteration, written
  /// accidental and tie.
  mutating func head(_ element: XMLTree.Element) -> NoteHead? {
    let pitch = element.first("pitch")
    guard let source = pitch ?? element.first("unpitched") else { return nil }
    let stepText = source.childText(pitch != nil ? "step" : "display-step") ?? ""
    guard let letter = stepText.first, let step = Step(letter: letter),
      let octave = integer(source.first(pitch != nil ? "octave" : "display-octave"), in: 0...9, "<octave>")
    else { return nil }
    let alter = pitch.flatMap { number($0.first("alter"), in: Limits.xmlAlter, "<alter>") } ?? 0
    var head = NoteHead(pitch: Pitch(step: step, octave: octave), soundingAlter: Int(alter.rounded()))
    if alter != alter.rounded() { head.microtone = Rational(approximating: alter) }
    switch element.childText("accidental") {
    case "sharp": head.accidental = .sharp
    case "flat": head.accidental = .flat
    case "natural": head.accidental = .natural
    case "double-sharp", "sharp-sharp": head.accidental = .doubleSharp
    case "flat-flat": head.accidental = .doubleFlat
    default: break
    }
    let tied = element.first("notations")?.elements(forName: "tied") ?? []
    let ties = element.elements(forName: "tie") + tied
    head.isTiedToNext = ties.contains { $0.attribute("type") == "start" }
    head.isTieDotted = tied.contains {
      $0.attribute("type") == "start" && $0.attribute("line-type") == "dotted"
    }
    if let start = tied.first(where: { $0.attribute("type") == "start" }) {
      head.tieBelow = Self.curveBelow(start)
    }
    return head
  }

  /// The written length from `<type>` and `<dot>`; nil without a type.
  static func writtenLength(_ element: XMLTree.Element) -> Rational? {
    guard let type = element.childText("type") else { return nil }
    return NoteValue.length(of: type, dots: element.elements(forName: "dot").count)
  }

  /// The ABC decorations of a note's articulations, ornaments, technique marks,
  /// fermatas and arpeggio.
  static func notationDecorations(_ element: XMLTree.Element) -> [String] {
    var names: [String] = []
    for notations in element.elements(forName: "notations") {
      for child in notations.children {
        let inner = child.children
        var marks: [MusicXMLMark] = []
        switch child.name {
        case "articulations":
          marks = inner.map { mark in
            // A marcato whose file says which way it points is drawn that way.
            switch (mark.name, mark.attribute("type")) {
            case ("strong-accent", "up"): .strongAccent(up: true)
            case ("strong-accent", "down"): .strongAccent(up: false)
            default: .articulation(mark.name)
            }
          }
        case "ornaments":
          // A trill line (`<wavy-line>`) carries the trill mark it starts with.
          let startsLine = inner.contains { $0.name == "wavy-line" && $0.attribute("type") == "start" }
          for mark in inner {
            switch mark.name {
            case "tremolo":
              names += tremolo(mark)
            case "wavy-line":
              switch mark.attribute("type") {
              case "start": names.append("trill(")
              case "stop": names.append("trill)")
              default: break
              }
            case "trill-mark" where startsLine: break
            case "other-ornament": marks.append(.ornament("other-ornament", text: mark.trimmedText))
            default: marks.append(.ornament(mark.name))
            }
          }
        case "technical":
          marks = inner.map { mark in
            mark.name == "fingering" ? .technical("fingering", text: mark.trimmedText) : .technical(mark.name)
          }
        case "fermata":
          let text = child.trimmedText
          marks = [
            .fermata(inverted: child.attribute("type") == "inverted", shape: text.isEmpty ? "normal" : text)
          ]
        case "arpeggiate": marks = [.arpeggiate]
        default: break
        }
        names += marks.compactMap { MusicXMLMark.decoration(for: $0) }
      }
    }
    return names
  }

  /// A `<tremolo>`: strokes across the stem (`single`), or the second note of a pair
  /// joined by strokes (`stop`; the first, `start`, has none).
  static func tremolo(_ element: XMLTree.Element) -> [String] {
    let strokes = min(max(Int(element.trimmedText) ?? 3, 1), 4)
    switch element.attribute("type") ?? "single" {
    case "stop": return ["trem\(strokes)"]
    case "start": return []
    default: return [String(repeating: "/", count: min(strokes, 3))]
    }
  }

  /// The key of a `<key>`: fifths and mode, or listed steps and alterations.
  mutating func key(_ element: XMLTree.Element) -> KeySignature? {
    if let fifthsElement = element.first("fifths") {
      guard let fifths = integer(fifthsElement, in: Limits.xmlFifths, "<fifths>") else { return nil }
      let modeText = element.childText("mode") ?? "major"
      if modeText == "none" { return KeySignature(tonic: nil, fifths: fifths) }
      let mode = Mode(rawValue: modeText) ?? .major
      let (tonic, alter) = Self.tonic(fifths: fifths - mode.fifthsOffset)
      return KeySignature(tonic: tonic, tonicAlter: alter, mode: mode, fifths: fifths)
    }
    let steps = element.elements(forName: "key-step").compactMap { $0.trimmedText.first.flatMap(Step.init) }
    var alters: [Double] = []
    for alter in element.elements(forName: "key-alter") {
      guard let value = number(alter, in: Limits.xmlAlter, "<key-alter>") else { return nil }
      alters.append(value)
    }
    guard !steps.isEmpty, steps.count == alters.count else { return nil }
    var explicit: [Step: Accidental] = [:]
    for (step, alter) in zip(steps, alters) { explicit[step] = Accidental(rawValue: Int(alter.rounded())) }
    return KeySignature(tonic: nil, fifths: 0, explicitAccidentals: explicit, isExplicitOnly: true)
  }

  /// The major-scale tonic `index` fifths from C (`-1` F, `1` G, `6` F♯).
  static func tonic(fifths index: Int) -> (Step, Int) {
    let letters: [Step] = [.f, .c, .g, .d, .a, .e, .b]
    let position = index + 1
    let letter = letters[((position % 7) + 7) % 7]
    let alter = position >= 0 ? position / 7 : -((6 - position) / 7)
    return (letter, alter)
  }

  mutating func meter(_ element: XMLTree.Element) -> Meter? {
    if element.has("senza-misura") { return Meter.none }
    guard let beats = element.childText("beats"),
      let beatType = integer(element.first("beat-type"), in: 1...Limits.meterTerm, "<beat-type>")
    else {
      return nil
    }
    let numerators = beats.split(separator: "+").compactMap { Int(String($0).trimmingSpaces) }
    guard !numerators.isEmpty, numerators.allSatisfy({ $0 > 0 && $0 <= Limits.meterTerm }),
      numerators.reduce(0, +) <= Limits.meterTerm
    else {
      if let place = element.first("beats") {
        warn(
          "<beats> '\(Diagnostic.excerpt(beats))' is not a meter of at most \(Limits.meterTerm) beats; ignored",
          at: place)
      }
      return nil
    }
    switch element.attribute("symbol") {
    case "common" where numerators == [4] && beatType == 4: return .common
    case "cut" where numerators == [2] && beatType == 2: return .cut
    case "single-number" where numerators.count == 1 && beatType == 2: return .numeral(numerators[0])
    default: return .fraction(numerators: numerators, denominator: beatType)
    }
  }

  mutating func clef(_ element: XMLTree.Element) -> Clef? {
    let line = integer(element.first("line"), in: Limits.xmlClefLine, "clef <line>")
    let shift =
      integer(element.first("clef-octave-change"), in: Limits.xmlClefOctaveChange, "<clef-octave-change>")
      ?? 0
    // MusicXML writes the pitch that sounds: under an octave clef the notes are drawn
    // an octave away from it (a tenor's C4 on the treble-8 clef's third space).
    switch element.childText("sign") {
    case "G": return Clef(shape: .treble, line: line, octaveShift: shift, movesNotes: true)
    case "F": return Clef(shape: .bass, line: line, octaveShift: shift, movesNotes: true)
    case "C": return Clef(shape: .alto, line: line, octaveShift: shift, movesNotes: true)
    case "percussion": return Clef(shape: .percussion)
    case "none", "TAB": return Clef(shape: .none)
    default: return nil
    }
  }
}

extension NoteValue {
  /// The length a MusicXML `<type>` with `dots` dots names, nil for an unknown name.
  static func length(of type: String, dots: Int = 0) -> Rational? {
    guard let base = types.first(where: { $0.1 == type })?.0 else { return nil }
    return NoteValue(base: base, type: type, dots: min(dots, 4)).length
  }
}
