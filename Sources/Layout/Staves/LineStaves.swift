import DisplayList
import ScoreModel

/*
 LineStaves — the staves of a line that a mid-tune `%%score` changes part of the way along.

 Method. A line is cut into parts, one per staff segment it crosses. The staves of the
 first part are kept in their order with their groups; a staff of a later part is the same
 staff as one already there that shares a voice with it (its new voices join it), else a
 new staff placed just below the staff the part's previous staff became (at the top when it
 is the part's first); the staff holding its first voice wins over one sharing another. Each staff then records, part by part, which of its voices it draws
 there and whether any of them has music there; a staff with music in no part is left out,
 and each staff's lines run only over the parts where it has music. A voice is drawn on a
 staff over the parts where that staff takes it (the first such run of parts).

     %%score {M A1 A2}   x6 z2 z B3 | \         one line, two parts:
     %%score M           A2GF2E E3 E3 |         M on the top staff throughout;
                                                A1 beside it and A2 below it stop at the bar

 The stacker draws the line's left edge, brackets, braces and names for the staves present
 where the line starts, and joins a bar line from one staff to the next only where both are
 present.

 Limits. A staff that enters in mid-line has no clef or key signature at its entry (as
 abcm2ps draws an ossia); the groups drawn are the first part's; a voice that leaves a
 staff and comes back to it in the same line is drawn over its first run of parts only.
 */

/// The merged staves of a line crossing staff segments, with where each is present.
struct LineStaves {
  /// One stretch of the line in one segment.
  struct Part {
    var plan: StaffPlan
    var columns: ClosedRange<Int>
  }

  /// Every staff drawn anywhere on the line, the first part's groups.
  private(set) var plan: StaffPlan
  /// Per staff, per part: whether the staff has music there.
  private(set) var present: [[Bool]]
  /// Per staff, per part: the voices the staff draws there.
  private(set) var drawn: [[Set<Int>]]
  let parts: [Part]

  init(parts: [Part], hasMusic: ([Int], ClosedRange<Int>) -> Bool) {
    self.parts = parts
    var plan = parts[0].plan
    var drawn: [[Set<Int>]] = plan.staves.map {
      [Set($0.voices)] + Array(repeating: [], count: parts.count - 1)
    }
    for (index, part) in parts.enumerated().dropFirst() {
      var previous: Int?
      for staff in part.plan.staves {
        let voices = Set(staff.voices)
        let target: Int
        // The staff that holds this staff's first voice, else any that shares a voice.
        if let found = plan.staves.firstIndex(where: { staff.voices.first.map($0.voices.contains) ?? false })
          ?? plan.staves.firstIndex(where: { !voices.isDisjoint(with: $0.voices) })
        {
          target = found
          plan.staves[found].voices += staff.voices.filter { !plan.staves[found].voices.contains($0) }
        } else {
          target = previous.map { $0 + 1 } ?? 0
          Self.insert(StaffPlan.Staff(voices: staff.voices), at: target, in: &plan)
          drawn.insert(Array(repeating: [], count: parts.count), at: target)
        }
        drawn[target][index].formUnion(voices)
        previous = target
      }
      plan.borrowed.formUnion(part.plan.borrowed)
      plan.floating.formUnion(part.plan.floating)
      let known = Set(plan.crossBeams.compactMap { $0.first?.source })
      plan.crossBeams += part.plan.crossBeams.filter { $0.first.map { !known.contains($0.source) } ?? false }
      let knownSlurs = Set(plan.crossSlurs)
      plan.crossSlurs += part.plan.crossSlurs.filter { !knownSlurs.contains($0) }
    }
    var present = drawn.map { row in
      row.indices.map { index in !row[index].isEmpty && hasMusic(Array(row[index]), parts[index].columns) }
    }
    let silent = Set(present.indices.filter { !present[$0].contains(true) })
    if !silent.isEmpty && silent.count < present.count {
      plan = plan.removing(staves: silent)
      present = present.indices.filter { !silent.contains($0) }.map { present[$0] }
      drawn = drawn.indices.filter { !silent.contains($0) }.map { drawn[$0] }
    }
    self.plan = plan
    self.present = present
    self.drawn = drawn
  }

  /// Puts a staff at `index`, moving the groups below it down and widening one it falls in.
  private static func insert(_ staff: StaffPlan.Staff, at index: Int, in plan: inout StaffPlan) {
    plan.staves.insert(staff, at: index)
    for group in plan.groups.indices {
      let range = plan.groups[group].staves
      if index <= range.lowerBound {
        plan.groups[group].staves = (range.lowerBound + 1)...(range.upperBound + 1)
      } else if index <= range.upperBound {
        plan.groups[group].staves = range.lowerBound...(range.upperBound + 1)
      }
    }
  }

  /// The columns each voice of a staff is drawn in: the first run of parts that draw it.
  func columns(ofStaff staff: Int) -> [Int: ClosedRange<Int>] {
    var result: [Int: ClosedRange<Int>] = [:]
    for voice in plan.staves[staff].voices {
      guard let first = parts.indices.first(where: { drawn[staff][$0].contains(voice) }) else { continue }
      var last = first
      while last + 1 < parts.count && drawn[staff][last + 1].contains(voice) { last += 1 }
      result[voice] = parts[first].columns.lowerBound...parts[last].columns.upperBound
    }
    return result
  }

  /// Whether the voice is drawn in the line's first part (its start counts for the line's).
  func drawsAtStart(voice: Int) -> Bool {
    drawn.indices.contains { present[$0][0] && drawn[$0][0].contains(voice) }
  }

  /// Per staff, the stretches of the line it is present over, given where each part starts
  /// (`starts[0]` is ignored: the first part starts with the line); the last part runs on.
  func ranges(partStarts starts: [Double]) -> [[ClosedRange<Double>]] {
    present.map { row in
      var ranges: [ClosedRange<Double>] = []
      for (index, isPresent) in row.enumerated() where isPresent {
        let low = index == 0 ? -Double.infinity : starts[index]
        let high = index + 1 < row.count ? starts[index + 1] : Double.infinity
        if let last = ranges.last, last.upperBound == low {
          ranges[ranges.count - 1] = last.lowerBound...high
        } else {
          ranges.append(low...high)
        }
      }
      return ranges
    }
  }

  /// A staff's items kept to where it is present: its lines cut to the ranges, the clef, key
  /// and meter of a stretch where it is absent left out (`ranges` in the canvas's points).
  static func clip(_ items: [DisplayItem], to ranges: [ClosedRange<Double>]) -> [DisplayItem] {
    guard ranges.count != 1 || ranges[0].lowerBound != -.infinity || ranges[0].upperBound != .infinity else {
      return items
    }
    var kept: [DisplayItem] = []
    for item in items {
      switch item.role {
      case .staffLine:
        guard case .line(let line) = item.shape else {
          kept.append(item)
          continue
        }
        let low = min(line.from.x, line.to.x)
        let high = max(line.from.x, line.to.x)
        for range in ranges {
          let from = max(low, range.lowerBound)
          let to = min(high, range.upperBound)
          guard to > from else { continue }
          var piece = item
          var cut = line
          cut.from.x = from
          cut.to.x = to
          piece.shape = .line(cut)
          piece.box.x = from
          piece.box.width = to - from
          kept.append(piece)
        }
      case .clef, .keySignature, .timeSignature:
        if ranges.contains(where: { $0.contains(item.box.midX) }) { kept.append(item) }
      default:
        kept.append(item)
      }
    }
    return kept
  }
}
