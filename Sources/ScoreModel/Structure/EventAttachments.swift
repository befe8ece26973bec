/// The rarely used attachments of a note or rest, kept out of line.
///
/// Most notes carry no decorations, annotations, grace notes, slurs or lyrics. Keeping
/// these six arrays inline made every `VoiceElement` 176 bytes and every copy or release
/// of a note touch seven reference counts. `NoteEvent` and `RestEvent` instead hold one
/// optional copy-on-write box (`AttachmentStorage`) and forward their public properties
/// (`decorations`, `annotations`, `graceNotes`, `slurStarts`, `slurEnds`, `lyrics`) to it,
/// so readers see the same API.
public struct EventAttachments: Hashable, Sendable {
  public var decorations: [Decoration] = []
  public var annotations: [TextAnnotation] = []
  public var graceNotes: GraceGroup?
  public var slurStarts: [SlurMark] = []
  public var slurEnds: [SlurMark] = []
  public var lyrics: [LyricSyllable?] = []
  /// See `NoteEvent.heldBeyond`.
  public var heldBeyond: Rational?

  public init() {}

  /// True when nothing is attached.
  public var isEmpty: Bool {
    decorations.isEmpty && annotations.isEmpty && graceNotes == nil && slurStarts.isEmpty
      && slurEnds.isEmpty && lyrics.isEmpty && heldBeyond == nil
  }

  static let empty = EventAttachments()
}

/// An optional, copy-on-write box around `EventAttachments`; nil storage means empty.
///
/// Equality and hashing look at the attachments, not at the box, so an empty box equals
/// no box.
struct AttachmentStorage: Hashable, Sendable {
  /// The shared box; mutated in place only while uniquely referenced.
  private final class Box: @unchecked Sendable {
    var value: EventAttachments
    init(_ value: EventAttachments) { self.value = value }
  }

  private var box: Box?

  init() {}

  /// The attachments (empty when none were ever set).
  var value: EventAttachments { box?.value ?? .empty }

  // Each attachment read in place (`value` copies all of them first).
  var decorations: [Decoration] { box?.value.decorations ?? [] }
  var annotations: [TextAnnotation] { box?.value.annotations ?? [] }
  var graceNotes: GraceGroup? { box?.value.graceNotes }
  var slurStarts: [SlurMark] { box?.value.slurStarts ?? [] }
  var slurEnds: [SlurMark] { box?.value.slurEnds ?? [] }
  var lyrics: [LyricSyllable?] { box?.value.lyrics ?? [] }
  /// Whether grace notes are attached (most notes have no box at all: nothing is read).
  var hasGraceNotes: Bool {
    guard let box else { return false }
    return box.value.graceNotes != nil
  }

  /// Changes the attachments, copying the box first when it is shared.
  mutating func update(_ change: (inout EventAttachments) -> Void) {
    if isKnownUniquelyReferenced(&box), let box {
      change(&box.value)
    } else {
      var value = self.value
      change(&value)
      box = value.isEmpty ? nil : Box(value)
    }
  }

  static func == (lhs: AttachmentStorage, rhs: AttachmentStorage) -> Bool {
    lhs.box === rhs.box || lhs.value == rhs.value
  }

  func hash(into hasher: inout Hasher) {
    hasher.combine(value)
  }
}
