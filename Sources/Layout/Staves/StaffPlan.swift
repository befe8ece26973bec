import DisplayList
import ScoreModel

/*
 StaffPlan — which voices go on which staff, and how staves are grouped.

 Method. With `%%score` / `%%staves` the groups say it: each inner list of voice ids is one
 staff, voices listed together share it, and voices the directive does not mention are
 dropped, as abcm2ps does. Without it every voice that is not a `&` overlay gets its own
 staff in order of appearance. An overlay always joins its host's staff. On a shared staff
 the first voice's stems go up and the others' down unless the voice says `stem=`, and the
 lower voices' rests sit lower.

     %%score (S A) | {RH LH}   →   staff 0: S A (no bracket), staff 1: RH, staff 2: LH (brace)

 A `%%score` inside the music starts a new segment from its time: the tune's voices keep
 one numbering across segments (a voice joining later is added at the end), and each
 segment lists its own staves and groups; voices it leaves out are not drawn there.

     %%score {A B} … CDEF| … %%score A … GABc|]   →   from 0: A, B (brace); from 1: A

 Nested brackets and braces (`[{RH LH} Vn Va]`) become groups of their own, one level
 deeper, drawn inside their outer group's sign.

 Limits. A voice's stem
 direction and rest shift come from the first segment it is drawn in.
 */

/// The staves of a tune: voices per staff, brackets and where bar lines join.
struct StaffPlan {
  /// One staff: indices into `voices` drawn on it, in order.
  struct Staff {
    var voices: [Int]
  }

  /// A bracket or brace over consecutive staves.
  struct Group {
    var bracket: StaffGroup.Bracket
    var staves: ClosedRange<Int>
    var barLinesJoin: Bool
    /// 0 for a top-level group, 1 for a bracket or brace inside one, and so on.
    var depth = 0
    /// Bar lines continue from the group's last staff into the next staff.
    var joinsNext = false
  }

  var voices: [Voice]
  var staves: [Staff]
  var groups: [Group]
  /// Voices drawn on a staff they borrow (`CrossStaffNotes`): they never make it shared.
  var borrowed: Set<Int> = []
  /// Floating voices (`{RH *M LH}`): each note on its staff or the next (`FloatingVoices`).
  var floating: Set<Int> = []
  /// Beams across staves (`CrossStaffNotes`): by voice, the stem direction (true up) of
  /// each note element that a cross-staff beam joins; the beams are drawn after stacking.
  var crossBeamStems: [Int: [Int: Bool]] = [:]
  /// Each cross-staff beam's notes, by where they are written, with their beam counts.
  var crossBeams: [[(source: SourcePosition, beams: Int)]] = []
  /// Slurs whose notes `CrossStaffNotes` puts on two staves, drawn after stacking.
  var crossSlurs: [CrossStaffSlurs.Slur] = []

  /// The size of a staff against the others (`%%staffscale`, from its first voice).
  func scale(ofStaff index: Int) -> Double {
    staves[index].voices.first.map { voices[$0].staffScale } ?? 1
  }

  /// The voices of a staff that are its own (not borrowed), in order.
  func ownVoices(of staff: Staff) -> [Int] {
    borrowed.isEmpty ? staff.voices : staff.voices.filter { !borrowed.contains($0) }
  }

  /// True when the tune needs more than the single-voice path: several staves or voices.
  var isMultiVoice: Bool { staves.count > 1 || staves.contains { $0.voices.count > 1 } }

  /// The tune's staff segments: the first from time zero, then one per mid-tune
  /// `%%score` that names at least one voice. Every plan numbers the voices alike.
  static func segments(of tune: Tune) -> [StaffSegment] {
    var voices: [Voice] = []
    // Without `%%score`, the first staves are those of the voices heard before the first
    // change (a voice first written after it starts there, padded).
    let firstEnd = tune.scoreChanges.first?.time
    var segments = [
      StaffSegment(
        start: .zero,
        plan: StaffPlan(
          groups: tune.staffGroups, tune: tune, voices: &voices,
          startsBefore: firstEnd))
    ]
    for change in tune.scoreChanges {
      let plan = StaffPlan(groups: change.groups, tune: tune, voices: &voices, startsBefore: nil)
      guard !plan.staves.isEmpty, change.time > segments[segments.count - 1].start else { continue }
      segments.append(StaffSegment(start: change.time, plan: plan))
    }
    for index in segments.indices { segments[index].plan.voices = voices }
    return CrossStaffNotes.apply(to: FloatingVoices.apply(to: segments))
  }

