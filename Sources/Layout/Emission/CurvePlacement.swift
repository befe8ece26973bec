import DisplayList
import SMuFL
import ScoreModel

/// Places the ties and slurs of a line, splitting those that cross a line break.
///
/// Ties: each tied head curves to the same staff position in the next note, away from
/// the stem (in a chord, the upper half of the heads curve up, the lower half down). Slurs
/// pair their start and end marks by id; they go on the notehead side when every stem in
/// between points the same way, and above otherwise. A curve that leaves the line runs
/// to the staff's end; one that arrives from the previous line starts before the first
/// note. On a staff shared by two voices every curve of a voice goes on one side
/// (`fixedAbove`): the upper voice's above, the lower's below, so neither crosses the other.
/// A side the source asks for (MusicXML's `orientation`) overrides all of these unless,
/// on a shared staff, it runs through more of the other voices' ink than the usual side.
/// The other voices' heads, stems and accidentals already drawn there (`others`) are
/// cleared too: a slur arches over those inside its span, and a tie that would run
/// through one curves to its head's other side when that side meets less.
struct CurvePlacement {
  let font: MusicFont
  var fixedAbove: Bool? = nil
  /// Bars in which the voice is alone on its shared staff (`SoloBars`): there its curves
  /// choose their side as a single voice's do.
  var soloBars: [Range<Rational>] = []
  /// How far the articulations placed at each note reach (staff spaces): a slur passes
  /// outside them.
  var marksNear: [Int: (top: Double, bottom: Double)] = [:]
  /// The ink of the staff's other voices a curve must not cross (staff spaces), in x order.
  var others: [Obstacle] = []

  /// A box of another voice's ink: a head, a stem or an accidental.
  struct Obstacle {
    var left: Double
    var right: Double
    var top: Double
    var bottom: Double
  }

  /// The other voices' heads, stems and accidentals among a staff's items (points), in
  /// staff spaces and x order.
  static func obstacles(in items: [DisplayItem], voice: Int?, scale: Double) -> [Obstacle] {
    var result: [Obstacle] = []
    for item in items where item.context.voice != voice && item.context.voice != nil {
      switch item.role {
      case .notehead, .stem, .accidental:
        let box = item.box
        result.append(
          Obstacle(
            left: box.x / scale, right: (box.x + box.width) / scale, top: box.y / scale,
            bottom: (box.y + box.height) / scale))
      default: continue
      }
    }
    result.sort { $0.left < $1.left }
    return result
  }

  /// The obstacles whose boxes reach into `x0…x1`, found by binary search on their left
  /// edges (none is wider than a few spaces).
  func others(from x0: Double, to x1: Double) -> ArraySlice<Obstacle> {
    guard !others.isEmpty else { return [] }
    var low = 0
    var high = others.count
    while low < high {
      let middle = (low + high) / 2
      if others[middle].left < x0 - 4 { low = middle + 1 } else { high = middle }
    }
    var end = low
    while end < others.count && others[end].left < x1 { end += 1 }
    return others[low..<end]
  }

  /// How much of the other voices' ink a tie between x0 and x1 at y, arching by
  /// `height`, runs into: the summed widths of the boxes it meets (a stem costs little, a
  /// head or an accidental much); 0 when it is clear.
  func tieCost(x0: Double, x1: Double, y: Double, height: Double) -> Double {
    let top = min(y, y + height * 0.75)
    let bottom = max(y, y + height * 0.75)
    var cost = 0.0
    for other in others(from: x0, to: x1)
    where other.right > x0 + 0.1 && other.left < x1 - 0.1 && other.bottom > top + 0.1
      && other.top < bottom - 0.1
    {
      cost += max(other.right - other.left, 0.1)
    }
    return cost
  }

  /// A tie's ends moved off the other voices' ink right beside them (an accidental or a
  /// stem just before the note it ends on, a head or stem just after the one it leaves),
  /// as long as a tie of at least 1.2 spaces is left.
  func trimmed(x0: Double, x1: Double, y: Double, height: Double) -> (Double, Double) {
    guard !others.isEmpty else { return (x0, x1) }
    // Near its ends a tie keeps within a third of its arch of the end points' height.
    let top = min(y, y + height * 0.35) - 0.1
    let bottom = max(y, y + height * 0.35) + 0.1
    var (start, stop) = (x0, x1)
    for other in others(from: x0, to: x1) where other.bottom > top && other.top < bottom {
      if other.left < x1 && other.right > x1 - 1.5 && other.left > x0 + 1.2 {
        stop = min(stop, other.left - 0.2)
      } else if other.right > x0 && other.left < x0 + 1.2 && other.right < x1 - 1.2 {
        start = max(start, other.right + 0.2)
      }
    }
    return stop - start >= 1.2 ? (start, stop) : (x0, x1)
  }

  func draw(line: EngravedLine, on canvas: inout StaffCanvas) {
    drawTies(line: line, on: &canvas)
    drawSlurs(line: line, on: &canvas)
  }

  /// The voice's next note or rest on the line.
  func nextDurational(after index: Int, in line: EngravedLine) -> Int? {
    var next = index + 1
    while next <= line.last {
      if line.symbols[next].isDurational { return next }
      next += 1
    }
    return nil
  }

  func nextNote(after index: Int, in symbols: [StaffSymbol]) -> Int? {
    var next = index + 1
    while next < symbols.count {
      if case .note = symbols[next].kind { return next }
      next += 1
    }
    return nil
  }

