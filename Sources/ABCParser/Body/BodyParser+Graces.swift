import ScoreModel

/// Grace notes `{…}` and acciaccaturas `{/…}`.
///
/// Method: the notes between the braces are read like ordinary notes (accidentals,
/// octave marks, lengths, chords) into a `GraceGroup` that waits for the next note.
/// Their durations are the unit note length times the written length; they take no
/// time in the voice, and broken rhythm and tuplets skip them. Their accidentals do
/// count for the rest of the bar, as abcm2ps reads them.
///
/// Example: `{/g}A` → A with an acciaccatura G5 of 1/8 (under `L:1/8`).
///
/// Decorations inside the braces go on the grace notes; a slur may start or end on a
/// grace note (`{(AB}c)`), pairing with the voice's other slurs.
///
/// Known limits: broken rhythm and tuplets inside the braces are ignored.
extension BodyParser {
  /// Reads `{…}` into the pending grace group.
  mutating func parseGraceNotes(_ scanner: inout LineScanner) {
    let start = scanner.position
    scanner.advance()
    let acciaccatura = scanner.consume("/")
    var notes: [NoteEvent] = []
    var decorations: [Decoration] = []
    var closed = false
    var beamed = false
    var slurStarts: [SlurMark] = []
    while let scalar = scanner.peek() {
      let before = scanner.position
      switch scalar {
      case "}":
        scanner.advance()
        closed = true
      case "A"..."G", "a"..."g", "^", "_", "=", "[":
        if let note = readGraceNote(&scanner, beamed: beamed) {
          var note = note
          note.decorations = decorations
          note.slurStarts = slurStarts
          decorations = []
          slurStarts = []
          notes.append(note)
          beamed = true
        }
      case "-":
        scanner.advance()
        if let last = notes.indices.last {
          for head in notes[last].heads.indices { notes[last].heads[head].isTiedToNext = true }
        }
      case "!", "+":
        if let decoration = readDecoration(&scanner, delimiter: scalar),
          decorations.count < Limits.attachmentsPerNote
        {
          decorations.append(decoration)
        }
      case " ", "\t":
        scanner.advance()
        beamed = false
      case "(":
        scanner.advance()
        _ = scanner.consume("'") || scanner.consume(",")
        if mayOpenSlur(at: scanner.range(from: before)) {
          slurStarts.append(builder.makeSlur(dotted: false, range: scanner.range(from: before)))
        }
      case ")":
        scanner.advance()
        closeSlurInGraces(range: scanner.range(from: before), notes: &notes, waiting: &slurStarts)
      case ".", "`", "<", ">", "~", "/":
        scanner.advance()
      default:
        if case .decoration(let name)? = symbolDefinition(for: scalar) {
          scanner.advance()
          if decorations.count < Limits.attachmentsPerNote {
            decorations.append(Decoration(name: name, range: scanner.range(from: before)))
          }
        } else {
          diagnostics.error("unexpected '\(Character(scalar))' in grace notes", at: scanner.location)
          scanner.advance()
        }
      }
      if closed { break }
      if scanner.position <= before { scanner.position = before + 1 }
    }
    if !closed {
      diagnostics.error(
        "unterminated grace notes: missing '}'", at: scanner.line.range(from: start, to: start + 1))
      return  // The rest of the line was the open group.
    }
    guard !notes.isEmpty else {
      if closed { diagnostics.warning("empty grace notes", at: scanner.range(from: start)) }
      return
    }
    let range = scanner.range(from: start)
    guard hasRoomForGraceNotes(notes.count, range: range) else { return }
    if var group = builder.pending.graces {
      group.notes += notes
      builder.pending.graces = group
    } else {
      builder.pending.graces = GraceGroup(notes: notes, isAcciaccatura: acciaccatura, range: range)
    }
  }

  /// Reads `)` inside braces: ends the innermost slur on the last grace note (or on
  /// the last main note when no grace note came yet).
  private mutating func closeSlurInGraces(
    range: SourceRange, notes: inout [NoteEvent], waiting: inout [SlurMark]
  ) {
    guard let last = notes.indices.last, let open = builder.openSlurs.last else {
      if !builder.closeSlur(range: range) { diagnostics.warning("')' closes no slur", at: range) }
      return
    }
    builder.openSlurs.removeLast()
    if let index = waiting.firstIndex(where: { $0.id == open.id }) {
      waiting.remove(at: index)
      return
    }
    notes[last].slurEnds.append(SlurMark(id: open.id, isDotted: open.isDotted, range: range))
  }

  /// Reads one grace note or grace chord with its length.
  private mutating func readGraceNote(_ scanner: inout LineScanner, beamed: Bool) -> NoteEvent? {
    let start = scanner.position
    var heads: [NoteHead] = []
    if scanner.consume("[") {
      while let scalar = scanner.peek(), scalar != "]", scalar != "}" {
        let before = scanner.position
        if let head = readHead(&scanner) {
          if hasRoomInChord(heads.count, range: scanner.range(from: before)) { heads.append(head) }
          _ = LengthReader.read(&scanner, diagnostics: diagnostics)
        }
        if scanner.position <= before { scanner.position = before + 1 }
      }
      _ = scanner.consume("]")
    } else if let head = readHead(&scanner) {
      heads.append(head)
    }
    let multiplier = LengthReader.read(&scanner, diagnostics: diagnostics)
    guard !heads.isEmpty else { return nil }
    let duration = builder.unitLength.checkedMultiplied(by: multiplier) ?? builder.unitLength
    return NoteEvent(
      heads: heads, duration: duration, isBeamedWithPrevious: beamed, range: scanner.range(from: start))
  }
}
