import ScoreModel

/// The compact spelling of what hangs on notes, rests and bars, for `ScoreDumper`.
extension ScoreDumper {
  /// Everything attached to a note, each part starting with a space.
  static func attachments(of note: NoteEvent) -> String {
    var text = ""
    if let written = note.writtenDuration { text += " written=\(written)" }
    text += marks(note.decorations, note.annotations)
    if let graces = note.graceNotes {
      let notes = graces.notes.map { grace -> String in
        let heads = grace.heads.map(describe)
        return (heads.count == 1 ? heads[0] : "[" + heads.joined(separator: " ") + "]") + " \(grace.duration)"
      }
      text += " {" + (graces.isAcciaccatura ? "/" : "") + notes.joined(separator: " ") + "}"
    }
    for slur in note.slurStarts { text += " " + (slur.isDotted ? ".(" : "(") + "\(slur.id)" }
    for slur in note.slurEnds { text += " )\(slur.id)" }
    for verse in note.lyrics {
      text += " w=" + (verse.map(describe) ?? "*")
    }
    return text
  }

  /// Decorations as `!name!` and annotations as `"^text"`, each after a space.
  static func marks(_ decorations: [Decoration], _ annotations: [TextAnnotation]) -> String {
    var text = ""
    for decoration in decorations { text += " !\(decoration.name)!" }
    for annotation in annotations {
      text += " \"\(prefix(annotation.placement))\(annotation.text)\""
      if let style = annotation.style { text += styleText(style) }
    }
    return text
  }

  /// The ABC placement prefix of an annotation (empty for a chord symbol).
  static func prefix(_ placement: TextPlacement) -> String {
    switch placement {
    case .chordSymbol: ""
    case .above: "^"
    case .below: "_"
    case .left: "<"
    case .right: ">"
    case .free(let x, let y): "@\(x),\(y) "
    }
  }

  /// A syllable: its text, `-` when the word goes on, `_` when held.
  static func describe(_ syllable: LyricSyllable) -> String {
    syllable.text + (syllable.continuesWord ? "-" : "") + (syllable.hasExtender ? "_" : "")
  }

  /// `"Allegro" 1/4 3/8=80 "later"`.
  static func describe(_ tempo: Tempo) -> String {
    var parts: [String] = []
    if let text = tempo.text { parts.append("\"\(text)\"") }
    let beats = tempo.beats.map(\.description).joined(separator: " ")
    switch (beats.isEmpty, tempo.beatsPerMinute) {
    case (false, let bpm?): parts.append("\(beats)=\(bpm)")
    case (false, nil): parts.append(beats)
    case (true, let bpm?): parts.append("\(bpm)")
    case (true, nil): break
    }
    if let text = tempo.trailingText { parts.append("\"\(text)\"") }
    return parts.isEmpty ? "-" : parts.joined(separator: " ")
  }

  /// `[S A]|`, `{RH LH}`, `(T B)`: a staff group in `%%score` notation.
  static func describe(_ group: StaffGroup) -> String {
    var staves = group.staves.map { $0.count == 1 ? $0[0] : "(" + $0.joined(separator: " ") + ")" }
    for nested in group.inner where nested.staves.upperBound <= staves.count && !nested.staves.isEmpty {
      let (open, close) = nested.bracket == .brace ? ("{", "}") : ("[", "]")
      staves[nested.staves.lowerBound] = open + staves[nested.staves.lowerBound]
      staves[nested.staves.upperBound - 1] += close
    }
    let inner = staves.joined(separator: " ")
    let body: String
    switch group.bracket {
    case .none: body = inner
    case .bracket: body = "[" + inner + "]"
    case .brace: body = "{" + inner + "}"
    }
    return body + (group.barLinesJoin ? "|" : "")
  }

  /// A text style as `{italic bold ×1.2}`.
  static func styleText(_ style: TextStyle) -> String {
    var parts: [String] = []
    if let italic = style.isItalic { parts.append(italic ? "italic" : "upright") }
    if let bold = style.isBold { parts.append(bold ? "bold" : "plain") }
    if style.sizeRatio != 1 { parts.append("×\((1000 * style.sizeRatio).rounded() / 1000)") }
    return "{" + parts.joined(separator: " ") + "}"
  }
}
