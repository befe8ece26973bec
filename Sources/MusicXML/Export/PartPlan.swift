import ScoreModel

/// Which MusicXML part, staff and voice number each voice of a tune is written as.
///
/// Method: the staves come from `%%score` / `%%staves` when the tune has them (each
/// listed staff with the voices drawn on it), else one staff per voice, with `&` overlays
/// and `V:… merge` voices on the staff of the voice they join. A braced group
/// (`{RH LH}`, a keyboard part) becomes one part of several staves; every other staff is
/// a part of its own. Voices the score leaves out still get a part each, after the rest,
/// so no music is lost. Voice numbers run 1, 2, … through a part's staves in order.
///
/// Example: `%%score (S A) T {RH LH}` gives three parts: S and A (voices 1, 2 on one
/// staff), T, and RH and LH (one part, staves 1 and 2, voices 1 and 2).
struct PartPlan {
  /// One voice of the tune inside a part.
  struct Member {
    /// The index of the voice in `Tune.voices`.
    var voice: Int
    /// The staff in the part, from 1.
    var staff: Int
    /// The MusicXML `<voice>` number, from 1.
    var number: Int
  }

  /// One MusicXML part.
  struct Part {
    var id: String
    var name: String?
    var shortName: String?
    var staffCount: Int
    var members: [Member]
  }

  /// A bracket or brace of `%%score` over several parts (`<part-group>`).
  struct Group {
    var parts: Range<Int>
    /// `bracket` or `brace`.
    var symbol: String
    var barLinesJoin: Bool
  }

  var parts: [Part]
  var groups: [Group] = []

  init(tune: Tune) {
    let (staves, braced) = Self.staves(of: tune)
    var partOfStaff: [Int: Int] = [:]
    var groupsInOrder: [[Int]] = []
    for staff in staves.indices where partOfStaff[staff] == nil {
      let members = braced.first { $0.contains(staff) } ?? [staff]
      for member in members { partOfStaff[member] = groupsInOrder.count }
      groupsInOrder.append(members)
    }
    // Score groups over several parts, through the voices of their first and last staves.
    var partOfVoice: [String: Int] = [:]
    for (staff, voices) in staves.enumerated() {
      for voice in voices where partOfVoice[tune.voices[voice].id] == nil {
        partOfVoice[tune.voices[voice].id] = partOfStaff[staff]
      }
    }
    for group in tune.staffGroups ?? [] where group.bracket != .none {
      let members = group.staves.flatMap { $0 }.compactMap { partOfVoice[$0] }
      guard let low = members.min(), let high = members.max(), high > low else { continue }
      groups.append(
        Group(
          parts: low..<(high + 1), symbol: group.bracket == .brace ? "brace" : "bracket",
          barLinesJoin: group.barLinesJoin))
    }
    parts = groupsInOrder.enumerated().map { partIndex, staffIndices in
      var members: [Member] = []
      for (staffNumber, staff) in staffIndices.enumerated() {
        for voice in staves[staff] {
          members.append(Member(voice: voice, staff: staffNumber + 1, number: members.count + 1))
        }
      }
      let first = tune.voices[members[0].voice]
      return Part(
        id: "P\(partIndex + 1)", name: first.name, shortName: first.shortName, staffCount: staffIndices.count,
        members: members)
    }
  }

  /// The staves in order, each the indices of the voices drawn on it, and the braced
  /// groups of staves (indices into the staves) that each make one part.
  static func staves(of tune: Tune) -> (staves: [[Int]], braced: [[Int]]) {
    var staves: [[Int]] = []
    var braced: [[Int]] = []
    var staffOfVoice: [Int: Int] = [:]
    var indicesByID: [String: [Int]] = [:]
    for (index, voice) in tune.voices.enumerated() { indicesByID[voice.id, default: []].append(index) }
    for group in tune.staffGroups ?? [] {
      var placed: [Int: Int] = [:]  // staff in the group → staff index
      for (position, staff) in group.staves.enumerated() {
        let voices = staff.flatMap { indicesByID[$0] ?? [] }.filter { staffOfVoice[$0] == nil }
        guard !voices.isEmpty else { continue }
        for voice in voices { staffOfVoice[voice] = staves.count }
        placed[position] = staves.count
        staves.append(voices)
      }
      var spans: [Range<Int>] = []
      if group.bracket == .brace { spans.append(0..<group.staves.count) }
      spans += group.inner.filter { $0.bracket == .brace && $0.isOneInstrument }.map(\.staves)
      for span in spans {
        let members = span.compactMap { placed[$0] }
        guard members.count > 1, !members.contains(where: { m in braced.contains { $0.contains(m) } }) else {
          continue
        }
        braced.append(members)
      }
    }
    for (index, voice) in tune.voices.enumerated() where staffOfVoice[index] == nil {
      let host = voice.overlayOf.flatMap { indicesByID[$0]?.first }.flatMap { staffOfVoice[$0] }
      if let host {
        staffOfVoice[index] = host
        staves[host].append(index)
      } else if voice.mergesWithPrevious && tune.staffGroups == nil, !staves.isEmpty {
        staffOfVoice[index] = staves.count - 1
        staves[staves.count - 1].append(index)
      } else {
        staffOfVoice[index] = staves.count
        staves.append([index])
      }
    }
    return (staves, braced)
  }
}
