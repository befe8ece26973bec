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

 Limits. Nested groups (`[{…}]`) are flattened to their innermost bracket.
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
  }

  var voices: [Voice]
  var staves: [Staff]
  var groups: [Group]

  /// True when the tune needs more than the single-voice path: several staves or voices.
  var isMultiVoice: Bool { staves.count > 1 || staves.contains { $0.voices.count > 1 } }

  init(tune: Tune) {
    var voices: [Voice] = []
    var staves: [Staff] = []
    var groups: [Group] = []
    let byID = Dictionary(tune.voices.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    func overlays(of id: String) -> [Voice] { tune.voices.filter { $0.overlayOf == id } }
    if let staffGroups = tune.staffGroups, !staffGroups.isEmpty {
      for group in staffGroups {
        let firstStaff = staves.count
        for ids in group.staves {
          var staff = Staff(voices: [])
          for id in ids {
            guard let voice = byID[id], !voices.contains(where: { $0.id == id }) else { continue }
            for member in [voice] + overlays(of: id) {
              staff.voices.append(voices.count)
              voices.append(member)
            }
          }
          if !staff.voices.isEmpty { staves.append(staff) }
        }
        if staves.count > firstStaff {
          groups.append(
            Group(
              bracket: group.bracket, staves: firstStaff...(staves.count - 1),
              barLinesJoin: group.barLinesJoin))
        }
      }
    }
    if staves.isEmpty {
      for voice in tune.voices where voice.overlayOf == nil {
        var staff = Staff(voices: [])
        for member in [voice] + overlays(of: voice.id) {
          staff.voices.append(voices.count)
          voices.append(member)
        }
        staves.append(staff)
      }
    }
    // With one group and no `|` anywhere, bar lines run through all staves.
    if groups.count == 1 && !groups[0].barLinesJoin {
      groups[0].barLinesJoin = staves.count > 1
    }
    self.voices = voices
    self.staves = staves
    self.groups = groups
  }

  /// The stem direction a voice takes: its own `stem=`, else up / down on a shared staff.
  func stemDirection(ofVoice index: Int) -> StemDirection {
    if voices[index].stemDirection != .auto { return voices[index].stemDirection }
    guard let staff = staves.first(where: { $0.voices.contains(index) }), staff.voices.count > 1 else {
      return .auto
    }
    return staff.voices.first == index ? .up : .down
  }

  /// Staff positions to move a voice's rests: up for the first voice of a shared staff,
  /// down for the others.
  func restShift(ofVoice index: Int) -> Int {
    guard let staff = staves.first(where: { $0.voices.contains(index) }), staff.voices.count > 1 else {
      return 0
    }
    return staff.voices.first == index ? 2 : -4
  }

  /// The staff a voice is drawn on.
  func staff(ofVoice index: Int) -> Int {
    staves.firstIndex { $0.voices.contains(index) } ?? 0
  }
}
