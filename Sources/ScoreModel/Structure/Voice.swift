/// A voice's preferred stem direction (`V:… stem=up`).
public enum StemDirection: String, Hashable, Sendable {
  case auto, up, down
}

/// One voice of a tune: a sequence of musical elements on one staff.
///
/// A value type whose fields live in one shared, copy-on-write box, as `Tune`'s do: a copy
/// is one reference count, and the first change to a shared copy copies the box.
public struct Voice: Sendable {
  /// The fields, shared by copies until one of them changes.
  @usableFromInline var storage: Storage

  public var id: String {
    @inlinable _read { yield storage.fields.id }
    @inlinable _modify {
      unique()
      yield &storage.fields.id
    }
  }

  public var name: String? {
    @inlinable _read { yield storage.fields.name }
    @inlinable _modify {
      unique()
      yield &storage.fields.name
    }
  }

  /// `snm=`: the short name printed on later systems.
  public var shortName: String? {
    @inlinable _read { yield storage.fields.shortName }
    @inlinable _modify {
      unique()
      yield &storage.fields.shortName
    }
  }

  public var clef: Clef {
    @inlinable _read { yield storage.fields.clef }
    @inlinable _modify {
      unique()
      yield &storage.fields.clef
    }
  }

  public var elements: [VoiceElement] {
    @inlinable _read { yield storage.fields.elements }
    @inlinable _modify {
      unique()
      yield &storage.fields.elements
    }
  }

  public var stemDirection: StemDirection {
    @inlinable _read { yield storage.fields.stemDirection }
    @inlinable _modify {
      unique()
      yield &storage.fields.stemDirection
    }
  }

  /// Semitones the voice sounds away from written pitch (`transpose=`).
  public var transpose: Int {
    @inlinable _read { yield storage.fields.transpose }
    @inlinable _modify {
      unique()
      yield &storage.fields.transpose
    }
  }

  /// Staff lines (`stafflines=`), 5 by default.
  public var staffLines: Int {
    @inlinable _read { yield storage.fields.staffLines }
    @inlinable _modify {
      unique()
      yield &storage.fields.staffLines
    }
  }

  /// The size of the voice's staff against the others' (`%%staffscale`, `staffscale=`,
  /// abcm2ps; 0.3 to 2): an ossia staff at 0.7. The staff's first voice sets it.
  public var staffScale: Double {
    @inlinable _read { yield storage.fields.staffScale }
    @inlinable _modify {
      unique()
      yield &storage.fields.staffScale
    }
  }

  /// The size of the voice's notes on its staff (`%%voicescale`, abcm2ps; 0.6 to 1.5).
  public var voiceScale: Double {
    @inlinable _read { yield storage.fields.voiceScale }
    @inlinable _modify {
      unique()
      yield &storage.fields.voiceScale
    }
  }

  /// For a `&` overlay: the id of the voice whose staff it shares.
  public var overlayOf: String? {
    @inlinable _read { yield storage.fields.overlayOf }
    @inlinable _modify {
      unique()
      yield &storage.fields.overlayOf
    }
  }

  /// True when the source names the clef (`K:… clef=`, `V:… bass`); false when the
  /// treble clef is only ABC's default, which engravers may replace (abcm2ps's auto clef).
  public var hasExplicitClef: Bool {
    @inlinable _read { yield storage.fields.hasExplicitClef }
    @inlinable _modify {
      unique()
      yield &storage.fields.hasExplicitClef
    }
  }

  /// `V:… merge` (abcm2ps): the voice shares the staff of the voice declared before it
  /// when no `%%score` says otherwise.
  public var mergesWithPrevious: Bool {
    @inlinable _read { yield storage.fields.mergesWithPrevious }
    @inlinable _modify {
      unique()
      yield &storage.fields.mergesWithPrevious
    }
  }

  /// `style=` (abcjs): the shape of every head (`x`, `triangle`, `harmonic`, `rhythm` …);
  /// nil for ordinary heads.
  public var headStyle: String? {
    @inlinable _read { yield storage.fields.headStyle }
    @inlinable _modify {
      unique()
      yield &storage.fields.headStyle
    }
  }

  /// `map=` / `%%voicemap` (abcm2ps): the name of the `%%map` that applies.
  public var noteMap: String? {
    @inlinable _read { yield storage.fields.noteMap }
    @inlinable _modify {
      unique()
      yield &storage.fields.noteMap
    }
  }

  /// `%%repeat` (abcm2ps): written-out music to draw as repeat signs, in order.
  public var repeatSigns: [RepeatSign] {
    @inlinable _read { yield storage.fields.repeatSigns }
    @inlinable _modify {
      unique()
      yield &storage.fields.repeatSigns
    }
  }

