import ScoreModel

/// The body parser's bounds on what piles up on one note or voice.
///
/// Each reader that adds a decoration, annotation, slur, grace note or chord note goes
/// through these checks, so that hostile input (a megabyte of `!trill!` before one note,
/// of `(`, of `{g}` groups, of notes in one chord) cannot make one note hold an unbounded
/// list that the layout would then place item by item against every other. What passes
/// a limit is reported and dropped; the notes themselves are kept.
///
/// Example: 100 `!trill!` before `A` → 64 trills on A and one warning at the 65th.
extension BodyParser {
  /// Adds a decoration for the next note, unless `Limits.attachmentsPerNote` wait already.
  mutating func addPendingDecoration(_ decoration: Decoration) {
    guard hasRoomForAttachment(at: decoration.range) else { return }
    builder.pending.decorations.append(decoration)
  }

  /// Adds an annotation or chord symbol for the next note, within the same limit.
  mutating func addPendingAnnotation(_ annotation: TextAnnotation) {
    guard hasRoomForAttachment(at: annotation.range) else { return }
    builder.pending.annotations.append(annotation)
  }

  /// True when one more decoration or annotation may wait for the next note; reports
  /// the first one past the limit.
  private mutating func hasRoomForAttachment(at range: SourceRange) -> Bool {
    let count = builder.pending.decorations.count + builder.pending.annotations.count
    guard count >= Limits.attachmentsPerNote else { return true }
    if !builder.pending.reportedOverflow {
      builder.pending.reportedOverflow = true
      diagnostics.warning(
        "more than \(Limits.attachmentsPerNote) decorations and annotations on one note; the rest are "
          + "dropped", at: range)
    }
    return false
  }

  /// True when one more slur may open in the active voice (at most `Limits.openSlurs` at
  /// once); otherwise reports the `(` and returns false.
  mutating func mayOpenSlur(at range: SourceRange) -> Bool {
    guard builder.openSlurs.count >= Limits.openSlurs else { return true }
    diagnostics.warning("more than \(Limits.openSlurs) slurs open at once; '(' ignored", at: range)
    return false
  }

  /// Opens a slur at the next note, within `Limits.openSlurs`.
  mutating func openSlur(dotted: Bool, below: Bool? = nil, range: SourceRange) {
    guard mayOpenSlur(at: range) else { return }
    builder.openSlur(dotted: dotted, below: below, range: range)
  }

  /// True when a grace group with `count` notes may be added to what waits for the next
  /// note (at most `Limits.graceNotesPerNote`); otherwise reports it.
  mutating func hasRoomForGraceNotes(_ count: Int, range: SourceRange) -> Bool {
    let waiting = builder.pending.graces?.notes.count ?? 0
    guard waiting + count > Limits.graceNotesPerNote else { return true }
    diagnostics.warning(
      "more than \(Limits.graceNotesPerNote) grace notes before one note; these are dropped", at: range)
    return false
  }

  /// True when a chord holding `count` notes may take one more (at most
  /// `Limits.notesPerChord`); reports the first note past the limit.
  mutating func hasRoomInChord(_ count: Int, range: SourceRange) -> Bool {
    guard count >= Limits.notesPerChord else { return true }
    if count == Limits.notesPerChord {
      diagnostics.warning(
        "more than \(Limits.notesPerChord) notes in one chord; the rest are dropped", at: range)
    }
    return false
  }
}
