import ScoreModel

/*
 UndrawnNotation — what a tune asks for that the engraver does not draw yet.

 Method. One pass over the tune: every decoration of a note, rest, bar line or spacer whose
 name the parser knows (the standard's and abcm2ps's) but the engraver has no drawing for
 (`DecorationTable.kind` is nil), note heads no font or outline gives, and notes a
 tablature's strings cannot reach. Each kind is reported once per tune, at its first place, with how many more there
 are, so a tune full of `!trem1!` gives one line, not fifty. `check` and every command
 that engraves print these as warnings: nothing is dropped silently.

     C!trem1!c C!trem1!c    →   2:2: warning: '!trem1!' is not drawn yet (1 more in this tune)

 Limits. Only what the score model keeps can be reported; syntax the parser skips has its
 own diagnostics there.
 */

/// The notation of a tune that is read but not drawn, as warnings.
public enum UndrawnNotation {
  /// One warning per kind of undrawn notation in `tune`, at its first place.
  public static func warnings(for tune: Tune, file: String? = nil) -> [Diagnostic] {
    var found: [String: (range: SourceRange, count: Int, tail: String)] = [:]
    var order: [String] = []
    func note(_ what: String, _ range: SourceRange, tail: String = " is not drawn yet") {
      if let seen = found[what] {
        found[what] = (seen.range, seen.count + 1, seen.tail)
      } else {
        found[what] = (range, 1, tail)
        order.append(what)
      }
    }
    // `%%deco NAME …` defines a decoration by PostScript: ABCPress draws the ones it knows
    // by name, and says it cannot draw the others.
    let defined = tune.definedDecorations
    func check(_ decorations: [Decoration]) {
      for decoration in decorations {
        let known = Decoration.knownNames.contains(decoration.name)
        guard known || !defined.isEmpty && defined.contains(decoration.name),
          DecorationTable.kind(of: decoration.name) == nil
        else { continue }
        note(
          known ? "'!\(decoration.name)!'" : "'!\(decoration.name)!' (defined by %%deco in PostScript)",
          decoration.range)
      }
    }
    for voice in tune.voices { voice.forEachDecorated(check) }
    for mapping in tune.percussionMap where mapping.head.map({ NoteheadStyle(named: $0) == nil }) ?? false {
      note("the percussion head '\(mapping.head ?? "")' (%%percmap)", mapping.range)
    }
    for mapping in tune.noteMaps where mapping.head.map({ NoteheadStyle(named: $0) == nil }) ?? false {
      note("the note head '\(mapping.head ?? "")' (%%map)", mapping.range)
    }
    for voice in tune.voices {
      if let style = voice.headStyle, NoteheadStyle(named: style) == nil {
        note("the note head style '\(style)'", tune.range)
      }
    }
    for voice in tune.voices {
      guard let tablature = tune.tablature(of: voice) else { continue }
      for case .note(let event) in voice.elements {
        let keys = event.heads.map(\.midiKey)
        for position in tablature.positions(of: keys) where position == nil {
          note(
            "a note the strings of the \(tablature.instrument) tablature cannot reach", event.range,
            tail: " is left off the tablature")
        }
      }
    }
    return order.compactMap { what in
      guard let (range, count, tail) = found[what] else { return nil }
      let more = count > 1 ? " (\(count - 1) more in this tune)" : ""
      return Diagnostic(.warning, "\(what)\(tail)\(more)", at: range, file: file)
    }
  }
}
