import Foundation
import ScoreModel

/// Writes a tune of the score model as ABC 2.1 text.
///
/// Method: the header gives the fields the model keeps (titles, composer, the other
/// descriptive fields in source order), the meter, `L:1/8`, the tempo, one `V:` line per
/// voice with its name and clef, `%%score` for the staff grouping, then the key. Each
/// voice's music follows under `[V:…]`, one source line per line break of the model (or
/// every four bars when it has none), with `w:` lines under the music they belong to.
/// Notes carry accidentals wherever the key and the bar's earlier accidentals would not
/// give their pitch (`AccidentalTracker`), so the text reads back to the same notes even
/// when the model came from MusicXML without written accidentals.
///
/// Example: a one-voice tune in G with `G2 AB c2 d2 |` writes `X:1`, `T:…`, `M:4/4`,
/// `L:1/8`, `K:G` and the line `G2 AB c2 d2 |`.
///
/// Known limits: microtones are rounded to semitones; text placements `<`/`>`/`@` come
/// back as `^`; `%%` directives other than `%%score` are not kept (`%%graceslurs 0` is
/// written for grace notes a file leaves without slurs).
public struct ABCWriter {
  static let unit = Rational(1, 8)
  var text = ""

  public init() {}

  /// The ABC text of `tune`.
  public static func text(of tune: Tune) -> String {
    var writer = ABCWriter()
    writer.write(tune)
    return writer.text
  }

  mutating func write(_ tune: Tune) {
    line("X:\(tune.referenceNumber)")
    for title in tune.metadata.titles { line("T:" + Self.oneLine(title)) }
    for composer in tune.metadata.composers { line("C:" + Self.oneLine(composer)) }
    for field in tune.metadata.fields where PartwiseWriter.keptFields.contains(field.label) {
      line("\(field.label):" + Self.oneLine(field.value))
    }
    // A MusicXML score's transcription note (its arranger creator) is ABC's Z:.
    if let transcription = tune.metadata.transcription,
      !tune.metadata.fields.contains(where: { $0.label == "Z" })
    {
      line("Z:" + Self.oneLine(transcription))
    }
    line("M:" + Self.meterText(tune.initialMeter))
    line("L:1/8")
    if let tempo = tune.tempo, let text = Self.tempoText(tempo) { line("Q:" + text) }
    if Self.graceSlurs(of: tune) == [false] { line("%%graceslurs 0") }
    let several = tune.voices.count > 1
    if several {
      if let score = Self.scoreText(tune) { line("%%score " + score) }
      for voice in tune.voices {
        var declaration = "V:\(voice.id)"
        if let name = voice.name { declaration += " name=\"\(Self.quoted(name))\"" }
        if let short = voice.shortName { declaration += " snm=\"\(Self.quoted(short))\"" }
        declaration += " clef=" + Self.clefText(voice.clef)
        if voice.transpose != 0 { declaration += " transpose=\(voice.transpose)" }
        line(declaration)
      }
    }
    var key = "K:" + tune.initialKey.abcText
    if !several, let voice = tune.voices.first, voice.clef != .treble || voice.transpose != 0 {
      key += " clef=" + Self.clefText(voice.clef)
      if voice.transpose != 0 { key += " transpose=\(voice.transpose)" }
    }
    line(key)
    for voice in tune.voices {
      if several { line("V:\(voice.id)") }
      var music = MusicWriter(key: tune.initialKey, meter: tune.initialMeter)
      music.write(voice.elements, staffMoves: voice.staffMoves)
      text += music.text
    }
    for words in tune.words { line("W:" + Self.oneLine(words)) }
  }

  private mutating func line(_ value: String) { text += value + "\n" }