  /// `%%setbarnb N` (or `[I:setbarnb N]`) by the element index it stands before: the bar it
  /// stands in takes number N when no note or rest of it came before, else the next bar.
  public var barNumberSettings: [Int: Int] {
    @inlinable _read { yield storage.fields.barNumberSettings }
    @inlinable _modify {
      unique()
      yield &storage.fields.barNumberSettings
    }
  }

  /// `[I:staff N]` (abcm2ps): where the voice's notes move to another staff, in order.
  public var staffMoves: [StaffMove] {
    @inlinable _read { yield storage.fields.staffMoves }
    @inlinable _modify {
      unique()
      yield &storage.fields.staffMoves
    }
  }

  /// The voice's staff is drawn on every line, even where it has nothing but invisible
  /// rests (a MusicXML part's staves stay on the page; an ABC voice that has not begun is
  /// left out of the line, as abcm2ps does).
  public var keepsStaff: Bool {
    @inlinable _read { yield storage.fields.keepsStaff }
    @inlinable _modify {
      unique()
      yield &storage.fields.keepsStaff
    }
  }

  /// How messages name the voice when its id means nothing to the reader (a MusicXML part
  /// and voice: "part 'Piano', voice 2"); nil: by its id.
  public var label: String? {
    @inlinable _read { yield storage.fields.label }
    @inlinable _modify {
      unique()
      yield &storage.fields.label
    }
  }

  /// The numbers the score gives the measures its bar lines close (MusicXML's `number`),
  /// by where each bar line starts, for messages; empty when measures are counted (ABC).
  /// Kept beside the elements, not in each bar line: bar lines are copied often.
  public var measureNumbers: [SourceLocation: String] {
    @inlinable _read { yield storage.fields.measureNumbers }
    @inlinable _modify {
      unique()
      yield &storage.fields.measureNumbers
    }
  }

  public init(id: String = "1", name: String? = nil, clef: Clef = .treble, elements: [VoiceElement] = []) {
    storage = Storage(Fields(id: id, name: name, clef: clef, elements: elements))
  }

  /// Copies the box before a change when another voice shares it.
  @inlinable mutating func unique() {
    if !isKnownUniquelyReferenced(&storage) { storage = Storage(storage.fields) }
  }
}

/// A musical element in a voice, in time order.
extension Voice {
  /// Calls `body` with the decorations of each note, rest, bar line and spacer that has
  /// any, in order (the elements read in place: a caller's loop copied every element).
  /// The lowest and highest head (diatonic index) of the voice's notes, read in place
  /// (nil for a voice without notes), and whether the voice changes clef anywhere.
  public var headRange: (range: (lowest: Int, highest: Int)?, hasClefChange: Bool) {
    var range: (lowest: Int, highest: Int)?
    for index in elements.indices {
      switch elements[index] {
      case .note(let note):
        for head in note.heads {
          let pitch = head.pitch.diatonicIndex
          range = (min(range?.lowest ?? pitch, pitch), max(range?.highest ?? pitch, pitch))
        }
      case .clefChange: return (range, true)
      default: continue
      }
    }
    return (range, false)
  }

  public func forEachDecorated(_ body: ([Decoration]) -> Void) {
    for index in elements.indices {
      let decorations = elements[index].decorations
      if !decorations.isEmpty { body(decorations) }
    }
  }
}

extension Voice {
  /// A voice's fields, as one value.
  @usableFromInline struct Fields {
    @usableFromInline var id: String
    @usableFromInline var name: String? = nil
    @usableFromInline var shortName: String? = nil
    @usableFromInline var clef: Clef
    @usableFromInline var elements: [VoiceElement]
    @usableFromInline var stemDirection: StemDirection = .auto
    @usableFromInline var transpose: Int = 0
    @usableFromInline var staffLines: Int = 5
    @usableFromInline var staffScale: Double = 1.0
    @usableFromInline var voiceScale: Double = 1.0
    @usableFromInline var overlayOf: String? = nil
    @usableFromInline var hasExplicitClef: Bool = false
    @usableFromInline var mergesWithPrevious: Bool = false
    @usableFromInline var headStyle: String? = nil
    @usableFromInline var noteMap: String? = nil
    @usableFromInline var repeatSigns: [RepeatSign] = []
    @usableFromInline var barNumberSettings: [Int: Int] = [:]
    @usableFromInline var staffMoves: [StaffMove] = []
    @usableFromInline var keepsStaff: Bool = false
    @usableFromInline var label: String? = nil
    @usableFromInline var measureNumbers: [SourceLocation: String] = [:]
  }

  /// The box a voice's fields live in. Changed only through a `Voice` that holds the sole
  /// reference (`unique`), so sharing one between threads is as safe as sharing a value.
  @usableFromInline final class Storage: @unchecked Sendable {
    @exclusivity(unchecked) @usableFromInline var fields: Fields

