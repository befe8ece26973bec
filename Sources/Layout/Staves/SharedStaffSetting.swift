import SMuFL
import ScoreModel

/*
 SharedStaffSetting — notes and rests of voices that share a staff, set as engravers do.

 Method. After the voices are merged into time columns, each column of a shared staff is
 looked at once:
   - rests of equal value in every voice are one rest, set where a single voice's would
     be (the first voice's is kept and unshifted; the others are not drawn);
   - another rest moves clear of the other voices' heads at its time: the first voice's
     above them, the others' below, a whole staff space at a time; rests of different
     values in two voices at one time move two spaces apart, up and down;
   - a lower chord whose second (the head left of its down stem) is a unison of the upper
     note moves right just so far that that head lands on the upper one: they share it;
   - where the upper voice's lowest head and a lower voice's highest head are a second
     apart, or cross, or are a unison of different heads, dots or sizes, the lower voice's note
     moves right by the upper note's head width (and past a head of the upper chord set
     right of its stem): the down stem of the lower note then meets the up stem of the
     upper one, as in a chord with a second (LilyPond and Gould
     set seconds this way). A unison of equal heads, dots and accidentals is left to share
     one head, in chords too (the upper chord's second stays right of its up stem), and so
     are two chords that overlap with the same heads where they overlap (a harp's stemless
     arpeggiated chord doubling the hand's chord is drawn as one column).
 The shift moves the whole note (stem, dots, accidentals, marks) and widens its column,
 so the spacing makes room for it.

     upper: d (stem up)      d|         the c moves right by a head: the stems line up
     lower: c (stem down)     |c

 The moved note's accidentals stay left of both heads.

 Limits. A voice moves once, by one head, whatever it meets; an accidental of the upper
 note and one of the moved note are not arranged in columns together.
 */

/// Merges equal rests and shifts clashing heads between the voices of a shared staff.
struct SharedStaffSetting {
  let font: MusicFont
  let layout: MultiStaffLayout

  /// Merges equal rests in `voiceSymbols` and returns, per voice and symbol, how far right
  /// each note is set (staff spaces); widens the columns to match.
  func apply(to voiceSymbols: inout [[StaffSymbol]], columns: inout ColumnTable) -> [[Double]] {
    var shifts = voiceSymbols.map { [Double](repeating: 0, count: $0.count) }
    // Each segment's shared staves (voice lists), found once; columns come in time order.
    let sharedBySegment = layout.segments.map { $0.plan.staves.map(\.voices).filter { $0.count > 1 } }
    guard sharedBySegment.contains(where: { !$0.isEmpty }) else { return shifts }
    var segment = 0
    for index in columns.indices where columns.symbols[index].isDurational {
      while segment + 1 < layout.segments.count
        && layout.segments[segment + 1].start <= columns.symbols[index].onset
      {
        segment += 1
      }
      for voices in sharedBySegment[segment] {
        let members = columns.members(index)
        mergeRests(voices, members: members, in: &voiceSymbols)
        clearRests(voices, members: members, in: &voiceSymbols)
        // Each later voice is compared with every earlier one (three voices, or a note
        // borrowed from another staff, meet more than the first voice) and moves once.
        for (position, lower) in voices.enumerated().dropFirst() {
          guard let member = members[lower], case .note(let lowerNote) = voiceSymbols[lower][member].kind
          else { continue }
          var met: NoteSymbol?
          for upper in voices[..<position] {
            guard let upperMember = members[upper], shifts[upper][upperMember] == 0,
              case .note(let note) = voiceSymbols[upper][upperMember].kind, clash(note, lowerNote)
            else { continue }
            met = note
            break
          }
          guard let upperNote = met else {
            clearDisplacedHeads(
              voices[..<position], of: lowerNote, members: members, in: &voiceSymbols,
              columnLeft: &columns.symbols[index].left)
            continue
          }
          // Past the upper chord's heads set right of its stem (a second) too.
          let beyond = upperNote.heads.map { $0.offset * upperNote.size }.max() ?? 0
          var shift = (font.glyph(upperNote.notehead)?.advance ?? 1.18) + max(0, beyond)
          // A head the lower chord sets left of its down stem (its second) on the upper
          // note's unison lands exactly on it: one head, as a chord's second shares it.
          if beyond <= 0, let offset = displacedUnison(upperNote, lowerNote) { shift = -offset }
          shifts[lower][member] = shift
          voiceSymbols[lower][member].right += shift
          columns.symbols[index].right = max(columns.symbols[index].right, voiceSymbols[lower][member].right)
          // The moved note's accidentals stay left of both heads, clear of the upper one.
          if lowerNote.heads.contains(where: { $0.accidental != nil }) {
            // Left of the upper note's own accidentals too, when it has any.
            let upperAccidentals = upperNote.heads.compactMap { head -> Double? in
              head.accidental == nil ? nil : -head.accidentalOffset + 0.15
            }
            let extra = upperAccidentals.max() ?? 0
            var moved = lowerNote
            for head in moved.heads.indices where moved.heads[head].accidental != nil {
              // Offsets are in the note's own size (a cue note's are smaller).
              moved.heads[head].accidentalOffset -= (shift + extra) / moved.size
            }
            voiceSymbols[lower][member].kind = .note(moved)
            voiceSymbols[lower][member].left += shift + extra
            columns.symbols[index].left = max(
              columns.symbols[index].left, voiceSymbols[lower][member].left - shift)
          }
        }
      }
    }
    return shifts
  }