  /// What the tune holds that its ABC text cannot keep, one sentence per kind (for a
  /// warning each): cue notes, notes printed small, octave clefs that move the notes,
  /// ties from one voice into another, dynamics of words, word styles, poets, arrangers
  /// and rights.
  public static func losses(of tune: Tune) -> [String] {
    var found = Set<String>()
    func lose(_ text: String) { found.insert(text) }
    let metadata = tune.metadata
    if !metadata.lyricists.isEmpty { lose("poets and lyricists are not kept (ABC has no field for them)") }
    if !metadata.arrangers.isEmpty { lose("arrangers are not kept (ABC has no field for them)") }
    if metadata.rights != nil { lose("the copyright line is not kept") }
    let tempos =
      [tune.tempo].compactMap { $0 }
      + tune.voices.flatMap { voice in
        voice.elements.compactMap { element -> Tempo? in
          if case .tempoChange(let tempo, _) = element { return tempo }
          return nil
        }
      }
    if tempos.contains(where: \.isParenthesized) {
      lose("metronome marks in parentheses are written without them")
    }
    if Self.graceSlurs(of: tune).count > 1 {
      lose(
        "grace notes without a slur beside slurred ones are all slurred (%%graceslurs is for the whole tune)")
    }
    for voice in tune.voices {
      var clefs = [voice.clef]
      for element in voice.elements {
        switch element {
        case .clefChange(let clef, _): clefs.append(clef)
        case .tupletStart(let tuplet, _) where tuplet.style.when == .noBracket:
          lose("tuplets shown without a bracket get one where their notes are not beamed")
        case .note(let note):
          if note.heads.contains(where: \.isCue) {
            lose("cue notes are written as ordinary notes, which sound")
          }
          if note.heads.contains(where: { $0.isSmall && !$0.isCue }) {
            lose("notes printed small are written full size")
          }
          if note.heads.contains(where: \.tiesAcrossVoices) {
            lose("ties from one voice into another are written as ties within the voice")
          }
          if note.annotations.contains(where: { $0.style != nil }) {
            lose("the style of words (italic, bold, size) is not kept")
          }
          if note.decorations.contains(where: { !Decoration.knownNames.contains($0.name) }) {
            lose(
              "dynamics and marks ABC has no decoration for are written as !…! decorations abcm2ps may not know"
            )
          }
        default: break
        }
      }
      if clefs.contains(where: \.movesNotes) {
        lose(
          "octave clefs: ABC draws notes where they are written, so the notes under treble-8 are drawn an octave low"
        )
      }
    }
    return found.sorted()
  }

  /// Whether the tune's grace groups are slurred to their notes, as the file says
  /// (groups that leave it to `%%graceslurs` are not counted).
  static func graceSlurs(of tune: Tune) -> Set<Bool> {
    var found = Set<Bool>()
    for voice in tune.voices {
      for case .note(let note) in voice.elements {
        if let slurred = note.graceNotes?.isSlurred { found.insert(slurred) }
      }
    }
    return found
  }

  /// Header text kept on one line.
  static func oneLine(_ value: String) -> String {
    value.replacingOccurrences(of: "\n", with: " ").replacingOccurrences(of: "\r", with: " ")
  }

  static func quoted(_ value: String) -> String {
    oneLine(value).replacingOccurrences(of: "\"", with: "'")
  }

  static func meterText(_ meter: Meter) -> String { meter.abcText }

  static func tempoText(_ tempo: Tempo) -> String? {
    var parts: [String] = []
    if let text = tempo.text { parts.append("\"\(quoted(text))\"") }
    if let perMinute = tempo.beatsPerMinute, !tempo.beats.isEmpty {
      parts.append(
        tempo.beats.map { "\($0.numerator)/\($0.denominator)" }.joined(separator: " ") + "="
          + (tempo.isApproximate ? "ca. " : "") + "\(perMinute)")
    }
    if let trailing = tempo.trailingText { parts.append("\"\(quoted(trailing))\"") }
    return parts.isEmpty ? nil : parts.joined(separator: " ")
  }

  static func clefText(_ clef: Clef) -> String {
    var name: String
    switch clef.shape {
    case .treble: name = "treble"
    case .bass: name = "bass"
    case .alto: name = clef.line == 4 ? "tenor" : "alto"
    case .percussion: name = "perc"
    case .none: name = "none"
    }
    let usual = Clef(shape: clef.shape).line
    if clef.line != usual && !(clef.shape == .alto && clef.line == 4) { name += "\(clef.line)" }
    if clef.octaveShift == 1 { name += "+8" }
    if clef.octaveShift == -1 { name += "-8" }
    return name
  }

  /// `%%score` for the tune's staff groups: `(S A) | {RH LH}`; nil when it has none.
  static func scoreText(_ tune: Tune) -> String? {
    guard let groups = tune.staffGroups, !groups.isEmpty else { return nil }
    func signs(_ bracket: StaffGroup.Bracket) -> (String, String) {
      switch bracket {
      case .none: ("", "")
      case .bracket: ("[", "]")
      case .brace: ("{", "}")
      }
    }
    return groups.map { group in
      var staves = group.staves.map { $0.count > 1 ? "(" + $0.joined(separator: " ") + ")" : $0.joined() }
      // Nested signs (`[{RH LH} Vn]`), the shorter inside the longer.
      let nested = group.inner.filter { !$0.staves.isEmpty && $0.staves.upperBound <= staves.count }
        .sorted { $0.staves.count < $1.staves.count }
      for inner in nested {
        let (open, close) = signs(inner.bracket)
        staves[inner.staves.lowerBound] = open + staves[inner.staves.lowerBound]
        staves[inner.staves.upperBound - 1] += close
      }
      let inside = staves.joined(separator: group.barLinesJoin ? " | " : " ")
      switch group.bracket {
      case .none: return inside
      case .bracket: return "[" + inside + "]"
      case .brace: return "{" + inside + "}"
      }
    }.joined(separator: " ")
  }
}
