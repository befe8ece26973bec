import ScoreModel

/// The measures of one part: attributes, bar lines, endings and each voice's music.
extension PartwiseWriter {
  mutating func writePart(_ part: PartPlan.Part, index partIndex: Int) {
    xml.begin("part", [("id", part.id)])
    let slurs = SlurNumbers()
    var states = part.members.map {
      VoiceState(member: $0, multiStaff: part.staffCount > 1, partSlurs: slurs)
    }
    let lead = part.members[0].voice
    let endings = EndingSpans(slices[lead])
    var meter = tune.initialMeter
    for measure in 0..<measureCount {
      let number = hasPickup ? measure : measure + 1
      var attributes: [(String, String)] = [("number", String(number))]
      if measure == 0 && hasPickup { attributes.append(("implicit", "yes")) }
      xml.begin("measure", attributes)
      let slices = self.slices
      let lead = part.members.first { slices[$0.voice].indices.contains(measure) }
      let leadSlice = lead.map { slices[$0.voice][measure] }
      if measure > 0, leadSlice?.startsLine == true { xml.element("print", nil, [("new-system", "yes")]) }
      if measure == 0 { writeInitialAttributes(part) }
      if let count = leadSlice?.multipleRest {
        xml.begin("attributes")
        xml.group("measure-style") { $0.element("multiple-rest", count) }
        xml.end()
      }
      writeLeftBarline(leadSlice?.opening, ending: endings.starts[measure])
      if measure == 0 && partIndex == 0 { writeOpeningDirections() }
      var written = 0
      for (position, member) in part.members.enumerated() {
        guard slices[member.voice].indices.contains(measure) else { continue }
        let slice = slices[member.voice][measure]
        if written > 0 { xml.group("backup") { $0.element("duration", written) } }
        written = writeSlice(
          slice, state: &states[position], meter: &meter, isLead: position == 0,
          isPickup: measure == 0 && hasPickup)
      }
      if lead == nil, let bar = meter.barLength {
        let duration = ticks(bar)
        xml.group("note") { xml in
          xml.element("rest", nil, [("measure", "yes")])
          xml.element("duration", duration)
          xml.element("voice", "1")
        }
      }
      writeRightBarline(leadSlice?.closing, ending: endings.stops[measure])
      xml.end()
    }
    xml.end()
  }

  /// Divisions, key, time, staves, clefs and transposition at the start of a part.
  private mutating func writeInitialAttributes(_ part: PartPlan.Part) {
    let voices = part.members.map { tune.voices[$0.voice] }
    xml.begin("attributes")
    xml.element("divisions", divisions)
    writeKey(tune.initialKey)
    writeTime(tune.initialMeter)
    if part.staffCount > 1 { xml.element("staves", part.staffCount) }
    for staff in 1...part.staffCount {
      guard let member = part.members.first(where: { $0.staff == staff }) else { continue }
      writeClef(tune.voices[member.voice].clef, staff: part.staffCount > 1 ? staff : nil)
    }
    if let transpose = voices.first?.transpose, transpose != 0 {
      xml.group("transpose") {
        $0.element("diatonic", Int((Double(transpose) * 7 / 12).rounded()))
        $0.element("chromatic", transpose)
      }
    }
    xml.end()
  }

  /// The tune's opening tempo and the `P:` order of parts, above the first measure.
  private mutating func writeOpeningDirections() {
    if let tempo = tune.tempo { writeTempo(tempo, state: nil) }
  }

  mutating func writeKey(_ key: KeySignature) {
    xml.begin("key")
    if key.explicitAccidentals.isEmpty {
      xml.element("fifths", key.fifths)
      xml.element("mode", key.tonic == nil ? "none" : key.mode.rawValue)
    } else {
      for (step, accidental) in key.writtenAccidentals {
        xml.element("key-step", String(step.letter))
        xml.element("key-alter", accidental.alter)
      }
    }
    xml.end()
  }

  mutating func writeTime(_ meter: Meter) {
    switch meter {
    case .none:
      xml.group("time") { $0.element("senza-misura") }
    case .common, .cut:
      xml.group("time", [("symbol", meter == .common ? "common" : "cut")]) {
        $0.element("beats", meter == .common ? "4" : "2")
        $0.element("beat-type", meter == .common ? "4" : "2")
      }
    case .fraction(let numerators, let denominator):
      xml.group("time") {
        $0.element("beats", numerators.map(String.init).joined(separator: "+"))
        $0.element("beat-type", denominator)
      }
    case .numeral(let count):
      xml.group("time", [("symbol", "single-number")]) {
        $0.element("beats", count)
        $0.element("beat-type", "2")
      }
    }
  }

  mutating func writeClef(_ clef: Clef, staff: Int?) {
    let sign: String
    switch clef.shape {
    case .treble: sign = "G"
    case .bass: sign = "F"
    case .alto: sign = "C"
    case .percussion: sign = "percussion"
    case .none: sign = "none"
    }
    xml.group("clef", staff.map { [("number", String($0))] } ?? []) {
      $0.element("sign", sign)
      if clef.shape != .percussion && clef.shape != .none { $0.element("line", clef.line) }
      if clef.octaveShift != 0 { $0.element("clef-octave-change", clef.octaveShift) }
    }
  }

  private mutating func writeLeftBarline(_ bar: BarLine?, ending: String?) {
    let repeats = bar?.repeatsStart == true
    guard repeats || ending != nil else { return }
    xml.group("barline", [("location", "left")]) {
      $0.element("bar-style", repeats ? "heavy-light" : "regular")
      if let ending {
        let numbers = EndingSpans.numbers(ending)
        $0.element("ending", ending, [("number", numbers), ("type", "start")])
      }
      if repeats { $0.element("repeat", nil, [("direction", "forward")]) }
    }
  }

  private mutating func writeRightBarline(_ bar: BarLine?, ending: (label: String, type: String)?) {
    let style = bar.map(Self.barStyle) ?? "regular"
    let repeats = bar?.repeatsEnd == true
    guard style != "regular" || repeats || ending != nil else { return }
    xml.group("barline", [("location", "right")]) {
      $0.element("bar-style", repeats && style == "regular" ? "light-heavy" : style)
      if let ending {
        $0.element("ending", nil, [("number", EndingSpans.numbers(ending.label)), ("type", ending.type)])
      }
      if repeats, let bar {
        $0.element(
          "repeat", nil,
          [("direction", "backward")] + (bar.repeatCount > 2 ? [("times", String(bar.repeatCount))] : []))
      }
    }
  }

  private static func barStyle(_ bar: BarLine) -> String {
    switch bar.style {
    case .single: "regular"
    case .double: "light-light"
    case .thinThick: "light-heavy"
    case .thickThin: bar.repeatsEnd ? "light-heavy" : "heavy-light"
    case .dotted: "dotted"
    case .invisible: "none"
    }
  }
}
