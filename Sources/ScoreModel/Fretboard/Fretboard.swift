/*
 Fretboard — where a chord's notes lie on a fretted instrument, for chord diagrams.

 Method. A chord is looked up first in the player's own definitions (`%%chorddef`), then
 in a table of the shapes every player learns first (open chords, the usual barres), and
 otherwise found: for each position (the lowest fret of a four-fret window, 0 for open
 chords) every string takes a chord note in the window, an open string, or is not
 played; a shape must sound every note of the chord (a fifth may be left out of a chord of
 four or more notes), put the root (or a slash chord's bass) lowest on instruments tuned
 low to high, need at most four fingers (a barre counts one), and mute only low strings.
 The lowest-cost shape wins: low positions, open strings, few muted strings and a small
 stretch.

     guitar (E A D G B E) "C"  → x32010       ukulele (G C E A) "Am" → 2000
     mandolin (G D A E) "G"    → 0023         guitar "Bbm"           → x13321 (barre at 1)

 Limits. Standard tunings only; one shape per chord (no inversions offered); fingers are
 not numbered.
 */

/// A fretted instrument in standard tuning, for chord diagrams.
public enum FrettedInstrument: String, CaseIterable, Sendable {
  case guitar, ukulele, mandolin

  /// The open strings' keys (MIDI), the lowest-drawn string first (the left of a diagram).
  public var tuning: [Int] {
    switch self {
    case .guitar: [40, 45, 50, 55, 59, 64]
    case .ukulele: [67, 60, 64, 69]
    case .mandolin: [55, 62, 69, 76]
    }
  }

  /// Reads `guitar`, `ukulele`/`uke`, `mandolin`, or abc2svg's `1` (guitar).
  public init?(named name: String) {
    switch name.lowercased() {
    case "guitar", "1", "6": self = .guitar
    case "ukulele", "uke", "4": self = .ukulele
    case "mandolin": self = .mandolin
    default: return nil
    }
  }

  /// Whether a chord's root (or bass) must sound lowest, and only low strings go unplayed:
  /// a guitar's; a ukulele (re-entrant G) or a mandolin voices its chords as they fall.
  var wantsBassLowest: Bool { self == .guitar }

  /// The shapes players learn first, by usual chord name (root as written with `b` or `#`).
  var table: [String: String] {
    switch self {
    case .guitar:
      [
        "C": "x32010", "C7": "x32310", "Cmaj7": "x32000", "Cm": "x35543",
        "D": "xx0232", "Dm": "xx0231", "D7": "xx0212", "Dmaj7": "xx0222", "Dm7": "xx0211", "Dsus4": "xx0233",
        "Dsus2": "xx0230", "E": "022100", "Em": "022000", "E7": "020100", "Em7": "022030", "Emaj7": "021100",
        "Esus4": "022200", "F": "133211", "Fmaj7": "xx3210", "F7": "131211", "Fm": "133111",
        "G": "320003", "G7": "320001", "Gmaj7": "320002", "Gm": "355333", "A": "x02220", "Am": "x02210",
        "A7": "x02020", "Am7": "x02010", "Amaj7": "x02120", "Asus4": "x02230", "Asus2": "x02200",
        "B": "x24442", "Bm": "x24432", "B7": "x21202", "Bm7": "x20202", "Bb": "x13331",
      ]
    case .ukulele:
      [
        "C": "0003", "Cm": "0333", "C7": "0001", "Cmaj7": "0002", "D": "2220", "Dm": "2210", "D7": "2223",
        "E": "4442", "Em": "0432", "E7": "1202", "F": "2010", "Fm": "1013", "F7": "2313", "G": "0232",
        "Gm": "0231", "G7": "0212", "A": "2100", "Am": "2000", "A7": "0100", "Am7": "0000", "Bb": "3211",
        "B": "4322", "Bm": "4222", "B7": "2322",
      ]
    case .mandolin:
      ["G": "0023", "C": "0230", "D": "2002", "Am": "2235", "Em": "0220", "A": "2245", "E": "1224"]
    }
  }
}

/// A chord's shape on the strings: the fret each string is stopped at (0 open, nil not
/// played), the lowest-drawn string first.
public struct ChordFingering: Hashable, Sendable {
  public var frets: [Int?]

  public init(frets: [Int?]) { self.frets = frets }

  /// Reads `x32010` (a character a string) or, for frets past 9, `x 10 12 12 11 x`.
  public init?(_ text: String) {
    let parts =
      text.contains(" ")
      ? text.split(separator: " ").map(String.init) : text.map { String($0) }
    var frets: [Int?] = []
    for part in parts {
      if part.lowercased() == "x" {
        frets.append(nil)
      } else if let fret = Int(part), (0...24).contains(fret) {
        frets.append(fret)
      } else {
        return nil
      }
    }
    guard !frets.isEmpty, frets.count <= 12 else { return nil }
    self.frets = frets
  }

  /// The lowest stopped fret (1 when only open strings are played).
  public var lowestFret: Int { frets.compactMap { $0 }.filter { $0 > 0 }.min() ?? 1 }
  /// The highest stopped fret.
  public var highestFret: Int { frets.compactMap { $0 }.max() ?? 0 }

  /// The fret a diagram's top row stands for: 1 when the shape fits the first four frets
  /// (the nut is drawn), else its lowest fret (written beside the diagram).
  public var diagramStart: Int { highestFret <= 4 ? 1 : lowestFret }