  /// Where a tie from `x0` into the note at `index` ends: just before its heads, or
  /// before its arpeggio when it has one and that leaves a tie a space long; nil when the
  /// symbol is not a drawn note.
  func tieEnd(at index: Int, in line: EngravedLine, from x0: Double) -> Double? {
    guard let geometry = line.notes[index] else { return nil }
    if case .note(let note) = line.symbols[index].kind, note.hasArpeggio,
      geometry.x - SymbolBuilder.arpeggioRoom - 0.15 >= x0 + 1
    {
      return geometry.x - SymbolBuilder.arpeggioRoom - 0.15
    }
    return geometry.x - 0.15
  }

  func drawTies(line: EngravedLine, on canvas: inout StaffCanvas) {
    let drawing = CurveDrawing(font: font)
    // Ties arriving from the previous line: only from the voice's last note or rest before
    // the line (a note followed by a rest there ended its tie on its own line). A tie into
    // another voice's note ends at the voice's first note or rest, that note's time.
    if let previous = (0..<line.first).last(where: { line.symbols[$0].isDurational }),
      case .note(let note) = line.symbols[previous].kind
    {
      let target = nextNote(after: previous, in: line.symbols)
      let onward = nextDurational(after: previous, in: line)
      for (index, head) in note.heads.enumerated() {
        guard let dotted = head.tie,
          let ending = head.tieAcross ? onward : target, ending <= line.last,
          let x1 = tieEnd(at: ending, in: line, from: line.musicStart + 0.3).map({ $0 + 0.15 })
            ?? line.x(of: ending)
        else { continue }
        let up = tieGoesUp(note, head: index, at: line.symbols[previous].onset)
        let y = StaffCanvas.y(ofPosition: head.position) + (up ? -0.55 : 0.55)
        let x0 = line.musicStart + 0.3
        guard x1 - 0.15 > x0 + 0.3 else { continue }
        drawing.draw(
          from: (x0, y), to: (x1 - 0.15, y),
          height: (up ? -1 : 1) * CurveDrawing.tieHeight(length: x1 - 0.15 - x0), isTie: true,
          isDotted: dotted,
          role: .tie, on: &canvas, column: line.column(of: ending), source: line.symbols[previous].source)
      }
    }
    for index in line.indices where index <= line.last && line.symbols[index].startsTie {
      guard case .note(let note) = line.symbols[index].kind, let geometry = line.notes[index] else {
        continue
      }
      let target = nextNote(after: index, in: line.symbols)
      for (headIndex, head) in note.heads.enumerated() {
        guard let dotted = head.tie else { continue }
        var up = tieGoesUp(note, head: headIndex, at: line.symbols[index].onset)
        var y = StaffCanvas.y(ofPosition: head.position) + (up ? -0.55 : 0.55)
        let x0 = geometry.x + max(geometry.headWidth + head.offset, geometry.rightEdge - 0.2) + 0.15
        // A tie into another voice's note ends where the voice goes on (that note's time).
        let ending = head.tieAcross ? nextDurational(after: index, in: line) : target
        let x1 =
          ending.flatMap { tieEnd(at: $0, in: line, from: x0) ?? line.x(of: $0).map { $0 - 0.15 } }
          ?? (line.end - 0.4)
        guard x1 > x0 + 0.3 else { continue }
        // A tie that would run through another voice's note curves the other way when
        // that side is free (an inner head of a chord, the other voice in between).
        let tieHeight = CurveDrawing.tieHeight(length: x1 - x0)
        if !others.isEmpty {
          let cost = tieCost(x0: x0, x1: x1, y: y, height: (up ? -1 : 1) * tieHeight)
          let flipped = StaffCanvas.y(ofPosition: head.position) + (up ? 0.55 : -0.55)
          if cost > 0 && tieCost(x0: x0, x1: x1, y: flipped, height: (up ? 1 : -1) * tieHeight) < cost {
            up.toggle()
            y = flipped
          }
        }
        let (start, stop) = trimmed(x0: x0, x1: x1, y: y, height: (up ? -1 : 1) * tieHeight)
        drawing.draw(
          from: (start, y), to: (stop, y),
          height: (up ? -1 : 1) * CurveDrawing.tieHeight(length: stop - start),
          isTie: true, isDotted: dotted, role: .tie, on: &canvas, column: line.column(of: index),
          source: line.symbols[index].source)
      }
    }
  }

  /// Ties curve away from the stem; in chords the outer halves curve outwards. A voice
  /// sharing its staff curves all its ties to its own side.
  func tieGoesUp(_ note: NoteSymbol, head: Int, at onset: Rational) -> Bool {
    if let below = note.heads[head].tieBelow { return !below }
    if let fixed = fixed(at: onset) { return fixed }
    guard note.heads.count > 1 else { return !note.stemUp }
    let middle = Double(note.heads.count - 1) / 2
    if Double(head) == middle { return !note.stemUp }
    return Double(head) > middle
  }

  /// The voice's side for a curve starting (or ending) at `onset`: nil in a bar where the
  /// voice is alone on its staff.
  func fixed(at onset: Rational) -> Bool? {
    guard let fixedAbove, !SoloBars.contains(soloBars, onset) else { return nil }
    return fixedAbove
  }
}
