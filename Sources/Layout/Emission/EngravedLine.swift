/// A score line during engraving: which symbols it holds, where they stand, and the
/// geometry of the notes drawn so far. Attachment stages read it.
struct EngravedLine {
  let symbols: [StaffSymbol]
  /// Indices of the first and last symbol drawn on the line.
  let first: Int
  let last: Int
  /// Anchor x of each drawn symbol, from `first`.
  let xs: [Double]
  /// Where the music may begin (after clef, key and meter) and where the staff ends.
  let musicStart: Double
  let end: Double
  /// The voice's slurs, endings and beam groups.
  let spans: VoiceSpans
  /// Where the clef at the line's start ends (its tail reaches down among the first words).
  var clefEnd = 0.0
  var notes = NoteGeometries()
  /// The drawn symbols that carry attachments (marks, texts, lyrics, tuplets, curves), in
  /// order: the attachment stages walk these alone (most symbols carry none, and each of a
  /// dozen stages read every symbol's attachments to find that out).
  let attached: [Int]

  init(
    symbols: [StaffSymbol], first: Int, last: Int, xs: [Double], musicStart: Double, end: Double,
    spans: VoiceSpans
  ) {
    self.symbols = symbols
    self.first = first
    self.last = last
    self.xs = xs
    self.musicStart = musicStart
    self.end = end
    self.spans = spans
    var attached: [Int] = []
    if first <= last {
      for index in first...last where !symbols[index].attachments.isEmpty { attached.append(index) }
    }
    self.attached = attached
  }

  /// The anchor x of symbol `index` when it is on this line.
  func x(of index: Int) -> Double? {
    guard index >= first, index <= last, index - first < xs.count else { return nil }
    return xs[index - first]
  }

  /// The column number of symbol `index` on this line.
  func column(of index: Int) -> Int? {
    index >= first && index <= last ? index - first : nil
  }

  var indices: ClosedRange<Int> { first...max(first, last) }

  /// True when a note of the line carries an articulation (staccato, accent …).
  var hasArticulations: Bool {
    indices.contains { index in
      index <= last
        && symbols[index].attachments.decorationKinds.contains {
          switch $0 {
          case .articulation?, .sidedArticulation?: true
          default: false
          }
        }
    }
  }
}