    @usableFromInline init(_ fields: Fields) {
      self.fields = fields
    }
  }
}

public enum VoiceElement: Sendable {
  case note(NoteEvent)
  case rest(RestEvent)
  case bar(BarLine)
  case keyChange(KeySignature, SourceRange)
  case meterChange(Meter, SourceRange)
  case clefChange(Clef, SourceRange)
  /// A score line break the source asks for (end of a music line, `$`, `!`).
  case lineBreak(SourceRange)
  /// `(p:q:r`: the following `r` notes form a tuplet.
  case tupletStart(Tuplet, SourceRange)
  /// A body `Q:` or `[Q:…]` tempo change.
  case tempoChange(Tempo, SourceRange)
  /// A body `P:` part label.
  case partLabel(String, SourceRange)
  /// A `T:` inside the body: a section title.
  case sectionTitle(String, SourceRange)
  /// `y`: extra space, possibly carrying decorations and annotations.
  case spacer(Spacer)

  /// Where the element was written.
  public var range: SourceRange {
    switch self {
    case .note(let note): note.range
    case .rest(let rest): rest.range
    case .bar(let bar): bar.range
    case .keyChange(_, let range), .meterChange(_, let range), .clefChange(_, let range),
      .lineBreak(let range), .tupletStart(_, let range), .tempoChange(_, let range),
      .partLabel(_, let range), .sectionTitle(_, let range):
      range
    case .spacer(let spacer): spacer.range
    }
  }

  /// The decorations of a note, rest, bar line or spacer; none for other elements.
  var decorations: [Decoration] {
    switch self {
    case .note(let note): note.decorations
    case .rest(let rest): rest.decorations
    case .bar(let bar): bar.decorations
    case .spacer(let spacer): spacer.decorations
    default: []
    }
  }

  /// The time the element takes, zero for non-durational elements.
  public var duration: Rational {
    switch self {
    case .note(let note): note.duration
    case .rest(let rest): rest.duration
    default: .zero
    }
  }
}

/// `y`: extra horizontal space, with the decorations and annotations written before it.
public struct Spacer: Hashable, Sendable {
  /// The width in staff spaces when written `y20`-style; nil for the default width.
  public var width: Double?
  public var decorations: [Decoration] = []
  public var annotations: [TextAnnotation] = []
  public var range: SourceRange

  public init(width: Double? = nil, range: SourceRange) {
    self.width = width
    self.range = range
  }
}

/// abcm2ps's `%%repeat [N] [K]`: music the source writes out in full (so it plays) that
/// is printed as a repeat sign. After a bar line: each of the next K bars (N = 1) or pairs
/// of bars (N = 2) is drawn as a measure-repeat sign. After notes: each of the next K
/// groups of N notes is drawn as a slash repeating the N notes before.
public struct RepeatSign: Hashable, Sendable {
  /// The index in the voice's elements of the first element the sign stands for.
  public var elementIndex: Int
  /// Bars (1 or 2) or notes repeated.
  public var count: Int
  /// How many times in a row.
  public var times: Int
  /// True for measure repeats (the directive follows a bar line).
  public var repeatsBars: Bool
  public var range: SourceRange

  public init(elementIndex: Int, count: Int, times: Int, repeatsBars: Bool, range: SourceRange) {
    self.elementIndex = elementIndex
    self.count = count
    self.times = times
    self.repeatsBars = repeatsBars
    self.range = range
  }
}

/// abcm2ps's `[I:staff N]` / `%%staff N` / `[K:… staff=N]`: the voice's notes from here
/// are drawn on another staff of the score (a piano left hand's notes on the upper staff).
public struct StaffMove: Hashable, Sendable {
  /// Where the notes go.
  public enum Target: Hashable, Sendable {
    /// The Nth staff of the score, from 1.
    case absolute(Int)
    /// N staves below the staff the notes are on (`+1`), above it (`-1`), as abcm2ps
    /// counts: `[I:staff +1]` … `[I:staff -1]` goes down and back.
    case relative(Int)
  }

  /// The index in the voice's elements of the first element drawn there.
  public var elementIndex: Int
  public var target: Target
  public var range: SourceRange

  public init(elementIndex: Int, target: Target, range: SourceRange) {
    self.elementIndex = elementIndex
    self.target = target
    self.range = range
  }

  /// `N`, `+N` or `-N`; nil for anything else.
  public static func target(_ text: String) -> Target? {
    let trimmed = String(text.filter { $0 != " " && $0 != "\t" })
    guard let number = Int(trimmed), abs(number) <= 64 else { return nil }
    return trimmed.hasPrefix("+") || trimmed.hasPrefix("-") ? .relative(number) : .absolute(number)
  }
}