  /// An upper voice's accidentals, set before a lower chord's head drawn left of its down
  /// stem (its second) where they would meet it, move left of that head (and of the lower
  /// chord's accidentals beside them).
  func clearDisplacedHeads(
    _ uppers: ArraySlice<Int>, of lower: NoteSymbol, members: ColumnMembers,
    in voiceSymbols: inout [[StaffSymbol]],
    columnLeft: inout Double
  ) {
    let displaced = lower.heads.filter { $0.offset < 0 }
    guard let reach = displaced.map({ $0.offset * lower.size }).min() else { return }
    for upper in uppers {
      guard let member = members[upper], case .note(var note) = voiceSymbols[upper][member].kind else {
        continue
      }
      // An accidental's ink reaches about three steps up and down from its head; where one
      // meets a displaced head, all the chord's accidentals (in their columns) move by it.
      let meets = note.heads.contains { head in
        head.accidental != nil && !head.isEditorial
          && displaced.contains { abs($0.position - head.position) <= 3 }
      }
      guard meets else { continue }
      // Left of the lower chord's own accidentals there too.
      let accidentals = lower.heads.filter { head in
        head.accidental != nil && !head.isEditorial
          && note.heads.contains { $0.accidental != nil && abs($0.position - head.position) <= 5 }
      }
      let edge = min(reach, accidentals.map { $0.accidentalOffset * lower.size }.min() ?? 0)
      for index in note.heads.indices where note.heads[index].accidental != nil {
        note.heads[index].accidentalOffset += edge / note.size
      }
      let moved = -edge
      guard moved > 0 else { continue }
      voiceSymbols[upper][member].kind = .note(note)
      voiceSymbols[upper][member].left += moved
      columnLeft = max(columnLeft, voiceSymbols[upper][member].left)
    }
  }

  /// Rests of one value in every voice of the staff become the first voice's rest alone.
  func mergeRests(_ voices: [Int], members: ColumnMembers, in voiceSymbols: inout [[StaffSymbol]]) {
    let rests = voices.compactMap { voice -> (voice: Int, member: Int, rest: RestSymbol)? in
      guard let member = members[voice], case .rest(let rest) = voiceSymbols[voice][member].kind,
        rest.isVisible
      else { return nil }
      return (voice, member, rest)
    }
    guard rests.count == voices.count, let first = rests.first,
      rests.allSatisfy({
        $0.rest.duration == first.rest.duration && $0.rest.isWholeBar == first.rest.isWholeBar
          && $0.rest.repeatSign == nil
      })
    else { return }
    for (order, entry) in rests.enumerated() {
      var rest = entry.rest
      if order == 0 { rest.shift = 0 } else { rest.isVisible = false }
      voiceSymbols[entry.voice][entry.member].kind = .rest(rest)
    }
  }

