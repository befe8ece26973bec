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
  /// The tuplet in force and how many of its notes are still to come.
  var tuplet: Tuplet?
  var tupletLeft = 0
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

  /// The tuplet a note or rest belongs to, and whether it starts or ends it; advances.
  mutating func nextTupletPosition() -> (tuplet: Tuplet, isFirst: Bool, isLast: Bool)? {
    guard let tuplet, tupletLeft > 0 else { return nil }
    let position = (tuplet, tupletLeft == tuplet.r, tupletLeft == 1)
    tupletLeft -= 1
    if tupletLeft == 0 { self.tuplet = nil }
    return position
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
