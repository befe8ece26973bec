import ScoreModel

/*
 LocalMeters — a part in its own meter against the others' (MuseScore's local time
 signatures), read at the score's pace.

 Method. MuseScore lets a staff keep a meter of its own whose bar lasts as long as the
 score's: a piano in 9/8 under a voice in 3/4, its quavers played as triplets. Its MusicXML
 export writes each note's `<duration>` as notated, so read as written the part's bars are
 longer (or shorter) than the others' and the staves drift apart bar by bar. Before the
 parts are read, each measure's bar length is found in every part (from its `<time>`).
 Where they differ, the bar's real length is what a whole-bar rest in another meter lasts
 (MuseScore writes those in real time), else the last such evidence under the same meters,
 else the shortest meter. A part whose meter differs from it and whose notes fill its own
 meter exactly (the first voice's notes, as written) is read with every duration scaled by
 real / own — its notes keep their written values, as unbracketed tuplets, and its bar
 lines fall with the others'.

     voice 3/4:  G2 G ^F D |            piano 9/8: [CD] c' D c' D c' |  (9 quavers)
     scale for the piano: (3/4) / (9/8) = 2/3 — each quaver lasts 1/12

 Limits. Only bars whose meters differ in length are scaled; without a whole-bar rest to
 show the real bar, the shortest meter is taken for it; a
 `<backup>` is taken as written when it goes back exactly to the bar's start (MuseScore
 writes those in real time), else scaled; a whole-bar rest lasts the real bar and is
 written as its own meter's bar; a note whose `<duration>` is its `<type>`'s times the scale
 is already in real time (the rests MuseScore fills a voice with) and is not scaled again.
 */

/// Finds the measures of each part written in a longer meter of its own.
enum LocalMeters {
  /// Per part, the factor each of its measures' durations is scaled by (only those not 1),
  /// and the measures whose parts are in meters of different lengths.
  static func scales(of parts: [[XMLTree.Element]]) -> (scales: [[Int: Rational]], differing: Set<Int>) {
    let bars = parts.map(barLengths)
    var scales = [[Int: Rational]](repeating: [:], count: parts.count)
    var carried: (meters: [Rational?], real: Rational)?
    var differing = Set<Int>()
    let count = bars.map(\.count).max() ?? 0
    for measure in 0..<count {
      let own = bars.map { measure < $0.count ? $0[measure].meter : nil }
      guard let shortest = own.compactMap({ $0 }).min(), own.contains(where: { $0 != nil && $0 != shortest })
      else {
        carried = nil
        continue
      }
      differing.insert(measure)
      // The real bar: what a whole-bar rest in another meter lasts (MuseScore writes those
      // in real time), else what one showed earlier under the same meters, else the shortest.
      let evidence = bars.indices.lazy.compactMap { part -> Rational? in
        guard measure < bars[part].count, let rest = bars[part][measure].wholeBarRest, rest > .zero,
          rest != own[part]
        else {
          return nil
        }
        return rest
      }.first
      var real = shortest
      if let evidence {
        real = evidence
        carried = (own, evidence)
      } else if let carried, carried.meters == own {
        real = carried.real
      }
      for part in parts.indices {
        guard let length = own[part], length != real, bars[part][measure].filled == length else { continue }
        // Within a factor of four either way: anything further is not a local meter.
        let factor = real / length
        guard factor >= Rational(1, 4) && factor <= Rational(4) else { continue }
        scales[part][measure] = factor
      }
    }
    return (scales, differing)
  }

  /// Per measure of a part: the bar length its meter gives (nil without one), how long its
  /// first voice's notes are as written, and what a whole-bar rest in it lasts.
  private static func barLengths(
    _ measures: [XMLTree.Element]
  ) -> [(meter: Rational?, filled: Rational, wholeBarRest: Rational?)] {
    var divisions = 1
    var meter: Rational?
    var result: [(meter: Rational?, filled: Rational, wholeBarRest: Rational?)] = []
    for measure in measures {
      var filled = 0
      var voice: String?
      var wholeBarRest: Rational?
      for element in measure.children {
        switch element.name {
        case "attributes":
          if let value = element.childText("divisions").flatMap(Int.init), value > 0, value <= 1 << 20 {
            divisions = value
          }
          if let time = element.first("time"), let length = length(of: time) { meter = length }
        case "note" where !element.has("chord") && !element.has("grace"):
          guard let value = element.childText("duration").flatMap(Int.init), value >= 0, value <= 1 << 24
          else {
            continue
          }
          if element.first("rest")?.attribute("measure") == "yes" {
            wholeBarRest = Rational(value, divisions * 4)
          }
          let own = element.childText("voice") ?? "1"
          if voice == nil { voice = own }
          if own == voice { filled += value }
        default: break
        }
      }
      result.append((meter, Rational(min(filled, 1 << 30), divisions * 4), wholeBarRest))
    }
    return result
  }

  /// A `<time>`'s bar length: beats (`3+2` summed) over the beat type; nil when unreadable.
  private static func length(of time: XMLTree.Element) -> Rational? {
    guard let beats = time.childText("beats"), let type = time.childText("beat-type").flatMap(Int.init),
      [1, 2, 4, 8, 16, 32, 64].contains(type)
    else { return nil }
    let pieces = beats.split(separator: "+")
    let counts = pieces.compactMap { Int(String($0).trimmingSpaces) }.filter { (1...64).contains($0) }
    guard !counts.isEmpty, counts.count == pieces.count else { return nil }
    return Rational(counts.reduce(0, +), type)
  }
}