  /// A barre: the fret and the strings one finger stops there, when several strings are
  /// stopped at the shape's lowest fret with none open between them and either the shape
  /// needs more than four fingers without it or it spans the sounding strings (F: 133211).
  public var barre: (fret: Int, from: Int, to: Int)? {
    let low = lowestFret
    let stopped = frets.indices.filter { frets[$0] == low }
    guard stopped.count >= 2, let first = stopped.first, let last = stopped.last,
      frets[first...last].allSatisfy({ ($0 ?? 0) >= low })
    else { return nil }
    let sounding = frets.indices.filter { frets[$0] != nil }
    let spansAll = sounding.first == first && sounding.last == last
    guard fingersNeeded(withBarre: false) > 4 || spansAll else { return nil }
    return (low, first, last)
  }

  /// Fingers the shape needs (a barre at the lowest fret counting one).
  func fingersNeeded(withBarre: Bool) -> Int {
    let stopped = frets.compactMap { $0 }.filter { $0 > 0 }
    guard withBarre else { return stopped.count }
    let low = lowestFret
    return stopped.filter { $0 != low }.count + (stopped.contains(low) ? 1 : 0)
  }
}

/// Finds the shape of a chord on an instrument.
public enum Fretboard {
  /// The shape: a definition of the player's own (by the symbol's text), the usual shape,
  /// or the best one found; nil when the instrument cannot sound the chord.
  public static func fingering(
    for text: String, on instrument: FrettedInstrument, definitions: [String: ChordFingering] = [:]
  ) -> ChordFingering? {
    if let own = definitions[text], own.frets.count == instrument.tuning.count { return own }
    guard let symbol = ChordSymbol(text) else { return nil }
    let tones = ChordTones(symbol)
    if let shape = instrument.table[tableName(symbol, tones)].flatMap(ChordFingering.init),
      symbol.bass == nil
    {
      return shape
    }
    return search(tones, on: instrument)
  }

  /// The table's name of a chord: root (sharps for C♯ F♯ G♯, flats for E♭ A♭ B♭) and quality.
  static func tableName(_ symbol: ChordSymbol, _ tones: ChordTones) -> String {
    let names = ["C", "C#", "D", "Eb", "E", "F", "F#", "G", "Ab", "A", "Bb", "B"]
    return names[symbol.rootPitchClass] + tones.quality
  }

  /// The lowest-cost playable shape (see the essay above).
  static func search(_ tones: ChordTones, on instrument: FrettedInstrument) -> ChordFingering? {
    let tuning = instrument.tuning
    let wanted = Set(tones.pitchClasses)
    // A fifth may be left out of a chord of four or more notes.
    let fifth = (tones.root + 7) % 12
    let needed = wanted.count >= 4 && tones.intervals.contains(7) ? wanted.subtracting([fifth]) : wanted
    var best: (cost: Double, frets: [Int?])?
    for position in 0...9 {
      let window = position == 0 ? 1...4 : position...(position + 3)
      // Each string's choices: a chord note in the window, open, or (low strings) muted.
      let choices: [[Int?]] = tuning.enumerated().map { index, open in
        var options: [Int?] = []
        if wanted.contains(open % 12) && position <= 1 { options.append(0) }
        for fret in window where wanted.contains((open + fret) % 12) { options.append(fret) }
        if !instrument.wantsBassLowest || index < tuning.count / 2 { options.append(nil) }
        return options
      }
      var current: [Int?] = []
      func visit(_ string: Int) {
        if string == tuning.count {
          if let cost = cost(
            current, tones: tones, needed: needed, instrument: instrument, position: position),
            best.map({ cost < $0.cost }) ?? true
          {
            best = (cost, current)
          }
          return
        }
        for option in choices[string] {
          // Strings left unplayed are the lowest ones, below every sounding string.
          if option == nil && instrument.wantsBassLowest && current.contains(where: { $0 != nil }) {
            continue
          }
          current.append(option)
          visit(string + 1)
          current.removeLast()
        }
      }
      visit(0)
    }
    return best.map { ChordFingering(frets: $0.frets) }
  }

  /// A shape's cost, or nil when it cannot be played or does not sound the chord.
  static func cost(
    _ frets: [Int?], tones: ChordTones, needed: Set<Int>, instrument: FrettedInstrument, position: Int
  ) -> Double? {
    let tuning = instrument.tuning
    var sounding: [(key: Int, string: Int)] = []
    for (string, fret) in frets.enumerated() {
      if let fret { sounding.append((tuning[string] + fret, string)) }
    }
    guard sounding.count >= min(3, tuning.count) else { return nil }
    let classes = Set(sounding.map { $0.key % 12 })
    guard needed.isSubset(of: classes) else { return nil }
    if instrument.wantsBassLowest, let lowest = sounding.min(by: { $0.key < $1.key }),
      lowest.key % 12 != tones.bass
    {
      return nil
    }
    let shape = ChordFingering(frets: frets)
    let stopped = frets.compactMap { $0 }.filter { $0 > 0 }
    let span = (stopped.max() ?? 0) - (stopped.min() ?? 0)
    guard span <= 3 else { return nil }
    let fingers =
      shape.barre != nil
      ? min(shape.fingersNeeded(withBarre: false), shape.fingersNeeded(withBarre: true))
      : shape.fingersNeeded(withBarre: false)
    guard fingers <= 4 else { return nil }
    let muted = frets.filter { $0 == nil }.count
    let open = frets.filter { $0 == 0 }.count
    return Double(position) * 2 + Double(span) + Double(muted) * 1.5 - Double(open) * 0.3
      + Double(fingers) * 0.4 + (classes.count < Set(tones.pitchClasses).count ? 1 : 0)
  }
}
