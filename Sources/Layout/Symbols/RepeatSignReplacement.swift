import DisplayList
import ScoreModel

/*
 RepeatSignReplacement — abcm2ps's `%%repeat`: written-out music drawn as repeat signs.

 Method. The source writes the repeated music in full (so it plays); from the element the
 directive stands before, `SymbolBuilder` hands each note and rest to this state instead of
 drawing it. A measure repeat gives, at each bar line, one symbol for the bar just read:
 the one-bar sign (numbered 3, 4 … from the third playing, as abcm2ps does), or for a two-bar repeat the sign
 centred on the bar line between the pair and nothing in the second bar. A sequence
 repeat gives one slash for every N notes.

     | A B c d | %%repeat 1 2 | A B c d | A B c d |   →   | A B c d | 𝄎 | 𝄎³ |

 Limits. Marks, chord symbols and lyrics of the replaced notes are not drawn (the sign
 stands for the music); a sequence stops at a bar line.
 */

/// How a repeat sign is drawn in place of a rest.
enum RepeatSignShape: Hashable {
  /// The one-bar sign, with its number above from the third playing on.
  case bar(number: Int?)
  /// The two-bar sign, centred on the next bar line.
  case twoBars
  /// A slash standing for a group of notes.
  case slash
}

/// The state of a `%%repeat` while its music is read.
struct RepeatSignReplacement {
  let sign: RepeatSign
  /// Bars (measure repeats) or groups (sequences) finished.
  var done = 0
  /// Where the bar or group being replaced began.
  var start: Rational
  /// Notes read in the current group of a sequence.
  var notes = 0
  /// Where the first note the current sign stands for is written.
  var firstSource: SourcePosition?

  init(sign: RepeatSign, start: Rational) {
    self.sign = sign
    self.start = start
  }

  /// True once every bar or group has been replaced.
  var isFinished: Bool { done >= sign.times * (sign.repeatsBars ? sign.count : 1) }

  /// Takes a note or rest ending at `end`; returns a slash symbol's rest when it completes
  /// a group of a sequence.
  mutating func absorb(endingAt end: Rational) -> RestSymbol? {
    guard !sign.repeatsBars else { return nil }
    notes += 1
    guard notes == sign.count else { return nil }
    defer { (notes, start, done) = (0, end, done + 1) }
    return Self.rest(.slash, duration: end - start)
  }

  /// A bar line at `end`: the replaced bar's symbol (nil for a sequence cut short with no
  /// notes, or an empty bar).
  mutating func closeBar(at end: Rational) -> RestSymbol? {
    let duration = end - start
    start = end
    guard duration > .zero else { return nil }
    if !sign.repeatsBars {
      done = sign.times  // A sequence ends at a bar line.
      return notes > 0 ? Self.rest(.slash, duration: duration) : nil
    }
    defer { done += 1 }
    if sign.count == 2 {
      var rest = Self.rest(.twoBars, duration: duration)
      rest.isVisible = done % 2 == 0
      return rest
    }
    // As abcm2ps counts them: the second playing is plain, the third and later numbered.
    return Self.rest(.bar(number: done >= 1 ? done + 2 : nil), duration: duration)
  }

  static func rest(_ shape: RepeatSignShape, duration: Rational) -> RestSymbol {
    var rest = RestSymbol(value: NoteValue(duration: Rational(1)), duration: duration, isVisible: true)
    rest.repeatSign = shape
    rest.isWholeBar = shape != .slash
    return rest
  }
}
