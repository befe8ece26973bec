import SMuFL

/*
 VoiceSpans — what spans several symbols of a voice, found once and asked for per line.

 Method. Slurs (start and end marks paired by id), endings and beam groups are found in
 one pass over the voice's symbols. A score line asks for the spans that overlap its
 symbols: spans are kept sorted by start, so the short ones (most of them) are found by a
 binary search and a short walk, and the rare long ones are checked one by one. Each line
 then costs time in proportion to what it draws, not to the length of the tune.

     symbols  0 … 40 | 41 … 80 | …     line 41…80 → slurs starting in 41…80, or up to
                                        `shortSpan` earlier and reaching 41, plus long ones

 Trill and octave lines open and close with marks (`!trill(!`, `!8va)!`); their marks are
 kept in order, so whether one opened before a line is still open at its start is a binary
 search for the last mark before it, not a walk back to the tune's start.

 Limits. A voice with very many very long spans (slurs over hundreds of notes, nested)
 makes every line check all of them.
 */

/// Something that runs from one symbol index to another (a slur, an ending).
protocol SymbolSpan {
  var start: Int { get }
  var end: Int { get }
}

/// A slur between two symbols of a voice.
struct SlurSpan: Hashable, SymbolSpan {
  var start: Int
  var end: Int
  var dotted: Bool
  /// The side the source asks for: true below, false above, nil as the notes decide.
  var below: Bool? = nil
}

/// A voice's slurs, endings and beam group sizes, for line-by-line queries.
struct VoiceSpans {
  /// Spans no longer than this many symbols are found by the binary search.
  static let shortSpan = 256
  private let shortSlurs: [SlurSpan]
  private let longSlurs: [SlurSpan]
  private let shortEndings: [EndingSpan]
  private let longEndings: [EndingSpan]
  /// The number of notes in each beam group, by group number (numbers count up from 0
  /// along the voice: an array, where a dictionary hashed every beamed note's number).
  private let beamGroupSizes: [Int]

  /// The number of notes in beam group `group` (0 for no such group).
  func beamGroupSize(_ group: Int) -> Int {
    group >= 0 && group < beamGroupSizes.count ? beamGroupSizes[group] : 0
  }
  /// The voice's trill line marks in order: where each is and whether it opens a line.
  private var trillMarks: [(index: Int, opens: Bool)] = []
  /// The voice's octave line marks in order: where each is, and its sign and side when it
  /// opens a line (nil when it closes one).
  private var ottavaMarks: [(index: Int, opens: (glyph: SMuFLGlyph, above: Bool)?)] = []
  /// True when the voice has words: its dynamics and hairpins go above the staff (Gould),
  /// clear of the lyrics.
  var hasLyrics = false

  static let empty = VoiceSpans(slurs: [], endings: [], beamGroupSizes: [])

  init(symbols: [StaffSymbol], endings: [EndingSpan]) {
    var starts: [Int: (index: Int, dotted: Bool, below: Bool?)] = [:]
    var slurs: [SlurSpan] = []
    var sizes: [Int] = []
    var hasLyrics = false
    var trillMarks: [(index: Int, opens: Bool)] = []
    var ottavaMarks: [(index: Int, opens: (glyph: SMuFLGlyph, above: Bool)?)] = []
    for index in symbols.indices {
      if let group = symbols[index].beamGroup, group >= 0 {
        if group >= sizes.count { sizes.append(contentsOf: repeatElement(0, count: group - sizes.count + 1)) }
        sizes[group] += 1
      }
      // Most symbols carry nothing (the shared empty attachments): nothing to read.
      guard !symbols[index].attachments.isEmpty else { continue }
      let attachments = symbols[index].attachments
      if !hasLyrics, attachments.lyrics.contains(where: { $0 != nil }) { hasLyrics = true }
      for kind in attachments.decorationKinds {
        switch kind {
        case .trillStart: trillMarks.append((index, true))
        case .trillEnd: trillMarks.append((index, false))
        case .ottavaStart(let glyph, let above, _): ottavaMarks.append((index, (glyph, above)))
        case .ottavaEnd: ottavaMarks.append((index, nil))
        default: continue
        }
      }
      for mark in attachments.slurEnds {
        if let start = starts.removeValue(forKey: mark.id) {
          slurs.append(SlurSpan(start: start.index, end: index, dotted: start.dotted, below: start.below))
        }
      }
      for mark in attachments.slurStarts { starts[mark.id] = (index, mark.isDotted, mark.isBelow) }
    }
    self.init(slurs: slurs, endings: endings, beamGroupSizes: sizes)
    self.hasLyrics = hasLyrics
    self.trillMarks = trillMarks
    self.ottavaMarks = ottavaMarks
  }

