import ScoreModel

/// Decorations, annotations, grace notes and slur starts written before a note.
///
/// ABC writes them in front of what they belong to (`"Am"!trill!{g}(A`); the body
/// parser collects them here and the builder hands them to the next note, chord or
/// rest. A bar line takes the decorations and annotations (`!segno!|`) and a spacer
/// `y` takes them too; grace notes and slur starts wait for a note.
struct PendingAttachments {
  var decorations: [Decoration] = []
  var annotations: [TextAnnotation] = []
  var graces: GraceGroup? {
    didSet { hasGraces = graces != nil }
  }
  /// Whether `graces` holds a group, kept as it changes: `isEmpty` is asked before every
  /// note, and testing the optional group there copied it each time.
  private(set) var hasGraces = false
  var slurStarts: [SlurMark] = []
  /// True once `Limits.attachmentsPerNote` was reported for what waits now.
  var reportedOverflow = false

  var isEmpty: Bool {
    decorations.isEmpty && annotations.isEmpty && !hasGraces && slurStarts.isEmpty
  }

  /// Where the first pending item was written (for a diagnostic).
  var firstRange: SourceRange? {
    ([decorations.first?.range, annotations.first?.range, graces?.range, slurStarts.first?.range]
      .compactMap { $0 }).min { $0.start < $1.start }
  }
}

extension VoiceBuilder {
  /// Moves everything pending onto `note`.
  mutating func attachPending(to note: inout NoteEvent) {
    guard !pending.isEmpty else { return }
    note.decorations += pending.decorations
    note.annotations += pending.annotations
    note.graceNotes = pending.graces
    note.slurStarts += pending.slurStarts
    pending = PendingAttachments()
  }

  /// Moves pending decorations and annotations onto `rest` (graces and slurs wait).
  mutating func attachPending(to rest: inout RestEvent) {
    rest.decorations += pending.decorations
    rest.annotations += pending.annotations
    pending.decorations = []
    pending.annotations = []
    pending.reportedOverflow = false
  }

  /// Opens a slur at the next note.
  mutating func openSlur(dotted: Bool, below: Bool? = nil, range: SourceRange) {
    pending.slurStarts.append(makeSlur(dotted: dotted, below: below, range: range))
  }

  /// Opens a slur and returns its start mark (for the caller to place).
  mutating func makeSlur(dotted: Bool, below: Bool? = nil, range: SourceRange) -> SlurMark {
    let mark = SlurMark(id: nextSlurID, isDotted: dotted, range: range, isBelow: below)
    nextSlurID += 1
    openSlurs.append(mark)
    return mark
  }

  /// Closes the innermost open slur on the last note; false when there is none to close.
  mutating func closeSlur(range: SourceRange) -> Bool {
    guard let open = openSlurs.popLast() else { return false }
    if let index = pending.slurStarts.firstIndex(where: { $0.id == open.id }) {
      pending.slurStarts.remove(at: index)  // `()` with no note inside: nothing to draw.
      return true
    }
    guard let index = lastNoteIndex else { return false }
    let end = SlurMark(id: open.id, isDotted: open.isDotted, range: range)
    modifyElement(at: index) { element in
      if case .note(var note) = element {
        note.slurEnds.append(end)
        element = .note(note)
      }
    }
    return true
  }
}
