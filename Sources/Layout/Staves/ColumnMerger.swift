import ScoreModel

/*
 ColumnMerger — several voices' symbols merged into one sequence of time columns.

 Method. A k-way merge over the voices' symbol lists, ordered by onset and, at one onset,
 by rank: clefs (a change at a bar stands before it), then bar lines, keys, meters and spaces, then notes and rests. Each step
 takes the least (onset, rank) among the voices' next symbols and puts every voice's next
 symbol with that key into one column (at most one per voice, so a voice's own order is
 kept). A column becomes one synthetic `StaffSymbol` that the single-voice machinery
 (`HorizontalSpacer`, `LineBreaker`) spaces and breaks as if it were one voice:
   - `left` / `right` are the largest of its members' extents;
   - a note column takes the duration Δt²/s, where Δt is the time to the next column and
     s the shortest note starting in it, so its ideal space is
     `Spring.idealSpace(s) × Δt / s` (a crotchet against two quavers spaces as quavers);
   - a bar column is a bar line, breakable unless a note or visible rest of a voice
     without a bar there sounds across it (padding, or a voice ended or not yet begun,
     does not hold the line together).
 The spacer's x for a column is then every member's x.

     V1:  A2    B  |        columns: (0: A2, C)  (1/4: D)  (2/4: B, E)  (3/4: bar, bar)
     V2:  C  D  E  |

 Limits. A voice's line break counts only where it falls on a shared bar line; notes of
 different voices at one onset share one anchor (no shifting of clashing heads).
 */

/// Merges the symbols of several voices into time columns.
struct ColumnMerger {
  /// One time column: its synthetic symbol and, per voice, the member symbol's index.
  struct Column {
    var symbol: StaffSymbol
    var members: [Int?]
  }

  static func rank(_ symbol: StaffSymbol) -> Int {
    switch symbol.kind {
    case .clef: 0  // A clef change at a bar stands before the bar line.
    case .bar: 1
    case .key: 2
    case .meter: 3
    case .spacer: 4
    case .note, .rest: 5
    }
  }

  /// Merges `voices` (each a symbol list) into columns.
  static func merge(_ voices: [[StaffSymbol]]) -> [Column] {
    var next = [Int](repeating: 0, count: voices.count)
    var columns: [Column] = []
    while true {
      var key: (Rational, Int)?
      for (voice, symbols) in voices.enumerated() where next[voice] < symbols.count {
        let symbol = symbols[next[voice]]
        let candidate = (symbol.onset, rank(symbol))
        if let current = key, current.0 < candidate.0 || current.0 == candidate.0 && current.1 <= candidate.1
        {
          continue
        }
        key = candidate
      }
      guard let (onset, rank) = key else { break }
      var members = [Int?](repeating: nil, count: voices.count)
      for (voice, symbols) in voices.enumerated() where next[voice] < symbols.count {
        let symbol = symbols[next[voice]]
        if symbol.onset == onset && Self.rank(symbol) == rank {
          members[voice] = next[voice]
          next[voice] += 1
        }
      }
      // At a bar line, a voice without one holds the line together only when a note or
      // visible rest of it sounds across (not one ended, not yet begun, or in padding).
      let heldAcross =
        rank == 1
        && voices.indices.contains { voice in
          guard members[voice] == nil, next[voice] > 0, next[voice] < voices[voice].count else {
            return false
          }
          let previous = voices[voice][next[voice] - 1]
          switch previous.kind {
          case .note: break
          case .rest(let rest) where rest.isVisible: break
          default: return false
          }
          return previous.onset + previous.duration > onset
        }
      let symbol = synthetic(members, voices: voices, heldAcross: heldAcross)
      columns.append(Column(symbol: symbol, members: members))
    }
    setDurations(&columns, voices: voices)
    return columns
  }

  /// The column's stand-in symbol: its widest extents and its first member's other traits;
  /// a bar column is unbreakable when `heldAcross` (another voice sounds across it).
  static func synthetic(_ members: [Int?], voices: [[StaffSymbol]], heldAcross: Bool) -> StaffSymbol {
    let present = members.enumerated().compactMap { voice, index in index.map { voices[voice][$0] } }
    var symbol = present[0]
    symbol.left = present.map(\.left).max() ?? 0
    symbol.right = present.map(\.right).max() ?? 0
    let reach = present.map(\.attachments.chordReach).max() ?? 0
    if reach > symbol.attachments.chordReach { symbol.attachments.chordReach = reach }
    let diagram = present.max { $0.attachments.diagramReach < $1.attachments.diagramReach }
    if let diagram, diagram.attachments.diagramReach > symbol.attachments.diagramReach {
      symbol.attachments.diagramReach = diagram.attachments.diagramReach
      symbol.attachments.diagramLeft = diagram.attachments.diagramLeft
    }
    let dynamics = present.map(\.attachments.dynamicReach).max() ?? 0
    if dynamics > symbol.attachments.dynamicReach { symbol.attachments.dynamicReach = dynamics }
    if case .bar = symbol.kind {
      // The most specific bar line stands for the column; breaks only where all voices bar.
      if let special = present.first(where: { bar in
        if case .bar(let line) = bar.kind { return !SymbolBuilder.isPlain(line) }
        return false
      }) {
        symbol.kind = special.kind
      }
      symbol.blocksBreak = heldAcross
    }
    // The widest key signature decides the line start's width.
    if let widest = present.max(by: { $0.key.writtenAccidentalCount < $1.key.writtenAccidentalCount }) {
      symbol.key = widest.key
    }
    symbol.breakAfter = present.contains { $0.breakAfter } && (symbol.isBar && !symbol.blocksBreak)
    return symbol
  }

  /// Gives each note column the duration Δt²/s that spaces it by time to the next column.
  static func setDurations(_ columns: inout [Column], voices: [[StaffSymbol]]) {
    for index in columns.indices where columns[index].symbol.isDurational {
      let members = columns[index].members.enumerated().compactMap { voice, member in
        member.map { voices[voice][$0] }
      }
      let shortest =
        members.compactMap { $0.isDurational && !$0.duration.isZero ? $0.duration : nil }.min()
        ?? Rational(1, 8)
      let onset = columns[index].symbol.onset
      let later = columns[(index + 1)...].first { $0.symbol.onset > onset }
      let delta = later.map { $0.symbol.onset - onset } ?? shortest
      let duration = delta == shortest ? shortest : delta * delta / shortest
      let rest = RestSymbol(
        value: NoteValue(duration: shortest), duration: duration, isVisible: false, measureCount: nil)
      columns[index].symbol.kind = .rest(rest)
    }
  }
}