  /// Moves a rest out of the other voices' notes at its time: the first voice's rests
  /// above their highest head, the others' below their lowest, by whole staff spaces.
  func clearRests(_ voices: [Int], members: ColumnMembers, in voiceSymbols: inout [[StaffSymbol]]) {
    for (order, voice) in voices.enumerated() {
      guard let member = members[voice], case .rest(var rest) = voiceSymbols[voice][member].kind,
        rest.isVisible, !rest.isWholeBar
      else { continue }
      let others = voices.compactMap { other -> NoteSymbol? in
        guard other != voice, let index = members[other],
          case .note(let note) = voiceSymbols[other][index].kind
        else { return nil }
        return note
      }
      guard !others.isEmpty else {
        // Rests of two voices at one time (not merged: their values differ): the first
        // voice's two spaces up, the others' two spaces down.
        let restsBeside = voices.contains { other in
          guard other != voice, let index = members[other],
            case .rest(let otherRest) = voiceSymbols[other][index].kind
          else { return false }
          return otherRest.isVisible && !otherRest.isWholeBar
        }
        if restsBeside {
          rest.shift = order == 0 ? max(rest.shift, 4) : min(rest.shift, -4)
          voiceSymbols[voice][member].kind = .rest(rest)
        }
        continue
      }
      // Positions are half spaces from the bottom line; the rest glyph's origin sits at
      // `base + shift`, its ink from `below` to `above` positions around it.
      let glyph = rest.value.rest
      let base = glyph == .restWhole || glyph == .restDoubleWhole ? 6 : 4
      let metrics = font.glyph(glyph)
      let above = Int(((metrics?.northEast.y ?? 1.5) * 2).rounded(.up))
      let below = Int(((metrics?.southWest.y ?? -1.5) * 2).rounded(.down))
      if order == 0 {
        // Half a space clear above the other voices' highest head.
        let needed = (others.map(\.highest).max() ?? 0) + 2 - below - base
        if rest.shift < needed { rest.shift = needed + (needed & 1) }
      } else {
        let needed = (others.map(\.lowest).min() ?? 8) - 2 - above - base
        if rest.shift > needed { rest.shift = needed - (needed & 1) }
      }
      voiceSymbols[voice][member].kind = .rest(rest)
    }
  }

  /// How far left of its anchor the lower chord sets the head (left of its down stem, as
  /// a second) that is a unison of the upper note's plain head: alike head, dots, size and
  /// accidental; nil when there is none.
  func displacedUnison(_ upper: NoteSymbol, _ lower: NoteSymbol) -> Double? {
    guard upper.notehead == lower.notehead, upper.value.dots == lower.value.dots, upper.size == lower.size
    else { return nil }
    for head in lower.heads where head.offset < 0 {
      let shared = upper.heads.contains {
        $0.position == head.position && $0.offset == 0
          && (head.accidental == nil || $0.accidental == head.accidental)
      }
      if shared { return head.offset * lower.size }
    }
    return nil
  }

  /// Whether two voices' notes at one time would overlap drawn at one x.
  func clash(_ upper: NoteSymbol, _ lower: NoteSymbol) -> Bool {
    let gap = upper.lowest - lower.highest
    if gap > 1 { return false }
    return gap > 0 || !sharesHeads(upper, lower)
  }

  /// Whether two chords that meet or cross can be drawn as one column: alike heads (one
  /// shape, one size, the same dots) and, where their spans overlap, the same heads on
  /// the normal side of their stems with the same accidentals. A unison is the smallest
  /// such overlap; a harp's stemless arpeggiated chord doubling a voice's chord is a large
  /// one. The rest of either chord (a second beside the unison) keeps to its stem's side.
  func sharesHeads(_ upper: NoteSymbol, _ lower: NoteSymbol) -> Bool {
    guard upper.notehead == lower.notehead, upper.value.dots == lower.value.dots, upper.size == lower.size
    else { return false }
    let (bottom, top) = (max(upper.lowest, lower.lowest), min(upper.highest, lower.highest))
    guard bottom <= top else { return false }
    let span = bottom...top
    let mine = upper.heads.filter { span.contains($0.position) }.sorted { $0.position < $1.position }
    let theirs = lower.heads.filter { span.contains($0.position) }.sorted { $0.position < $1.position }
    guard mine.count == theirs.count,
      zip(mine, theirs).allSatisfy({ a, b in
        a.position == b.position && a.accidental == b.accidental && a.accidentalOffset == b.accidentalOffset
          && a.isCautionary == b.isCautionary && a.offset == 0 && b.offset == 0
      })
    else { return false }
    // Accidentals beside the shared heads are arranged chord by chord: shared ones only
    // line up when neither chord has others.
    guard mine.contains(where: { $0.accidental != nil }) else { return true }
    return !(upper.heads + lower.heads).contains { !span.contains($0.position) && $0.accidental != nil }
  }
}