  /// Whether a trill line opened before symbol `first` is still open there.
  func openedTrill(before first: Int) -> Bool {
    Self.last(in: trillMarks, before: first)?.opens ?? false
  }

  /// The sign and side of an octave line opened before symbol `first` and still open
  /// there; nil for none.
  func openedOttava(before first: Int) -> (glyph: SMuFLGlyph, above: Bool)? {
    Self.last(in: ottavaMarks, before: first)?.opens ?? nil
  }

  /// The last of `marks` (in order of index) before `first`, by binary search.
  private static func last<Mark>(in marks: [(index: Int, opens: Mark)], before first: Int) -> (
    index: Int, opens: Mark
  )? {
    var low = 0
    var high = marks.count
    while low < high {
      let middle = (low + high) / 2
      if marks[middle].index < first { low = middle + 1 } else { high = middle }
    }
    return low > 0 ? marks[low - 1] : nil
  }

  private init(slurs: [SlurSpan], endings: [EndingSpan], beamGroupSizes: [Int]) {
    // Two slurs joining the same two notes are drawn once (files from notation programs
    // repeat them: 0076 has three on one chord), a solid one before a dotted.
    var sortedSlurs: [SlurSpan] = []
    for slur in slurs.sorted(by: {
      ($0.start, $0.end, $0.dotted ? 1 : 0) < ($1.start, $1.end, $1.dotted ? 1 : 0)
    }) {
      if let last = sortedSlurs.last, last.start == slur.start, last.end == slur.end { continue }
      sortedSlurs.append(slur)
    }
    shortSlurs = sortedSlurs.filter { $0.end - $0.start <= Self.shortSpan }
    longSlurs = sortedSlurs.filter { $0.end - $0.start > Self.shortSpan }
    let sortedEndings = endings.sorted { ($0.start, $0.end) < ($1.start, $1.end) }
    shortEndings = sortedEndings.filter { $0.end - $0.start <= Self.shortSpan }
    longEndings = sortedEndings.filter { $0.end - $0.start > Self.shortSpan }
    self.beamGroupSizes = beamGroupSizes
  }

  /// The slurs that overlap symbols `first...last`, in order of their start.
  func slurs(overlapping first: Int, _ last: Int) -> [SlurSpan] {
    Self.overlapping(shortSlurs, longSlurs, first, last)
  }

  /// The endings that overlap symbols `first...last` (or touch them), in order.
  func endings(overlapping first: Int, _ last: Int) -> [EndingSpan] {
    Self.overlapping(shortEndings, longEndings, first - 1, last + 1)
  }

  private static func overlapping<Span: SymbolSpan>(
    _ short: [Span], _ long: [Span], _ first: Int, _ last: Int
  ) -> [Span] {
    // The first short span that may reach `first`: it starts no earlier than first - shortSpan.
    var low = 0
    var high = short.count
    let earliest = first - shortSpan
    while low < high {
      let middle = (low + high) / 2
      if short[middle].start < earliest { low = middle + 1 } else { high = middle }
    }
    var found: [Span] = []
    var index = low
    while index < short.count, short[index].start <= last {
      if short[index].end >= first { found.append(short[index]) }
      index += 1
    }
    for span in long where span.start <= last && span.end >= first { found.append(span) }
    return found
  }
}