  /// One segment's staves from `groups` (nil: a staff per voice), numbering voices in
  /// `voices`, which grows by the voices met for the first time.
  private init(
    groups staffGroups: [StaffGroup]?, tune: Tune, voices: inout [Voice], startsBefore end: Rational?
  ) {
    var staves: [Staff] = []
    var groups: [Group] = []
    var floating: Set<Int> = []
    let byID = Dictionary(tune.voices.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    func overlays(of id: String) -> [Voice] { tune.voices.filter { $0.overlayOf == id } }
    var placed: Set<String> = []
    func number(of voice: Voice) -> Int {
      if let index = voices.firstIndex(where: { $0.id == voice.id }) { return index }
      voices.append(voice)
      return voices.count - 1
    }
    if let staffGroups, !staffGroups.isEmpty {
      for group in staffGroups {
        let firstStaff = staves.count
        /// The plan staff each of the group's staves became (nil when it named no voice).
        var planStaff: [Int?] = []
        for ids in group.staves {
          planStaff.append(nil)
          var staff = Staff(voices: [])
          for id in ids {
            guard let voice = byID[id], !placed.contains(id) else { continue }
            placed.insert(id)
            for member in [voice] + overlays(of: id) { staff.voices.append(number(of: member)) }
            if group.floating.contains(id) { floating.insert(number(of: voice)) }
          }
          if !staff.voices.isEmpty {
            planStaff[planStaff.count - 1] = staves.count
            staves.append(staff)
          }
        }
        if staves.count > firstStaff {
          groups.append(
            Group(
              bracket: group.bracket, staves: firstStaff...(staves.count - 1),
              barLinesJoin: group.barLinesJoin, joinsNext: group.joinsNext))
          for (index, inner) in group.inner.enumerated() where inner.staves.upperBound <= planStaff.count {
            let drawn = planStaff[inner.staves].compactMap { $0 }
            guard let first = drawn.first, let last = drawn.last else { continue }
            groups.append(
              Group(
                bracket: inner.bracket, staves: first...last, barLinesJoin: group.barLinesJoin,
                depth: Self.depth(of: index, in: group.inner)))
          }
        }
      }
    }
    if staves.isEmpty {
      for voice in tune.voices where voice.overlayOf == nil && Self.isHeard(voice, before: end) {
        let members = ([voice] + overlays(of: voice.id)).map(number(of:))
        // `V:… merge` shares the staff of the voice before it.
        if voice.mergesWithPrevious && !staves.isEmpty {
          staves[staves.count - 1].voices += members
        } else {
          staves.append(Staff(voices: members))
        }
      }
    }
    // With one group and no `|` anywhere, bar lines run through all staves.
    if groups.count == 1 && !groups[0].barLinesJoin {
      groups[0].barLinesJoin = staves.count > 1
    }
    self.voices = voices
    self.staves = staves
    self.groups = groups
    self.floating = floating
  }

  /// How deep a nested group sits: 1 inside its top-level group, one more for each other
  /// nested group around it (groups are listed as they close, so of two over the same
  /// staves the later one is outside).
  static func depth(of index: Int, in all: [StaffGroup.Inner]) -> Int {
    let range = all[index].staves
    return 1
      + all.indices.filter { other in
        let span = all[other].staves
        return other != index && span.lowerBound <= range.lowerBound && span.upperBound >= range.upperBound
          && (span != range || other > index)
      }.count
  }

  /// Whether the voice has music before `end` (always, when there is no end): one that
  /// opens with padding up to `end` does not.
  static func isHeard(_ voice: Voice, before end: Rational?) -> Bool {
    guard let end, case .rest(let rest)? = voice.elements.first, !rest.isVisible else { return true }
    return rest.duration < end
  }

  /// The plan without the given staves: groups keep the staves left in them (a group
  /// left with none goes).
  func removing(staves removed: Set<Int>) -> StaffPlan {
    var copy = self
    var newIndex: [Int: Int] = [:]
    copy.staves = []
    for (index, staff) in staves.enumerated() where !removed.contains(index) {
      newIndex[index] = copy.staves.count
      copy.staves.append(staff)
    }
    copy.groups = groups.compactMap { group in
      let kept = group.staves.compactMap { newIndex[$0] }
      guard let first = kept.first, let last = kept.last else { return nil }
      var moved = group
      moved.staves = first...last
      return moved
    }
    return copy
  }

  /// Whether the voice is drawn on one of this plan's staves.
  func draws(voice index: Int) -> Bool {
    staves.contains { $0.voices.contains(index) }
  }

  /// The stem direction a voice takes: its own `stem=`, else up / down on a shared staff.
  func stemDirection(ofVoice index: Int) -> StemDirection {
    if voices[index].stemDirection != .auto { return voices[index].stemDirection }
    guard !borrowed.contains(index), let staff = staves.first(where: { $0.voices.contains(index) }) else {
      return .auto
    }
    let own = ownVoices(of: staff)
    guard own.count > 1 else { return .auto }
    return own.first == index ? .up : .down
  }

  /// The other voices drawn on a voice's staff, its own and those borrowing it for
  /// cross-staff notes (none when the voice is itself borrowed there).
  func sharers(ofVoice index: Int) -> [Int] {
    guard !borrowed.contains(index), let staff = staves.first(where: { $0.voices.contains(index) }) else {
      return []
    }
    return staff.voices.filter { $0 != index }
  }

  /// Staff positions to move a voice's rests: up for the first voice of a shared staff,
  /// down for the others.
  func restShift(ofVoice index: Int) -> Int {
    guard !borrowed.contains(index), let staff = staves.first(where: { $0.voices.contains(index) }) else {
      return 0
    }
    let own = ownVoices(of: staff)
    guard own.count > 1 else { return 0 }
    return own.first == index ? 2 : -4
  }

  /// The staff a voice is drawn on.
  func staff(ofVoice index: Int) -> Int {
    staves.firstIndex { $0.voices.contains(index) } ?? 0
  }
}

/// The staves from one time of a tune on.
struct StaffSegment {
  var start: Rational
  var plan: StaffPlan
}
