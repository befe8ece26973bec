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
  static func merge(_ voices: [[StaffSymbol]]) -> ColumnTable {
    var next = [Int].filled(0, count: voices.count)
    // Every symbol is in one column: the longest voice's count is the least, the sum the most.
    var columns = ColumnTable(voiceCount: voices.count, capacity: voices.reduce(0) { $0 + $1.count })
    var row = [Int32].filled(-1, count: voices.count)
    while true {
      var key: (Rational, Int)?
      for voice in voices.indices where next[voice] < voices[voice].count {
        let symbol = voices[voice][next[voice]]
        let candidate = (symbol.onset, rank(symbol))
        if let current = key, current.0 < candidate.0 || current.0 == candidate.0 && current.1 <= candidate.1
        {
          continue
        }
        key = candidate
      }
      guard let (onset, rank) = key else { break }
      for voice in voices.indices {
        row[voice] = -1
        guard next[voice] < voices[voice].count else { continue }
        let symbol = voices[voice][next[voice]]
        if symbol.onset == onset && Self.rank(symbol) == rank {
          row[voice] = Int32(next[voice])
          next[voice] += 1
        }
      }
      // At a bar line, a voice without one holds the line together only when a note or
      // visible rest of it sounds across (not one ended, not yet begun, or in padding).
      let heldAcross =
        rank == 1
        && voices.indices.contains { voice in
          guard row[voice] < 0, next[voice] > 0, next[voice] < voices[voice].count else {
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
      columns.append(synthetic(row, voices: voices, heldAcross: heldAcross), slots: row)
    }
    setDurations(&columns, voices: voices)
    columns.fitCapacity()
    return columns
  }

  /// The column's stand-in symbol: its widest extents and its first member's other traits;
  /// a bar column is unbreakable when `heldAcross` (another voice sounds across it).
  static func synthetic(_ row: [Int32], voices: [[StaffSymbol]], heldAcross: Bool) -> StaffSymbol {
    // Members are read where they lie; the first is copied to become the stand-in.
    let present = row.indices.lazy.filter { row[$0] >= 0 }.map { (voice: $0, index: Int(row[$0])) }
    guard let first = present.first else { preconditionFailure("a column has a member") }
    var symbol = voices[first.voice][first.index]
    var left = symbol.left
    var right = symbol.right
    var reach = symbol.attachments.chordReach
    var dynamics = symbol.attachments.dynamicReach
    var diagram = first
    var widest = first
    var breakAfter = false
    var special: (voice: Int, index: Int)?
    for member in present {
      let other = voices[member.voice][member.index]
      left = max(left, other.left)
      right = max(right, other.right)
      reach = max(reach, other.attachments.chordReach)
      dynamics = max(dynamics, other.attachments.dynamicReach)
      if other.attachments.diagramReach > voices[diagram.voice][diagram.index].attachments.diagramReach {
        diagram = member
      }
      if other.key.writtenAccidentalCount > voices[widest.voice][widest.index].key.writtenAccidentalCount {
        widest = member
      }
      breakAfter = breakAfter || other.breakAfter
      if special == nil, case .bar(let line) = other.kind, !SymbolBuilder.isPlain(line) { special = member }
    }
    symbol.left = left
    symbol.right = right
    if reach > symbol.attachments.chordReach { symbol.attachments.chordReach = reach }
    let diagramAttachments = voices[diagram.voice][diagram.index].attachments
    if diagramAttachments.diagramReach > symbol.attachments.diagramReach {
      symbol.attachments.diagramReach = diagramAttachments.diagramReach
      symbol.attachments.diagramLeft = diagramAttachments.diagramLeft
    }
    if dynamics > symbol.attachments.dynamicReach { symbol.attachments.dynamicReach = dynamics }
    if case .bar = symbol.kind {
      // The most specific bar line stands for the column; breaks only where all voices bar.
      if let special { symbol.kind = voices[special.voice][special.index].kind }
      symbol.blocksBreak = heldAcross
    }
    // The widest key signature decides the line start's width.
    if widest != first { symbol.key = voices[widest.voice][widest.index].key }
    symbol.breakAfter = breakAfter && (symbol.isBar && !symbol.blocksBreak)
    return symbol
  }

  /// Gives each note column the duration Δt²/s that spaces it by time to the next column.
  static func setDurations(_ columns: inout ColumnTable, voices: [[StaffSymbol]]) {
    for index in columns.indices where columns.symbols[index].isDurational {
      var shortest: Rational?
      for (voice, member) in columns.members(index).enumerated() {
        guard let member else { continue }
        let symbol = voices[voice][member]
        guard symbol.isDurational, !symbol.duration.isZero else { continue }
        if shortest.map({ symbol.duration < $0 }) ?? true { shortest = symbol.duration }
      }
      let shortestNote = shortest ?? Rational(1, 8)
      let onset = columns.symbols[index].onset
      let later = columns.symbols[(index + 1)...].first { $0.onset > onset }
      let delta = later.map { $0.onset - onset } ?? shortestNote
      let duration = delta == shortestNote ? shortestNote : delta * delta / shortestNote
      let rest = RestSymbol(
        value: NoteValue(duration: shortestNote), duration: duration, isVisible: false, measureCount: nil)
      columns.symbols[index].kind = .rest(rest)
    }
  }
}
