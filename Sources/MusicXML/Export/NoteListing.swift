import ScoreModel

/// The sounding notes of a tune as its MusicXML export holds them, one line each, for
/// comparing with what another program reads back (`abcpress dump --notes`).
///
/// A line is `part voice onset duration key`: the part (from 1) and `<voice>` number the
/// export gives the voice, onset and duration in quarter notes as reduced fractions, and
/// the written MIDI key. Tied notes are one line (the tie chain's onset and total
/// length, a tie into another voice's note included), as readers merge them; rests, grace notes and cue notes (silent) have none.
/// Lines are sorted.
///
/// Example: `K:C\nC2- C2 [EG]` with `L:1/8` gives `1 1 0 1 60`, `1 1 1 1/2 64`, `1 1 1 1/2 67`.
public enum NoteListing {
  public static func lines(for tune: Tune) -> [String] {
    let plan = PartPlan(tune: tune)
    var lines: [String] = []
    for (partIndex, part) in plan.parts.enumerated() {
      for member in part.members {
        var notes: [(onset: Rational, duration: Rational, key: Int)] = []
        var open: [Int: Int] = [:]  // tied key → index in notes
        var onset = Rational.zero
        for element in tune.voices[member.voice].elements {
          switch element {
          case .note(let note):
            var next: [Int: Int] = [:]
            // A head that continues another voice's tie sounds in that voice's note, which
            // is held into it and through the heads tied on from it (open at -1).
            for head in note.heads where !head.isCue {
              if head.continuesTie || open[head.midiKey] == -1 {
                if head.isTiedToNext { next[head.midiKey] = -1 }
                continue
              }
              let length = note.duration + note.heldBeyond(of: head)
              let index: Int
              if let tied = open[head.midiKey] {
                notes[tied].duration = notes[tied].duration + length
                index = tied
              } else {
                notes.append((onset, length, head.midiKey))
                index = notes.count - 1
              }
              if head.tiesWithinVoice { next[head.midiKey] = index }
            }
            open = next
          case .rest:
            open = [:]
          default:
            break
          }
          onset = onset + element.duration
        }
        for note in notes {
          lines.append(
            "\(partIndex + 1) \(member.number) \(quarters(note.onset)) \(quarters(note.duration)) \(note.key)"
          )
        }
      }
    }
    return lines.sorted()
  }

  /// The lyric syllables of a tune, one line each: `lyric part onset verse text` (the part
  /// as in `lines(for:)`, the onset of the note in quarter notes, the verse from 1, the
  /// syllable as printed without its hyphen or extender), sorted as `lines(for:)` is.
  public static func lyricLines(for tune: Tune) -> [String] {
    let plan = PartPlan(tune: tune)
    var lines: [String] = []
    for (partIndex, part) in plan.parts.enumerated() {
      for member in part.members {
        var onset = Rational.zero
        for element in tune.voices[member.voice].elements {
          if case .note(let note) = element {
            for (verse, syllable) in note.lyrics.enumerated() {
              guard let syllable, !syllable.text.isEmpty else { continue }
              lines.append("lyric \(partIndex + 1) \(quarters(onset)) \(verse + 1) \(syllable.text)")
            }
          }
          onset = onset + element.duration
        }
      }
    }
    return lines.sorted()
  }

  /// A length in quarter notes: `3`, `1/2`, `7/3`.
  static func quarters(_ value: Rational) -> String {
    let quarters = value * Rational(4)
    return quarters.denominator == 1
      ? "\(quarters.numerator)" : "\(quarters.numerator)/\(quarters.denominator)"
  }
}
