import ScoreModel

/// Writes one tune as a `<score-partwise>` document: header, part list, then each part
/// measure by measure.
///
/// Method: the voices are cut into measures at their bar lines; measure N of every part
/// holds measure N of each of its voices, voice after voice with `<backup>` between, so
/// parts stay aligned even when a voice has fewer bars (the missing measures get a
/// whole-measure rest). Divisions are one value for the whole tune: the least common
/// multiple of every note's and rest's denominator in quarter notes.
///
/// Known limits: a bar line inside a measure of one voice that others do not share is
/// written where that voice has it; MusicXML measures are common to a part, so such
/// scores are approximated. `%%score` changes in mid-tune are not written.
struct PartwiseWriter {
  let tune: Tune
  let plan: PartPlan
  let slices: [[MeasureSlice]]
  let divisions: Int
  let measureCount: Int
  let hasPickup: Bool
  var xml = XMLWriter(
    doctype: "<!DOCTYPE score-partwise PUBLIC \"-//Recordare//DTD MusicXML 4.0 Partwise//EN\" "
      + "\"http://www.musicxml.org/dtds/partwise.dtd\">")

  init(tune: Tune) {
    self.tune = tune
    plan = PartPlan(tune: tune)
    let own = tune.voices.map { MeasureSlicer.slices(of: $0) }
    // A `&` overlay has no bar lines of its own: it is cut where its host's measures end.
    slices = tune.voices.indices.map { index in
      guard let host = tune.voices[index].overlayOf,
        let hostIndex = tune.voices.firstIndex(where: { $0.id == host })
      else { return own[index] }
      return MeasureSlicer.slices(of: tune.voices[index], like: own[hostIndex])
    }
    divisions = Self.divisions(of: tune)
    measureCount = slices.map(\.count).max() ?? 0
    if let first = plan.parts.first?.members.first, let opening = slices[first.voice].first,
      let bar = tune.initialMeter.barLength
    {
      hasPickup = opening.duration < bar && slices[first.voice].count > 1
    } else {
      hasPickup = false
    }
  }

  mutating func write() {
    xml.begin("score-partwise", [("version", "4.0")])
    writeHeader()
    xml.begin("part-list")
    for (index, part) in plan.parts.enumerated() {
      for (number, group) in plan.groups.enumerated() where group.parts.lowerBound == index {
        xml.group("part-group", [("type", "start"), ("number", String(number + 1))]) {
          $0.element("group-symbol", group.symbol)
          $0.element("group-barline", group.barLinesJoin ? "yes" : "no")
        }
      }
      xml.begin("score-part", [("id", part.id)])
      xml.element("part-name", part.name ?? "", part.name == nil ? [("print-object", "no")] : [])
      if let short = part.shortName { xml.element("part-abbreviation", short) }
      xml.group("score-instrument", [("id", part.id + "-I1")]) {
        $0.element("instrument-name", part.name ?? "Music")
      }
      xml.end()
      for (number, group) in plan.groups.enumerated().reversed() where group.parts.upperBound == index + 1 {
        xml.element("part-group", nil, [("type", "stop"), ("number", String(number + 1))])
      }
    }
    xml.end()
    for (index, part) in plan.parts.enumerated() { writePart(part, index: index) }
    xml.end()
  }

  /// `<work>`, `<identification>`, page defaults and the printed credits.
  private mutating func writeHeader() {
    let metadata = tune.metadata
    if let title = metadata.titles.first {
      xml.group("work") { $0.element("work-title", title) }
    }
    xml.begin("identification")
    for composer in metadata.composers { xml.element("creator", composer, [("type", "composer")]) }
    xml.group("encoding") {
      $0.element("software", "ABCPress")
      $0.element("supports", nil, [("element", "accidental"), ("type", "yes")])
      $0.element("supports", nil, [("element", "beam"), ("type", "yes")])
      $0.element("supports", nil, [("element", "stem"), ("type", "no")])
    }
    if let source = metadata.source { xml.element("source", source) }
    let kept = metadata.fields.filter { Self.keptFields.contains($0.label) }
    if !kept.isEmpty || !tune.words.isEmpty {
      xml.group("miscellaneous") { xml in
        for field in kept {
          xml.element("miscellaneous-field", field.value, [("name", "abc-\(field.label)")])
        }
        for line in tune.words { xml.element("miscellaneous-field", line, [("name", "abc-W")]) }
      }
    }
    xml.end()
    // A4 at a 7 mm staff: 40 tenths to 7 mm.
    xml.group("defaults") {
      $0.group("scaling") {
        $0.element("millimeters", "7")
        $0.element("tenths", "40")
      }
      $0.group("page-layout") {
        $0.element("page-height", "1697")
        $0.element("page-width", "1200")
      }
    }
    // One title credit, the subtitles as further lines of it: MuseScore 3 ignores the
    // position of a separate subtitle credit and prints it over the title.
    var top = 1620
    if let title = metadata.titles.first {
      xml.group("credit", [("page", "1")]) { xml in
        xml.element("credit-type", "title")
        xml.element(
          "credit-words", title,
          [
            ("default-x", "600"), ("default-y", String(top)), ("justify", "center"), ("valign", "top"),
            ("font-size", "20"),
          ])
        for subtitle in metadata.titles.dropFirst() {
          xml.element("credit-words", "\n" + subtitle, [("font-size", "14")])
        }
      }
      top -= 45 + 30 * (metadata.titles.count - 1)
    }
    var right = metadata.composers
    if let origin = metadata.origins.first { right.append("(\(origin))") }
    if !right.isEmpty {
      credit("composer", right.joined(separator: " "), x: 1100, y: top, justify: "right", size: 11)
    }
    if let rhythm = metadata.rhythm {
      credit("rhythm", rhythm, x: 100, y: top, justify: "left", size: 11)
    }
  }

  private mutating func credit(_ type: String, _ text: String, x: Int, y: Int, justify: String, size: Int) {
    xml.group("credit", [("page", "1")]) {
      $0.element("credit-type", type)
      $0.element(
        "credit-words", text,
        [
          ("default-x", String(x)), ("default-y", String(y)), ("justify", justify), ("valign", "top"),
          ("font-size", String(size)),
        ])
    }
  }

  /// Header fields with no MusicXML element, kept as `abc-<label>` fields so import can
  /// restore them.
  static let keptFields: Set<Character> = ["A", "B", "D", "F", "G", "H", "N", "O", "P", "R", "S", "Z"]

  /// The divisions per quarter note that express every duration of the tune exactly.
  static func divisions(of tune: Tune) -> Int {
    var result = 1
    func add(_ duration: Rational) {
      let quarters = duration * Rational(4)
      let next = lcm(result, quarters.denominator)
      if next <= 1_000_000 { result = next }
    }
    for voice in tune.voices {
      for element in voice.elements {
        switch element {
        case .note(let note):
          add(note.duration)
          for piece in NoteValue.pieces(of: note.displayDuration) {
            add(piece.length * note.duration / note.displayDuration)
          }
        case .rest(let rest):
          add(rest.duration / Rational(max(rest.measureCount ?? 1, 1)))
        default: break
        }
      }
    }
    return result
  }

  private static func lcm(_ a: Int, _ b: Int) -> Int {
    var (x, y) = (a, b)
    while y != 0 { (x, y) = (y, x % y) }
    return a / x * b
  }

  /// `duration` in divisions.
  func ticks(_ duration: Rational) -> Int {
    let value = duration * Rational(4 * divisions)
    return (value.numerator + value.denominator / 2) / value.denominator
  }
}
