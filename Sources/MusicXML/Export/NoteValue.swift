import ScoreModel

/// A written note value as MusicXML names it: a type (`quarter`, `16th`) and dots.
struct NoteValue: Equatable {
  /// Powers of two from a long (4 whole notes) down, with their MusicXML type names.
  static let types: [(Rational, String)] = [
    (Rational(4), "long"), (Rational(2), "breve"), (Rational(1), "whole"), (Rational(1, 2), "half"),
    (Rational(1, 4), "quarter"), (Rational(1, 8), "eighth"), (Rational(1, 16), "16th"),
    (Rational(1, 32), "32nd"), (Rational(1, 64), "64th"), (Rational(1, 128), "128th"),
    (Rational(1, 256), "256th"), (Rational(1, 512), "512th"), (Rational(1, 1024), "1024th"),
  ]

  var base: Rational
  var type: String
  var dots: Int

  /// The written length, base and dots together.
  var length: Rational {
    var total = base
    var part = base
    for _ in 0..<dots {
      part = part / Rational(2)
      total = total + part
    }
    return total
  }

  /// Beams (or flags) the value has: 1 for a quaver, 2 for a semiquaver.
  var beamCount: Int { base.flagCount }

  /// The value written exactly as `length` with up to three dots; nil when there is none.
  init?(exactly length: Rational) {
    for (base, type) in Self.types where base <= length {
      for dots in 0...3 {
        let value = NoteValue(base: base, type: type, dots: dots)
        if value.length == length {
          self = value
          return
        }
        if value.length > length { break }
      }
    }
    return nil
  }

  init(base: Rational, type: String, dots: Int) {
    self.base = base
    self.type = type
    self.dots = dots
  }

  /// `length` as tied values, longest first (`5/8` → half + eighth); empty when it has
  /// no finite binary form (a `1/3` written outside a tuplet).
  static func pieces(of length: Rational) -> [NoteValue] {
    if let exact = NoteValue(exactly: length) { return [exact] }
    guard length.denominator & (length.denominator - 1) == 0, length > .zero else { return [] }
    var pieces: [NoteValue] = []
    var rest = length
    while rest > .zero, pieces.count < 16 {
      guard let (base, type) = types.first(where: { $0.0 <= rest }) else { return [] }
      var value = NoteValue(base: base, type: type, dots: 0)
      while value.dots < 3, NoteValue(base: base, type: type, dots: value.dots + 1).length <= rest {
        value.dots += 1
      }
      pieces.append(value)
      rest = rest - value.length
    }
    return rest == .zero ? pieces : []
  }
}
