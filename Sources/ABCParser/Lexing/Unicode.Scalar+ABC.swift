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
    let lower = scalar.value | 0x20
    guard lower >= 97, lower <= 103 else { return nil }
    // a b c d e f g are steps 5 6 0 1 2 3 4.
    self.init(rawValue: [5, 6, 0, 1, 2, 3, 4][Int(lower - 97)])
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
