import ScoreModel

/// Prints a tune as plain text, one line per element, for tests and debugging.
///
/// Method: walk each voice's elements, keeping the onset (the sum of the durations
/// before the element) as an exact rational, and print `onset kind details`. The
/// format is stable so tests can compare it with inline expected strings.
///
/// Example (`X:1`, `M:2/4`, `L:1/8`, `K:D`, `f>g [df]2|`):
///
///     tune 1 meter=2/4 unit=1/8 key=D major(2) clef=treble
///     voice 1
///     0 note 3/16 F5(+1)
///     3/16 note 1/16 G5 beamed
///     1/4 note 1/4 [D5 F5(+1)]
///     1/2 bar single
///
/// Heads show the written accidental first (`^`, `_`, `=`, `^^`, `__`), then the
/// pitch, then the sounding alteration when not zero, `~1/2` for a microtone, then `-`
/// when tied (`.-` dotted). After a note come, when present: `written=` (tuplets),
/// decorations `!trill!`, texts `"^above"`, graces `{/G5 1/8}`, slurs `(1` `)1`
/// (`.(1` dotted) and lyrics `w=la-|*|lo_` (one `w=` per verse).
/// Known limits: the onset becomes `?` if it ever overflows (absurd input only).
public enum ScoreDumper {
  /// The text dump of `tune`.
  public static func dump(_ tune: Tune) -> String {
    var lines = [
      "tune \(tune.referenceNumber) meter=\(describe(tune.initialMeter)) unit=\(tune.unitNoteLength)"
        + " key=\(describe(tune.initialKey)) clef=\(describe(tune.voices.first?.clef ?? .treble))"
    ]
    if let groups = tune.staffGroups { lines.append("score " + groups.map(describe).joined(separator: " ")) }
    for change in tune.scoreChanges {
      lines.append("score at \(change.time) " + change.groups.map(describe).joined(separator: " "))
    }
    for (index, voice) in tune.voices.enumerated() {
      lines.append(describeVoice(voice, isFirst: index == 0))
      var onset: Rational? = .zero
      var moves = voice.staffMoves[...]
      for (index, element) in voice.elements.enumerated() {
        while let move = moves.first, move.elementIndex <= index {
          moves.removeFirst()
          let target =
            switch move.target {
            case .absolute(let number): "\(number)"
            case .relative(let offset): offset < 0 ? "\(offset)" : "+\(offset)"
            }
          lines.append("\(onset.map(\.description) ?? "?") staff \(target)")
        }
        lines.append("\(onset.map(\.description) ?? "?") \(describe(element))")
        onset = onset?.checkedAdding(element.duration)
      }
    }
    lines += tune.words.map { "words \($0)" }
    return lines.joined(separator: "\n")
  }

  /// The `voice` line: id, then the properties that differ from the defaults.
  static func describeVoice(_ voice: Voice, isFirst: Bool) -> String {
    var text = "voice \(voice.id)"
    if let name = voice.name { text += " name=\(name)" }
    if let short = voice.shortName { text += " snm=\(short)" }
    if !isFirst { text += " clef=\(describe(voice.clef))" }
    if voice.stemDirection != .auto { text += " stem=\(voice.stemDirection.rawValue)" }
    if voice.transpose != 0 { text += " transpose=\(voice.transpose)" }
    if voice.staffLines != 5 { text += " lines=\(voice.staffLines)" }
    if voice.staffScale != 1 { text += " staffscale=\(voice.staffScale)" }
    if voice.voiceScale != 1 { text += " voicescale=\(voice.voiceScale)" }
    if let host = voice.overlayOf { text += " overlay=\(host)" }
    if voice.mergesWithPrevious { text += " merge" }
    return text
  }

  /// One element without its onset.
  static func describe(_ element: VoiceElement) -> String {
    switch element {
    case .note(let note):
      let heads = note.heads.map(describe)
      let pitches = heads.count == 1 ? heads[0] : "[" + heads.joined(separator: " ") + "]"
      return "note \(note.duration) \(pitches)" + (note.isBeamedWithPrevious ? " beamed" : "")
        + attachments(of: note)
    case .rest(let rest):
      var text = "rest \(rest.duration)"
      if !rest.isVisible { text += " invisible" }
      if let count = rest.measureCount { text += " bars=\(count)" }
      if let written = rest.writtenDuration { text += " written=\(written)" }
      return text + marks(rest.decorations, rest.annotations)
    case .bar(let bar):
      var text = "bar \(bar.style.rawValue)"
      if bar.repeatsEnd { text += " :|" }
      if bar.repeatsStart { text += " |:" }
      if bar.repeatCount != 2 { text += " x\(bar.repeatCount)" }
      if let ending = bar.ending { text += " ending=\(ending)" }
      return text + marks(bar.decorations, bar.annotations)
    case .keyChange(let key, _): return "key \(describe(key))"
    case .meterChange(let meter, _): return "meter \(describe(meter))"
    case .clefChange(let clef, _): return "clef \(describe(clef))"
    case .lineBreak: return "break"
    case .tupletStart(let tuplet, _): return "tuplet \(tuplet.p):\(tuplet.q):\(tuplet.r)"
    case .tempoChange(let tempo, _): return "tempo \(describe(tempo))"
    case .partLabel(let label, _): return "part \(label)"
    case .sectionTitle(let title, _): return "title \(title)"
    case .spacer(let spacer):
      return "spacer" + (spacer.width.map { " \($0)" } ?? "") + marks(spacer.decorations, spacer.annotations)
    }
  }

  /// A note head: written accidental, pitch, sounding alteration, microtone, tie.
  static func describe(_ head: NoteHead) -> String {
    var text = head.accidental.map(symbol) ?? ""
    text += head.pitch.description
    if head.soundingAlter != 0 {
      text += head.soundingAlter > 0 ? "(+\(head.soundingAlter))" : "(\(head.soundingAlter))"
    }
    if let microtone = head.microtone { text += "~\(microtone)" }
    return text + (head.isTiedToNext ? (head.isTieDotted ? ".-" : "-") : "")
  }

  /// The ABC spelling of an accidental.
  static func symbol(_ accidental: Accidental) -> String { accidental.abcText }

  /// `6/8`, `2+3/8`, `C`, `C|` or `none`.
  static func describe(_ meter: Meter) -> String { meter.abcText }

  /// `D major(2)`, `none`, plus explicit accidentals and `exp`.
  static func describe(_ key: KeySignature) -> String {
    guard let tonic = key.tonic else { return "none" }
    var text = String(tonic.letter)
    if key.tonicAlter > 0 { text += String(repeating: "#", count: key.tonicAlter) }
    if key.tonicAlter < 0 { text += String(repeating: "b", count: -key.tonicAlter) }
    text += " \(key.mode.rawValue)(\(key.fifths))"
    for step in Step.allCases {
      if let accidental = key.explicitAccidentals[step] {
        text += " " + symbol(accidental) + String(step.letter).lowercased()
      }
    }
    return text + (key.isExplicitOnly ? " exp" : "")
  }

  /// `treble`, `alto line=4`, `treble-8`.
  static func describe(_ clef: Clef) -> String {
    var text = clef.shape.rawValue
    if clef.line != Clef(shape: clef.shape).line { text += " line=\(clef.line)" }
    if clef.octaveShift != 0 { text += clef.octaveShift > 0 ? "+8" : "-8" }
    return text
  }
}
