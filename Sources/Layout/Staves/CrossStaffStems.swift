import DisplayList
import ScoreModel

/*
 CrossStaffStems — abcm2ps's `!xstem!`: one stem for a chord written in two voices on two
 staves.

 Method. After the staves of a system are stacked, the stem of each note marked `!xstem!`
 is drawn on up to the head of the note the voice before it sounds at the same time (on
 the staff above), found by the x of its head: the two notes read as one chord across
 the staves.

     V:1 (treble)  c         ·  one stem from the C in the bass
     V:2 (bass)    !xstem!C, ·  up to the c in the treble

 Limits. Only to the voice before; a note with no partner there keeps its own stem.
 */

/// Joins `!xstem!` notes to the note above them with a stem across the staves.
enum CrossStaffStems {
  /// Where the notes marked `!xstem!` are written, with their voice.
  static func marked(in voiceSymbols: [[StaffSymbol]]) -> [SourcePosition: Int] {
    var marked: [SourcePosition: Int] = [:]
    for (voice, symbols) in voiceSymbols.enumerated() where voice > 0 {
      for symbol in symbols {
        guard case .note = symbol.kind, let source = symbol.source,
          symbol.attachments.decorations.contains(where: { $0.name == "xstem" })
        else { continue }
        marked[source] = voice
      }
    }
    return marked
  }

  /// Adds the joining stems to `system` (items in points, staves stacked).
  static func join(_ marked: [SourcePosition: Int], in system: inout StaffSystem, thickness: Double) {
    guard !marked.isEmpty else { return }
    // One pass over the system: heads by voice, stems by where their note is written.
    var heads: [Int: [DisplayItem]] = [:]
    var stems: [SourcePosition: DisplayItem] = [:]
    for item in system.items {
      if item.role == .notehead, let voice = item.context.voice { heads[voice, default: []].append(item) }
      if item.role == .stem, let source = item.source, stems[source] == nil { stems[source] = item }
    }
    var added: [DisplayItem] = []
    var joined = Set<SourcePosition>()
    for item in system.items where item.role == .notehead {
      guard let source = item.source, let voice = marked[source], item.context.voice == voice,
        !joined.contains(source)
      else { continue }
      let upperHeads = (heads[voice - 1] ?? []).filter {
        abs($0.box.minX - item.box.minX) < 1.5 && $0.box.midY < item.box.midY
      }
      guard let target = upperHeads.min(by: { $0.box.midY < $1.box.midY }) else { continue }
      let stem = stems[source].flatMap { $0.context.voice == voice ? $0 : nil }
      let x = stem?.box.midX ?? item.box.maxX - thickness / 2
      let from = stem?.box.minY ?? item.box.midY
      guard from > target.box.midY else { continue }
      // One stem per chord: its other heads share it.
      joined.insert(source)
      let shape = LineShape(
        from: Point(x: x, y: target.box.midY), to: Point(x: x, y: from), thickness: thickness)
      var context = item.context
      context.column = nil
      added.append(
        DisplayItem(
          role: .stem, shape: .line(shape),
          box: Rect(
            x: x - thickness / 2, y: target.box.midY, width: thickness, height: from - target.box.midY),
          context: context, source: source))
    }
    system.items += added
  }
}
