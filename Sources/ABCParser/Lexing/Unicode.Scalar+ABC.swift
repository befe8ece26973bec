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

  /// True for the decoration shortcuts `.~HLMOPSTuv` and the other redefinable
  /// capitals up to `W` (user symbols, `U:`); `.` is left to the caller.
  var isDecorationShortcut: Bool {
    self == "~" || self == "u" || self == "v" || (value >= 72 && value <= 87)
  }
}

/// Trimming without Foundation.
extension String {
  /// The string without leading and trailing whitespace.
  var trimmingWhitespace: String {
    let scalars = Array(unicodeScalars)
    guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
      let last = scalars.lastIndex(where: { !$0.properties.isWhitespace })
    else { return "" }
    var view = String.UnicodeScalarView()
    view.append(contentsOf: scalars[first...last])
    return String(view)
  }
}
