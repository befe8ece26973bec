import ScoreModel

/// Character classes the ABC grammar asks about.
extension Unicode.Scalar {
  /// The value of an ASCII digit, or nil.
  var asciiDigit: Int? {
    value >= 48 && value <= 57 ? Int(value - 48) : nil
  }

  /// True for ASCII letters.
  var isASCIILetter: Bool {
    (value >= 65 && value <= 90) || (value >= 97 && value <= 122)
  }

  /// True for spaces, tabs and other white space (ASCII answered without a table look-up).
  var isABCWhitespace: Bool {
    if value < 128 { return value == 32 || (value >= 9 && value <= 13) }
    return properties.isWhitespace
  }

  /// True for `a`–`z`.
  var isASCIILowercase: Bool { value >= 97 && value <= 122 }
}

/// A step from a note letter, without building a `Character`.
extension Step {
  /// The step of `A`–`G` or `a`–`g`; nil for other scalars.
  init?(abcLetter scalar: Unicode.Scalar) {
    // Only `A`–`G` (65–71) and `a`–`g` (97–103) land in 97...103 once bit 5 is set.
    switch scalar.value | 0x20 {
    case 97: self = .a
    case 98: self = .b
    case 99: self = .c
    case 100: self = .d
    case 101: self = .e
    case 102: self = .f
    case 103: self = .g
    default: return nil
    }
  }
}

/// Trimming without Foundation.
extension String {
  /// The string without leading and trailing whitespace.
  var trimmingWhitespace: String {
    let scalars = unicodeScalars
    guard let first = scalars.firstIndex(where: { !$0.isABCWhitespace }),
      let last = scalars.lastIndex(where: { !$0.isABCWhitespace })
    else { return "" }
    if first == scalars.startIndex && scalars.index(after: last) == scalars.endIndex { return self }
    return String(scalars[first...last])
  }
}
