import ScoreModel

/// What writing one voice carries from note to note: open ties and slurs, the tuplet
/// being filled, and words being sung across notes.
struct VoiceState {
  let member: PartPlan.Member
  /// True when the part has several staves, so every note names its staff.
  let multiStaff: Bool
  /// Sounding keys tied from the previous note.
  var pendingTies: Set<Int> = []
  /// Open slurs: the source's slur id → MusicXML slur number (1–16).
  var slurNumbers: [Int: Int] = [:]
  /// The slur numbers open in the whole part: readers number slurs per part, so two
  /// voices' slurs open at once must not share one (MuseScore drops the second).
  let partSlurs: SlurNumbers
  /// The tuplets in force, innermost last, and how many notes each still covers.
  var tuplets: [(tuplet: Tuplet, left: Int)] = []
  /// Per verse: the last syllable ended with a hyphen, so the next one continues a word.
  var wordOpen: [Bool] = []
  /// The open hairpin and octave shift, so a second start first closes the first and a
  /// stop with nothing open is left out.
  var wedgeOpen = false
  var octaveShiftOpen = false

  init(member: PartPlan.Member, multiStaff: Bool, partSlurs: SlurNumbers = SlurNumbers()) {
    self.member = member
    self.multiStaff = multiStaff
    self.partSlurs = partSlurs
  }

  /// The tuplets a note or rest belongs to, outermost first, each with its MusicXML
  /// number and whether it starts or ends there; advances.
  mutating func nextTupletPositions() -> [TupletPosition] {
    guard !tuplets.isEmpty else { return [] }
    var positions: [TupletPosition] = []
    for level in tuplets.indices {
      let (tuplet, left) = tuplets[level]
      positions.append(
        TupletPosition(tuplet: tuplet, number: level + 1, isFirst: left == tuplet.r, isLast: left == 1))
      tuplets[level].left -= 1
    }
    tuplets.removeAll { $0.left <= 0 }
    if positions.count > 1 {
      for index in positions.indices { positions[index].isNested = true }
    }
    return positions
  }

  /// A free MusicXML number for the slur `id` starting now.
  mutating func openSlur(_ id: Int) -> Int {
    let number = (1...16).first { !partSlurs.open.contains($0) } ?? 16
    partSlurs.open.insert(number)
    slurNumbers[id] = number
    return number
  }

  /// The number of the open slur `id`, closing it; nil when it never opened.
  mutating func closeSlur(_ id: Int) -> Int? {
    guard let number = slurNumbers.removeValue(forKey: id) else { return nil }
    partSlurs.open.remove(number)
    return number
  }

  /// The `<syllabic>` of a verse's syllable, remembering whether the word goes on.
  mutating func syllabic(verse: Int, continuesWord: Bool) -> String {
    while wordOpen.count <= verse { wordOpen.append(false) }
    let open = wordOpen[verse]
    wordOpen[verse] = continuesWord
    switch (open, continuesWord) {
    case (false, false): return "single"
    case (false, true): return "begin"
    case (true, true): return "middle"
    case (true, false): return "end"
    }
  }
}

/// The slur numbers open in one part, shared by the part's voices as they are written.
final class SlurNumbers {
  var open = Set<Int>()
}

/// Where a note stands in one of the tuplets it belongs to.
struct TupletPosition {
  let tuplet: Tuplet
  /// The MusicXML `number`: 1 for the outermost tuplet.
  let number: Int
  let isFirst: Bool
  let isLast: Bool
  /// The note is in more than one tuplet: its `<time-modification>` is their product,
  /// so each `<tuplet>` says its own ratio.
  var isNested = false
}
